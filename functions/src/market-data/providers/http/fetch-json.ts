import { computeBackoffDelay } from './retry';
import { missedSendDeadline, sendDeadlineInit, type SendWindow } from './send-deadline';

/*
 * One JSON GET of a market-data provider, the way every live provider does it:
 *
 * - before each attempt the provider's guard reserves a rate-limit slot (shared by every worker) and
 *   refuses while the provider's circuit breaker is open; after it, the guard records the outcome;
 * - a timeout per attempt (AbortController);
 * - 429 waits for Retry-After (seconds or an HTTP date) or the backoff, whichever is longer; 5xx,
 *   timeouts, network errors and a body that is not JSON (a truncated answer) back off exponentially
 *   with full jitter: before retry n, a random wait in [0, min(maxDelayMs, baseDelayMs x 2^(n-1)));
 * - a Retry-After longer than `maxRetryAfterMs` is not waited for here: the error carries it, and
 *   the queue hands the message back for later;
 * - other 4xx fail at once (retrying a 403 or 404 only adds load), except the statuses a provider
 *   answers with a JSON body it wants parsed (Yahoo's 404 "Not Found" chart); 401 and 403 count
 *   against the breaker (the source refuses us), other 4xx do not (the source is up).
 */

/**
 * What the guard learns of each attempt. `answered` proves the source up (e.g. "no such symbol");
 * `unsent`: the request missed `MAX_MISSED_SEND_WINDOWS` send windows in a row, nothing reached the
 * provider (a worker starved of CPU, not a failing source).
 */
export type AttemptOutcome = 'answered' | 'throttled' | 'failed' | 'unsent';

/**
 * Send windows one request may miss in a row (each re-ask reserves a shared slot, a table write)
 * before the attempt counts as failed: the usual backoff and retries, then the message's, apply.
 */
export const MAX_MISSED_SEND_WINDOWS = 5;

export interface ProviderRequestGuard {
  /**
   * Resolves when a request may go out, with the window it must be written in; rejects
   * (CircuitOpenError) while the provider is left alone. `missed`: the window this same request was
   * handed just before and was not sent in; whatever that window held (the breaker's one trial)
   * goes to the new one.
   */
  beforeRequest(missed?: SendWindow): Promise<SendWindow | void>;
  /** `window`: the one the attempt was made in; only the trial's own window settles the trial. */
  afterAttempt(outcome: AttemptOutcome, window?: SendWindow | void): Promise<void>;
}

/** A guard that lets everything through (unit tests, one-off scripts). */
export const OPEN_GUARD: ProviderRequestGuard = {
  beforeRequest: async () => undefined,
  afterAttempt: async () => undefined,
};

export class ProviderHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    /** From Retry-After, when the answer had one. */
    readonly retryAfterMs: number | null,
  ) {
    super(`GET ${url} answered ${status}${retryAfterMs === null ? '' : ` (retry after ${retryAfterMs} ms)`}`);
    this.name = 'ProviderHttpError';
  }
}

export class ProviderTimeoutError extends Error {
  constructor(
    readonly url: string,
    timeoutMs: number,
  ) {
    super(`GET ${url} gave no answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/** The answer was not JSON (cut short, or an HTML error page). */
export class ProviderMalformedError extends Error {
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(`GET ${url} answered something that is not JSON: ${detail}`);
    this.name = 'ProviderMalformedError';
  }
}

export interface FetchJsonOptions {
  guard: ProviderRequestGuard;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Total attempts including the first. Default 3. */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest Retry-After waited for inside one call. Default 10 s. */
  maxRetryAfterMs?: number;
  /** Non-2xx statuses whose JSON body is the answer (Yahoo's 404 for an unknown symbol). */
  bodyStatuses?: readonly number[];
  /** 'text' answers the body as it came (an HTML filing), under the same guard and retries. */
  responseFormat?: 'json' | 'text';
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export function isRetryableProviderError(error: unknown): boolean {
  if (error instanceof ProviderHttpError) return error.status === 429 || error.status >= 500;
  // Timeouts, answers cut short, requests never sent, and network failures (fetch rejects with a
  // TypeError).
  return (
    missedSendDeadline(error) ||
    error instanceof ProviderTimeoutError ||
    error instanceof ProviderMalformedError ||
    error instanceof TypeError
  );
}

/**
 * 401 and 403 say the source refuses us (a blocked address range, a missing User-Agent): they count
 * against the breaker like failures. Other 4xx are answers about the request (no such symbol).
 */
function outcomeOf(error: unknown): AttemptOutcome {
  if (missedSendDeadline(error)) return 'unsent';
  if (error instanceof ProviderHttpError) {
    if (error.status === 429) return 'throttled';
    if (error.status >= 500 || error.status === 401 || error.status === 403) return 'failed';
    return 'answered';
  }
  return 'failed';
}

async function attemptOnce(
  url: string,
  options: FetchJsonOptions,
  window: SendWindow | void,
): Promise<JsonAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const deadline = window ? sendDeadlineInit(window) : {};
  try {
    const response = await (options.fetch ?? fetch)(url, {
      ...deadline,
      headers: {
        accept:
          options.responseFormat === 'text' ? 'text/html, text/plain;q=0.9, */*;q=0.5' : 'application/json',
        ...options.headers,
      },
      signal: controller.signal,
    });
    const bodyIsAnswer = response.ok || (options.bodyStatuses ?? []).includes(response.status);
    if (!bodyIsAnswer) {
      // Drain the body so the connection is reused; its content is not the answer.
      await response.arrayBuffer().catch(() => undefined);
      const now = (options.now ?? Date.now)();
      throw new ProviderHttpError(
        url,
        response.status,
        parseRetryAfter(response.headers.get('retry-after'), now),
      );
    }
    const text = await response.text();
    if (options.responseFormat === 'text') return { status: response.status, body: text };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch (error: unknown) {
      throw new ProviderMalformedError(url, error instanceof Error ? error.message : String(error));
    }
  } catch (error: unknown) {
    if (controller.signal.aborted) throw new ProviderTimeoutError(url, options.timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export async function fetchProviderJson(url: string, options: FetchJsonOptions): Promise<JsonAnswer> {
  const attempts = options.attempts ?? 3;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  let missed: SendWindow | undefined;
  let missedInARow = 0;
  for (let attempt = 1; ; attempt += 1) {
    const window = await options.guard.beforeRequest(missed);
    missed = undefined;
    try {
      const answer = await attemptOnce(url, options, window);
      await options.guard.afterAttempt('answered', window);
      return answer;
    } catch (error: unknown) {
      if (missedSendDeadline(error) && window) {
        missedInARow += 1;
        if (missedInARow < MAX_MISSED_SEND_WINDOWS) {
          // Not sent: not an attempt, nothing for the guard to count; it gives out another window.
          missed = window;
          attempt -= 1;
          continue;
        }
      }
      missedInARow = 0;
      await options.guard.afterAttempt(outcomeOf(error), window);
      const retryable = isRetryableProviderError(error);
      if (!retryable || attempt >= attempts) throw error;
      const backoff = computeBackoffDelay(
        attempt,
        options.baseDelayMs ?? 500,
        options.maxDelayMs ?? 8_000,
        random(),
      );
      const retryAfter = error instanceof ProviderHttpError ? (error.retryAfterMs ?? 0) : 0;
      if (retryAfter > (options.maxRetryAfterMs ?? 10_000)) throw error;
      await sleep(Math.max(backoff, retryAfter));
    }
  }
}
