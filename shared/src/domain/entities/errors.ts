import * as z from 'zod';
import { TierSchema } from '../enums';

/**
 * A message's parameters as an error body carries them: values as given (numbers, ISO dates, codes of
 * closed vocabularies), and nested messages one level deep. A site renders `message_code` with these
 * in its own language (docs/messages.md); `error` is the same text rendered by the server.
 */
const WireValueSchema = z.union([z.string(), z.number()]);
const WireMessageSchema = z.object({ code: z.string(), params: z.record(z.string(), WireValueSchema) });
export const MessageParamsSchema = z.record(
  z.string(),
  z.union([WireValueSchema, WireMessageSchema, z.array(WireMessageSchema)]),
);
export type WireMessageParams = z.infer<typeof MessageParamsSchema>;

/** The one error body every API error uses. */
export const ApiErrorSchema = z.object({
  error: z.string().describe("the message in the caller's language (Accept-Language: en, fr, es)"),
  code: z.string().describe('the machine category, e.g. VALIDATION_FAILED, QUOTA_EXCEEDED'),
  message_code: z
    .string()
    .describe('what happened, a code of the shared message catalogue, e.g. PORTFOLIO_HOLDING_NOT_FOUND'),
  params: MessageParamsSchema.describe("the message's parameters"),
  issues: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        message_code: z.string(),
        params: MessageParamsSchema,
      }),
    )
    .optional()
    .describe('one entry per bad field, each naming the field'),
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
