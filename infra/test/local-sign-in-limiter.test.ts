import { describe, expect, it } from 'vitest';
import { createSignInLimiter } from '../local/sign-in-limiter';

const LIMITS = {
  perAccount: { failures: 3, windowSeconds: 600, blockSeconds: 900 },
  perAddress: { failures: 5, windowSeconds: 3600, blockSeconds: 1800 },
};

describe('the sign-in limiter', () => {
  it('locks an account after its failures, whatever the address, and says for how long', async () => {
    const limiter = createSignInLimiter(LIMITS);
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      await limiter.recordFailure('A@x.test', address);

    const decision = await limiter.check('a@x.test', '10.0.0.9');

    expect(decision.allowed).toBe(false);
    // The block started with the third failure: 900 s, minus the milliseconds this test took.
    expect(decision.allowed ? 0 : decision.retryAfterSeconds).toBeGreaterThan(890);
    expect(decision.allowed ? 0 : decision.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(await limiter.check('b@x.test', '10.0.0.9')).toEqual({ allowed: true });
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const limiter = createSignInLimiter(LIMITS);
    await limiter.recordFailure('a@x.test', '10.0.0.1');
    await limiter.recordFailure('a@x.test', '10.0.0.1');
    await limiter.recordSuccess('a@x.test');
    await limiter.recordFailure('a@x.test', '10.0.0.1');

    expect(await limiter.check('a@x.test', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('locks an address trying one password on many accounts', async () => {
    const limiter = createSignInLimiter(LIMITS);
    for (let index = 0; index < 5; index += 1) await limiter.recordFailure(`user${index}@x.test`, '10.0.0.7');

    expect((await limiter.check('fresh@x.test', '10.0.0.7')).allowed).toBe(false);
    expect(await limiter.check('fresh@x.test', '10.0.0.8')).toEqual({ allowed: true });
  });
});
