import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../local/rate-limiter';

describe('createRateLimiter', () => {
  it('allows the burst, refuses the next with a Retry-After, and refills at the rate', () => {
    let now = 0;
    const limiter = createRateLimiter({
      limits: {
        read: { rate: 50, burst: 100 },
        write: { rate: 10, burst: 20 },
        analysis: { rate: 5, burst: 10 },
      },
      now: () => now,
    });

    const burst = Array.from({ length: 20 }, () => limiter.take('user:a', 'write'));
    const refused = limiter.take('user:a', 'write');
    now += 100; // one token back at 10 per second
    const afterRefill = limiter.take('user:a', 'write');

    expect(burst.every((decision) => decision.allowed)).toBe(true);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(afterRefill).toEqual({ allowed: true });
  });

  it('keeps a bucket per caller and per class, and never limits reads', () => {
    const limiter = createRateLimiter({ now: () => 0 });

    for (let call = 0; call < 10; call += 1) limiter.take('ip:1', 'analysis');
    const sameCaller = limiter.take('ip:1', 'analysis');
    const otherCaller = limiter.take('ip:2', 'analysis');
    const otherClass = limiter.take('ip:1', 'write');
    const reads = Array.from({ length: 1000 }, () => limiter.take('ip:1', 'read'));

    expect(sameCaller.allowed).toBe(false);
    expect(otherCaller.allowed).toBe(true);
    expect(otherClass.allowed).toBe(true);
    expect(reads.every((decision) => decision.allowed)).toBe(true);
  });
});
