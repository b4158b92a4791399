/*
 * Retries with exponential backoff and full jitter: before retry n (1-based) wait a uniformly random
 * time in [0, min(maxDelayMs, baseDelayMs x 2^(n-1))). Full jitter spreads the retries of many
 * callers so they do not hit a recovering source in lock-step.
 */

export interface RetryOptions {
  /** Total attempts including the first. Default 3. */
  attempts?: number;
  /** Default 250 ms. */
  baseDelayMs?: number;
  /** Default 4 000 ms. */
  maxDelayMs?: number;
  /** Whether an error is worth another attempt (timeouts, 429, 5xx, network errors). */
  isRetryable: (error: unknown) => boolean;
  /** Injected so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected so tests are deterministic; defaults to Math.random (jitter only, never data). */
  random?: () => number;
}

export const DEFAULT_RETRY_ATTEMPTS = 3;
export const DEFAULT_BASE_DELAY_MS = 250;
export const DEFAULT_MAX_DELAY_MS = 4_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function computeBackoffDelay(
  retry: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: number,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random * ceiling);
}

export async function retryWithBackoff<T>(
  work: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_RETRY_ATTEMPTS;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error: unknown) {
      lastError = error;
      if (attempt === attempts || !options.isRetryable(error)) throw error;
      await sleep(
        computeBackoffDelay(
          attempt,
          options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
          options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
          random(),
        ),
      );
    }
  }
  throw lastError;
}
