import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The local stack's brute-force protection on `POST /api/auth/login` (docs/accounts.md "Abuse"):
 * failed sign-ins are counted per account (the e-mail) and per address (the client IP); past the limit
 * the next attempts are refused with a 429 and Retry-After, before the identity service is asked, until
 * the block ends. A success clears the account's count. In the cloud this is Cognito's own protection
 * (its lockout after repeated failed sign-ins, on every feature plan) plus API Gateway's throttling.
 *
 * Only failures count, so a user who signs in now and then is never slowed; an attacker trying
 * passwords on one account is stopped after `perAccount` tries, and one trying one password on many
 * accounts after `perAddress`.
 */
export interface SignInLimits {
  perAccount: { failures: number; windowSeconds: number; blockSeconds: number };
  perAddress: { failures: number; windowSeconds: number; blockSeconds: number };
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { failures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  perAddress: { failures: 50, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
};

export type SignInDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInLimiter {
  check: (account: string, address: string) => Promise<SignInDecision>;
  recordFailure: (account: string, address: string) => Promise<void>;
  recordSuccess: (account: string) => Promise<void>;
}

const limiterOf = (limit: SignInLimits['perAccount'], keyPrefix: string) =>
  new RateLimiterMemory({
    keyPrefix,
    points: limit.failures,
    duration: limit.windowSeconds,
    blockDuration: limit.blockSeconds,
  });

const secondsOf = (milliseconds: number) => Math.max(1, Math.ceil(milliseconds / 1000));

export function createSignInLimiter(limits: SignInLimits = SIGN_IN_LIMITS): SignInLimiter {
  const byAccount = limiterOf(limits.perAccount, 'sign-in-account');
  const byAddress = limiterOf(limits.perAddress, 'sign-in-address');
  const accountKey = (account: string) => account.trim().toLowerCase();

  /** Consumed points past the limit, or a block, refuse; `get` does not consume. */
  const refusal = async (limiter: RateLimiterMemory, key: string, limit: number) => {
    const state = await limiter.get(key);
    if (!state || state.consumedPoints < limit) return null;
    return secondsOf(state.msBeforeNext);
  };

  return {
    async check(account, address) {
      const waits = await Promise.all([
        refusal(byAccount, accountKey(account), limits.perAccount.failures),
        refusal(byAddress, address, limits.perAddress.failures),
      ]);
      const wait = Math.max(0, ...waits.map((seconds) => seconds ?? 0));
      return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
    },
    async recordFailure(account, address) {
      // The failure that reaches the limit starts the block (rate-limiter-flexible's own blockDuration
      // only starts on the attempt after it, which this limiter never lets through).
      const count = async (limiter: RateLimiterMemory, key: string, limit: SignInLimits['perAccount']) => {
        const state = await limiter.consume(key).catch((refused: unknown) => {
          if (refused instanceof RateLimiterRes) return refused;
          throw refused;
        });
        if (state.consumedPoints >= limit.failures) await limiter.block(key, limit.blockSeconds);
      };
      await count(byAccount, accountKey(account), limits.perAccount);
      await count(byAddress, address, limits.perAddress);
    },
    async recordSuccess(account) {
      await byAccount.delete(accountKey(account));
    },
  };
}
