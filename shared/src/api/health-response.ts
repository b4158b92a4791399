import * as z from 'zod';

/** The answer of an area's plain health route (public, auth, admin). */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.string(),
  version: z.string(),
  time: z.string(),
});
