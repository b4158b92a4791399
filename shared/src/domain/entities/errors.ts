import * as z from 'zod';
import { TierSchema } from '../enums';

/** The one error body every API error uses. */
export const ApiErrorSchema = z.object({
  error: z.string().describe('a human-readable message'),
  code: z.string().describe('a stable machine code, e.g. VALIDATION_FAILED, QUOTA_EXCEEDED'),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('one entry per bad field'),
  detail: z
    .union([
      z.string(),
      z.object({
        upgrade_message: z.string(),
        required_tier: TierSchema.nullable(),
        user_tier: TierSchema,
      }),
    ])
    .optional(),
  request_id: z.string().optional(),
  retry_after_seconds: z.number().int().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
