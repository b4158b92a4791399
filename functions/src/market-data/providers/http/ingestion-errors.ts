import { ProviderUnavailableError, SymbolNotListedError } from '../../provider-errors';
import { CircuitOpenError } from './circuit-breaker';
import {
  fetchProviderJson,
  ProviderHttpError,
  type FetchJsonOptions,
  type ProviderRequestGuard,
} from './fetch-json';

/**
 * A provider's HTTP failure as one of the two errors the ingestion worker acts on: a 404 (or 400) for
 * the instrument is "not listed"; everything else is "unavailable for now" (throttled with its
 * Retry-After, circuit open, refused, failing).
 */
export function toIngestionError(provider: string, symbol: string, error: unknown): Error {
  if (error instanceof CircuitOpenError) {
    return new ProviderUnavailableError(
      provider,
      Math.max(0, error.retryAtMs - Date.now()),
      'circuit-open',
      error.message,
    );
  }
  if (error instanceof ProviderHttpError) {
    if (error.status === 429)
      return new ProviderUnavailableError(provider, error.retryAfterMs, 'throttled', error.message);
    if (error.status === 404 || error.status === 400) {
      return new SymbolNotListedError(provider, symbol, 'unknown', error.message);
    }
    if (error.status < 500) return new ProviderUnavailableError(provider, null, 'refused', error.message);
  }
  return new ProviderUnavailableError(
    provider,
    null,
    'failing',
    error instanceof Error ? error.message : String(error),
  );
}

/** What an ingestion provider's requests are built with: its guard and transport knobs. */
export interface ProviderClientOptions {
  guard: ProviderRequestGuard;
  timeoutMs?: number;
  attempts?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * One JSON GET of an ingestion provider (fetch-json.ts), its failures as the two errors the worker
 * acts on (`subject`: the symbol or document asked for).
 */
export async function getProviderJson(
  provider: string,
  subject: string,
  url: string,
  client: ProviderClientOptions,
  request: Pick<FetchJsonOptions, 'timeoutMs' | 'headers' | 'bodyStatuses' | 'responseFormat'>,
): Promise<unknown> {
  try {
    const answer = await fetchProviderJson(url, {
      ...request,
      guard: client.guard,
      timeoutMs: client.timeoutMs ?? request.timeoutMs,
      attempts: client.attempts ?? 3,
      ...(client.fetch ? { fetch: client.fetch } : {}),
      ...(client.sleep ? { sleep: client.sleep } : {}),
      ...(client.random ? { random: client.random } : {}),
    });
    return answer.body;
  } catch (error: unknown) {
    throw toIngestionError(provider, subject, error);
  }
}
