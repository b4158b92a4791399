import { ProviderUnavailableError, SymbolNotListedError } from '../../provider-errors';
import { CircuitOpenError } from './circuit-breaker';
import { ProviderHttpError } from './fetch-json';

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
