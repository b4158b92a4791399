import type { Bar, IsoDate, Quote, SymbolInfo } from '../engine/types';

/**
 * Where the app gets prices. The default, offline implementation replays real history
 * (`ReplayPriceProvider`); a live implementation for the cloud (e.g. a yahoo-finance2 adapter with
 * timeouts, retries, a circuit breaker and a stale fallback) will implement the same interface.
 */
export interface PriceProvider {
  /** Latest quote; with `asOf`, the quote of the last bar on or before that date. */
  getLatestQuote(symbol: string, asOf?: IsoDate): Promise<Quote>;
  /** Bars with from <= date <= to, ascending. */
  getDailyBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
  listSymbols(): Promise<SymbolInfo[]>;
}

export class UnknownSymbolError extends Error {
  readonly symbol: string;
  constructor(symbol: string, knownSymbols: readonly string[]) {
    super(`Unknown symbol '${symbol}'. Symbols with price data: ${knownSymbols.join(', ')}.`);
    this.name = 'UnknownSymbolError';
    this.symbol = symbol;
  }
}

export class NoPriceBeforeDateError extends Error {
  constructor(symbol: string, asOf: IsoDate, firstDate: IsoDate) {
    super(`No price for '${symbol}' on or before ${asOf}: its data starts on ${firstDate}.`);
    this.name = 'NoPriceBeforeDateError';
  }
}
