import type { RateClass } from '@app/shared/api';
import { RATE_LIMITS, type RateLimit } from '../lib/throttling';

/**
 * The local stack's stand-in for API Gateway route throttling: a token bucket per caller and rate
 * class, with the same numbers as the CDK stage (`infra/lib/throttling.ts` RATE_LIMITS).
 *
 * One honest difference: API Gateway throttles a route for all callers together (and per account),
 * while this limiter keys a bucket by caller (the verified user's sub, else the client IP). In the
 * cloud one noisy user can use up a route's budget for everyone; locally each caller gets the whole
 * budget. A test against the local stack therefore proves that a single caller is refused with a 429
 * and a Retry-After at the cloud's numbers, not how the cloud shares a route between callers.
 *
 * Only the 'write' and 'analysis' classes are limited: the read routes are cheap, cached by the sites,
 * and read-heavy tests must not be throttled.
 */

export const LIMITED_RATE_CLASSES: readonly RateClass[] = ['write', 'analysis'];

/** Beyond this many buckets, full (idle) ones are dropped so a flood of callers cannot grow memory. */
const MAX_BUCKETS = 10_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one token for this caller and class; says when to retry when none is left. */
  take: (callerKey: string, rateClass: RateClass) => RateDecision;
}

export interface RateLimiterOptions {
  limits?: Readonly<Record<RateClass, RateLimit>>;
  classes?: readonly RateClass[];
  /** Milliseconds, monotonic; injected by unit tests. */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limits = options.limits ?? RATE_LIMITS;
  const classes = new Set(options.classes ?? LIMITED_RATE_CLASSES);
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, limit: RateLimit, at: number) => {
    const elapsedSeconds = Math.max(0, at - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(limit.burst, bucket.tokens + elapsedSeconds * limit.rate);
    bucket.updatedAt = at;
  };

  const dropIdleBuckets = (at: number) => {
    for (const [key, bucket] of buckets) {
      const limit = limits[key.slice(0, key.indexOf(' ')) as RateClass];
      refill(bucket, limit, at);
      if (bucket.tokens >= limit.burst) buckets.delete(key);
    }
  };

  return {
    take(callerKey, rateClass) {
      if (!classes.has(rateClass)) return { allowed: true };
      const limit = limits[rateClass];
      const at = now();
      const key = `${rateClass} ${callerKey}`;
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= MAX_BUCKETS) dropIdleBuckets(at);
        bucket = { tokens: limit.burst, updatedAt: at };
        buckets.set(key, bucket);
      }
      refill(bucket, limit, at);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      // Whole seconds, at least 1: the time until one token is back.
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate)) };
    },
  };
}
