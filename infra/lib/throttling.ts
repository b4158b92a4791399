import type { RateClass } from '@app/shared/api';

export interface RateLimit {
  /** Steady-state requests per second. */
  readonly rate: number;
  /** Requests allowed in a burst above the steady rate. */
  readonly burst: number;
}

/**
 * Request limits per contract rate class. API Gateway applies them per route (all callers together);
 * the local stack's limiter reads the same numbers per caller, so a test against the local stack sees
 * the limit the cloud enforces. Analysis routes are the most expensive per call (indicator maths), so
 * they get the tightest limit; reads are cheap and cached by the sites.
 */
export const RATE_LIMITS: Readonly<Record<RateClass, RateLimit>> = {
  read: { rate: 50, burst: 100 },
  write: { rate: 10, burst: 20 },
  analysis: { rate: 5, burst: 10 },
};

/** Default for the whole stage: the ceiling no route exceeds, and the limit for any route not listed. */
export const STAGE_RATE_LIMIT: RateLimit = { rate: 100, burst: 200 };
