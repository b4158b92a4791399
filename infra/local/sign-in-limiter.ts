import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * The local stack's brute-force protection on `POST /api/auth/login` (docs/accounts.md "Abuse"): slow-down,
 * never a lock the owner cannot get past.
 *
 * - Per account: failed sign-ins are counted in a window. Up to `perAccount.freeFailures`, nothing is
 *   slowed. Past it, each client (the client IP) that already failed on the account waits before its
 *   next try, 1, 2, 4... seconds after its last failure, doubling with its own failures past the free
 *   ones, up to `perAccount.maxDelaySeconds`. A client that has not failed on the account (the owner on
 *   their own device) is never slowed by the others' failures, so the right password still signs in.
 * - Per client IP, over every account: a stricter budget, `perAddress.freeFailures` an hour, then the
 *   same doubling up to `perAddress.maxDelaySeconds` (one client trying one password on many accounts).
 * - When an account reaches its free failures, `onRepeatedFailures` is called once for that window (the
 *   owner is told by mail, in their language).
 *
 * Waiting clients get a 429 with Retry-After before the identity service is asked. A success forgets
 * that client's failures on the account. In the cloud this is Cognito's own protection plus API
 * Gateway's throttling.
 */
export interface SignInLimits {
  perAccount: { freeFailures: number; windowSeconds: number; maxDelaySeconds: number };
  perAddress: { freeFailures: number; windowSeconds: number; maxDelaySeconds: number };
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { freeFailures: 5, windowSeconds: 15 * 60, maxDelaySeconds: 60 },
  perAddress: { freeFailures: 20, windowSeconds: 60 * 60, maxDelaySeconds: 15 * 60 },
};

export type SignInDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInLimiter {
  check: (account: string, address: string) => Promise<SignInDecision>;
  recordFailure: (account: string, address: string) => Promise<void>;
  recordSuccess: (account: string, address: string) => Promise<void>;
}

export interface SignInLimiterOptions {
  limits?: SignInLimits;
  now?: () => number;
  /** Called once per window when an account reaches its free failures (with the failures counted). */
  onRepeatedFailures?: (account: string, failures: number) => void;
}

/** 1, 2, 4... seconds for the 1st, 2nd, 3rd... failure past the free ones, capped. */
export function delaySeconds(failures: number, freeFailures: number, maxDelaySeconds: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, 2 ** Math.min(30, failures - freeFailures));
}

/** A failure counter per key over a window, with the time of the key's last failure. */
function failureCounter(windowSeconds: number, keyPrefix: string) {
  const counts = new RateLimiterMemory({
    keyPrefix,
    points: Number.MAX_SAFE_INTEGER,
    duration: windowSeconds,
  });
  const lastFailureAt = new Map<string, number>();
  return {
    async failures(key: string): Promise<number> {
      return (await counts.get(key))?.consumedPoints ?? 0;
    },
    async add(key: string, at: number): Promise<number> {
      lastFailureAt.set(key, at);
      return (await counts.consume(key)).consumedPoints;
    },
    lastFailureAt: (key: string) => lastFailureAt.get(key) ?? 0,
    async forget(key: string): Promise<void> {
      lastFailureAt.delete(key);
      await counts.delete(key);
    },
  };
}

export function createSignInLimiter(options: SignInLimiterOptions = {}): SignInLimiter {
  const limits = options.limits ?? SIGN_IN_LIMITS;
  const now = options.now ?? Date.now;
  const byAccount = failureCounter(limits.perAccount.windowSeconds, 'sign-in-account');
  const byClientOnAccount = failureCounter(limits.perAccount.windowSeconds, 'sign-in-client-account');
  const byAddress = failureCounter(limits.perAddress.windowSeconds, 'sign-in-address');
  const accountKey = (account: string) => account.trim().toLowerCase();
  const pairKey = (account: string, address: string) => `${accountKey(account)}|${address}`;

  /** Seconds left of a wait of `delay` seconds since the key's last failure. */
  const left = (counter: ReturnType<typeof failureCounter>, key: string, delay: number) =>
    delay === 0 ? 0 : Math.max(0, Math.ceil((counter.lastFailureAt(key) + delay * 1000 - now()) / 1000));

  return {
    async check(account, address) {
      const pair = pairKey(account, address);
      const [accountFailures, clientFailures, addressFailures] = await Promise.all([
        byAccount.failures(accountKey(account)),
        byClientOnAccount.failures(pair),
        byAddress.failures(address),
      ]);
      const { perAccount, perAddress } = limits;
      // This client's own failures on the account set its pace, once the account is past its free ones.
      const accountDelay =
        accountFailures >= perAccount.freeFailures && clientFailures > 0
          ? delaySeconds(
              Math.max(clientFailures, perAccount.freeFailures),
              perAccount.freeFailures,
              perAccount.maxDelaySeconds,
            )
          : 0;
      const addressDelay = delaySeconds(addressFailures, perAddress.freeFailures, perAddress.maxDelaySeconds);
      const wait = Math.max(
        left(byClientOnAccount, pair, accountDelay),
        left(byAddress, address, addressDelay),
      );
      return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
    },
    async recordFailure(account, address) {
      const at = now();
      const [accountFailures] = await Promise.all([
        byAccount.add(accountKey(account), at),
        byClientOnAccount.add(pairKey(account, address), at),
        byAddress.add(address, at),
      ]);
      if (accountFailures === limits.perAccount.freeFailures)
        options.onRepeatedFailures?.(accountKey(account), accountFailures);
    },
    async recordSuccess(account, address) {
      await byClientOnAccount.forget(pairKey(account, address));
    },
  };
}
