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
 * clock's rule, engine/market-clock.ts): "no data on <date>", never a price of another period.
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

/** The live source failed and nothing was stored to fall back on. */
export class LiveSourceUnavailableError extends Error {
  constructor(
    readonly symbol: string,
    cause: unknown,
  ) {
    super(
      `No price for '${symbol}': the live source failed (${cause instanceof Error ? cause.message : String(cause)}) and no quote is stored.`,
    );
    this.name = 'LiveSourceUnavailableError';
  }
}
