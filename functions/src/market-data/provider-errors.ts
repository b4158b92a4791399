import type { IsoDate } from '../engine/types';

/*
 * The errors a price provider may throw that its callers act on (market-data/engine-mappers.ts turns
 * them into HTTP answers). A provider's own failures (HTTP status, timeouts, malformed answers) stay
 * inside its folder and surface as one of these.
 */

export class UnknownSymbolError extends Error {
  readonly symbol: string;
  constructor(
    symbol: string,
    readonly knownSymbols: readonly string[],
  ) {
    super(`Unknown symbol '${symbol}'. Symbols with price data: ${knownSymbols.join(', ')}.`);
    this.name = 'UnknownSymbolError';
    this.symbol = symbol;
  }
}

/**
 * A series has no bar on the date asked for, nor one at most three days before it (the market
 * clock's rule, engine/market-dates.ts): "no data on <date>", never a price of another period.
 */
export class NoDataOnDateError extends Error {
  constructor(
    readonly symbol: string,
    readonly date: IsoDate,
    readonly firstDate: IsoDate,
    readonly lastDate: IsoDate,
  ) {
    super(`No data for '${symbol}' on ${date}: its series runs from ${firstDate} to ${lastDate}.`);
    this.name = 'NoDataOnDateError';
  }
}

/** A tracked symbol whose first fetch has not stored a price yet. */
export class NoStoredPriceError extends Error {
  constructor(
    readonly symbol: string,
    readonly status: string,
  ) {
    super(`No price is stored for '${symbol}' yet: its data is being fetched (${status}).`);
    this.name = 'NoStoredPriceError';
  }
}

/*
 * Errors of the ingestion path (market-data/ingestion/): every provider folder turns its own failures
 * into one of these two, so the worker decides without knowing the provider.
 */

/** The provider has no data for this symbol (`unknown`), or no longer has (`delisted`): it is not fetched again. */
export class SymbolNotListedError extends Error {
  constructor(
    readonly provider: string,
    readonly symbol: string,
    readonly reason: 'unknown' | 'delisted',
    detail: string,
  ) {
    super(`${provider} lists no '${symbol}' (${reason}): ${detail}`);
    this.name = 'SymbolNotListedError';
  }
}

/**
 * The provider cannot answer now (throttled, failing, timing out, its breaker open): try again later;
 * meanwhile the last stored data stands, marked stale when its calendar says so.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    /** The provider asked us to wait this long (Retry-After), when it said. */
    readonly retryAfterMs: number | null,
    readonly kind: 'throttled' | 'failing' | 'circuit-open' | 'refused',
    detail: string,
  ) {
    super(`${provider} is unavailable (${kind}): ${detail}`);
    this.name = 'ProviderUnavailableError';
  }
}
