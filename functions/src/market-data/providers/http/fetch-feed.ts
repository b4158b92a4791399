import { retryWithBackoff } from './retry';
import type { RateLimiter } from './rate-limiter';

/*
 * One HTTP GET of a feed document, the way every news adapter does it: a rate-limit slot first, a
 * descriptive User-Agent (SEC EDGAR refuses requests without one), a timeout per attempt, and
 * retries with exponential backoff on timeouts, network errors, 429 and 5xx. Other statuses fail
 * at once: retrying a 403 or 404 only adds load.
 */

export class FeedHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`GET ${url} answered ${status}`);
    this.name = 'FeedHttpError';
  }
}

export class FeedTimeoutError extends Error {
  constructor(
    readonly url: string,
    timeoutMs: number,
  ) {
    super(`GET ${url} timed out after ${timeoutMs} ms`);
    this.name = 'FeedTimeoutError';
  }
}

export interface FetchFeedOptions {
  userAgent: string;
  timeoutMs: number;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export function isRetryableFeedError(error: unknown): boolean {
  if (error instanceof FeedHttpError) return error.status === 429 || error.status >= 500;
  // Timeouts and network failures (fetch rejects with a TypeError).
  return error instanceof FeedTimeoutError || error instanceof TypeError;
}

export async function fetchFeedText(url: string, options: FetchFeedOptions): Promise<string> {
  const fetchImpl = options.fetch ?? fetch;
  return retryWithBackoff(
    async () => {
      await options.limiter.acquire();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const response = await fetchImpl(url, {
          headers: {
            'User-Agent': options.userAgent,
            Accept:
              'application/atom+xml, application/rss+xml, application/xml, application/json;q=0.9, */*;q=0.5',
          },
          signal: controller.signal,
        });
        if (!response.ok) throw new FeedHttpError(url, response.status);
        return await response.text();
      } catch (error: unknown) {
        if (controller.signal.aborted) throw new FeedTimeoutError(url, options.timeoutMs);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    {
      attempts: options.attempts ?? 3,
      baseDelayMs: 500,
      maxDelayMs: 4_000,
      isRetryable: isRetryableFeedError,
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.random ? { random: options.random } : {}),
    },
  );
}
