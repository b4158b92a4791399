import type { AssetType, Bar, Frequency, IsoDate, SeriesSource } from '../engine/types';

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

export interface Quote {
  symbol: string;
  price: number;
  /** Date of the bar the price belongs to. */
  as_of: IsoDate;
  /** Null on the first bar of a series. */
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  volume?: number;
  /** Only from sources with extended-hours prices; daily bars have none. */
  after_hours_price?: number;
  /**
   * Replay of OHLC series: the real gap to the next bar's open, (next open - close) / close x 100,
   * the closest real thing to a pre-market move daily data holds. Omitted for close-only series and
   * on the last bar of a window.
   */
  premarket_change?: number;
  /** The trading date whose pre-market `premarket_change` describes. */
  premarket_date?: IsoDate;
  source: string;
  /** 'replay' for historical replay, 'live' for a live feed; the UI labels replayed prices. */
  mode: 'replay' | 'live';
  /** True when the price is older than the requested date allows (see provider docs). */
  stale: boolean;
}

export interface SymbolInfo {
  symbol: string;
  ticker: string;
  name: string;
  asset_type: AssetType;
  frequency: Frequency;
  has_ohlc: boolean;
  has_volume: boolean;
  first_date: IsoDate;
  last_date: IsoDate;
  source: SeriesSource;
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
