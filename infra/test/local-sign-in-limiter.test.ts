import { describe, expect, it } from 'vitest';
import { createSignInLimiter, delaySeconds } from '../local/sign-in-limiter';

const LIMITS = {
  perAccount: { freeFailures: 3, windowSeconds: 600, maxDelaySeconds: 8 },
  perAddress: { freeFailures: 5, windowSeconds: 3600, maxDelaySeconds: 1800 },
};

/** A limiter on a clock the test moves by hand. */
function limiterAt(start = 1_000_000) {
  let now = start;
  const notified: [string, number][] = [];
  const limiter = createSignInLimiter({
    limits: LIMITS,
    now: () => now,
    onRepeatedFailures: (account, failures) => notified.push([account, failures]),
  });
  return { limiter, notified, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('the sign-in limiter', () => {
  it('doubles the wait 1, 2, 4 s past the free failures, capped', () => {
    // Free failures 3, cap 8 s: the 3rd failure asks 1 s, then 2, 4, 8, 8.
    expect([2, 3, 4, 5, 6, 7].map((failures) => delaySeconds(failures, 3, 8))).toEqual([0, 1, 2, 4, 8, 8]);
  });

  it('slows the client that failed on the account past its free failures, with Retry-After counted from its last failure', async () => {
    const { limiter, advance } = limiterAt();
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.recordFailure('A@x.test', '10.0.0.1');

    const rightAway = await limiter.check('a@x.test', '10.0.0.1');
    advance(1);
    const afterOneSecond = await limiter.check('a@x.test', '10.0.0.1');
    await limiter.recordFailure('a@x.test', '10.0.0.1');
    const afterFourth = await limiter.check('a@x.test', '10.0.0.1');

    expect(rightAway).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(afterOneSecond).toEqual({ allowed: true });
    expect(afterFourth).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('never slows the owner on another address, however many failures the account has', async () => {
    const { limiter } = limiterAt();
    for (let attempt = 0; attempt < 10; attempt += 1) await limiter.recordFailure('a@x.test', '10.0.0.1');

    expect(await limiter.check('a@x.test', '10.0.0.2')).toEqual({ allowed: true });
    expect((await limiter.check('a@x.test', '10.0.0.1')).allowed).toBe(false);
  });

  it('forgets a client’s failures on the account after its successful sign-in', async () => {
    const { limiter } = limiterAt();
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.recordFailure('a@x.test', '10.0.0.1');
    await limiter.recordSuccess('a@x.test', '10.0.0.1');

    expect(await limiter.check('a@x.test', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('slows an address trying passwords on many accounts past its own budget', async () => {
    const { limiter } = limiterAt();
    for (let index = 0; index < 5; index += 1) await limiter.recordFailure(`user${index}@x.test`, '10.0.0.7');

    expect(await limiter.check('fresh@x.test', '10.0.0.7')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.check('fresh@x.test', '10.0.0.8')).toEqual({ allowed: true });
  });

  it('tells the owner once per window, when the account reaches its free failures', async () => {
    const { limiter, notified } = limiterAt();
    for (let attempt = 0; attempt < 6; attempt += 1)
      await limiter.recordFailure('A@x.test', `10.0.0.${attempt}`);

    expect(notified).toEqual([['a@x.test', 3]]);
  });
});
