import { LRUCache } from 'lru-cache';
import type { PricesRepository } from '../data/prices-repository';
import type { StoredBar } from '../data/stored-prices';
import type { SeriesRepository, SeriesState } from '../data/series-repository';
import { barOnOrBefore, MAX_BAR_AGE_DAYS } from '../engine/market-dates';
import { findLastIndexOnOrBefore } from '../engine/point-in-time';
import type { Bar, IsoDate, SourceQuote, SeriesSource, SymbolInfo } from '../engine/types';
import { quoteFromStored } from './engine-mappers';
import type { PriceProvider } from './price-provider';
import { NoDataOnDateError, NoStoredPriceError, UnknownSymbolError } from './provider-errors';
import { UNCONFIRMED_MOVE } from './quality/bar-validation';
import { assessStaleness } from './quality/series-quality';

/*
 * The one read path of prices, in live and in replay mode alike: the stored market the ingestion
 * worker fills (infra/README.md "The stored market"). Nothing here calls a provider.
 *
 * - The universe is every tracked series with a stored price (status active).
 * - A quote is the stored one; whether it is stale is decided now, from the series' market calendar
 *   (a live price that missed a session reads stale; a replayed one never does). When the provider is
 *   down, this is how the last good price is served: as stored, marked stale, never invented.
 * - Bars waiting for their second read (UNCONFIRMED_MOVE) are left out of what the engine analyses.
 * - Reads are cached briefly (the ingestion worker writes at most every few minutes per symbol), by
 *   symbol and whole calendar years: the store keeps a year of bars in one item, and one price poll
 *   asks for four or five ranges of each symbol (its quote, its analysis window, its score history,
 *   the next market day's grade) that all lie in the same two years.
 */

export interface StoredMarketProviderOptions {
  prices: Pick<PricesRepository, 'getQuote' | 'getStoredBars'>;
  series: Pick<SeriesRepository, 'listSeries' | 'getSeries'>;
  now: () => Date;
  /** What only the series' provider knows: where its numbers come from, its ticker, its columns. */
  describe: (state: SeriesState) => SeriesDescription;
  cacheMs?: number;
  /**
   * Replay: the market clock's date. A quote asked for without a date is the one on it, and a series
   * shows its last bar on or before a date only when at most three days old (README.md "The market
   * clock"); otherwise it has no data on that date.
   */
  replayDate?: () => IsoDate;
}

export interface SeriesDescription {
  source: SeriesSource;
  /** The exchange ticker (a replay window such as AAPL-2007 is a window of AAPL). */
  ticker: string;
  has_ohlc: boolean;
  has_volume: boolean;
  category?: string | null;
  dividend_adjusted?: boolean;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** A symbol's bars of whole calendar years, `fromYear` to `toYear` ('2016'). */
interface CachedYears extends Cached<Bar[]> {
  fromYear: string;
  toYear: string;
}

/** Symbols whose years are kept at once: the replayed universe has 570 (about 35 MB of bars). */
const CACHED_SYMBOLS = 1_000;

const toEngineBar = (bar: StoredBar): Bar => {
  const engineBar: Bar = { date: bar.date, close: bar.close };
  if (bar.open !== undefined) engineBar.open = bar.open;
  if (bar.high !== undefined) engineBar.high = bar.high;
  if (bar.low !== undefined) engineBar.low = bar.low;
  if (bar.volume !== undefined) engineBar.volume = bar.volume;
  return engineBar;
};

export class StoredMarketProvider implements PriceProvider {
  private readonly options: StoredMarketProviderOptions;
  private readonly cacheMs: number;
  private series: Cached<SeriesState[]> | null = null;
  private readonly years = new LRUCache<string, CachedYears>({ max: CACHED_SYMBOLS });

  constructor(options: StoredMarketProviderOptions) {
    this.options = options;
    this.cacheMs = options.cacheMs ?? 10_000;
  }

  private fresh<T>(entry: Cached<T> | null | undefined): entry is Cached<T> {
    return !!entry && Date.now() - entry.at < this.cacheMs;
  }

  private trackedSeries(): Promise<SeriesState[]> {
    if (!this.fresh(this.series)) {
      const value = this.options.series.listSeries();
      this.series = { at: Date.now(), value };
      value.catch(() => (this.series = null));
    }
    return this.series.value;
  }

  private async stateOf(symbol: string): Promise<SeriesState> {
    const wanted = symbol.toUpperCase();
    const all = await this.trackedSeries();
    let state = all.find((entry) => entry.symbol.toUpperCase() === wanted);
    // Not in the cached listing, or pending there: an on-demand backfill may have stored it since.
    if (!state || state.status === 'pending') state = (await this.options.series.getSeries(wanted)) ?? state;
    if (!state || state.status === 'unknown' || state.status === 'delisted') {
      throw new UnknownSymbolError(
        symbol,
        all.filter((entry) => entry.status === 'active').map((entry) => entry.symbol),
      );
    }
    return state;
  }

  async getLatestQuote(symbol: string, asOf?: IsoDate): Promise<SourceQuote> {
    const state = await this.stateOf(symbol);
    const date = asOf ?? this.options.replayDate?.();
    if (date !== undefined) return this.quoteAsOf(state, date);
    const stored = await this.options.prices.getQuote(state.symbol);
    if (!stored) throw new NoStoredPriceError(state.symbol, state.status);
    const stale =
      stored.mode === 'live' && assessStaleness(state.calendar, stored.as_of, this.options.now()).stale;
    return { ...quoteFromStored(stored), stale };
  }

  private async quoteAsOf(state: SeriesState, asOf: IsoDate): Promise<SourceQuote> {
    const from = new Date(Date.parse(`${asOf}T00:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 10);
    const bars = await this.getDailyBars(state.symbol, from, asOf);
    const found = this.options.replayDate
      ? barOnOrBefore(bars, asOf, MAX_BAR_AGE_DAYS)
      : { index: findLastIndexOnOrBefore(bars, asOf) };
    const index = found?.index ?? -1;
    const bar = bars[index];
    if (!bar) {
      throw new NoDataOnDateError(state.symbol, asOf, state.first_date ?? asOf, state.last_date ?? asOf);
    }
    const previous = bars[index - 1];
    const round = (value: number) => Math.round(value * 1e6) / 1e6;
    return {
      symbol: state.symbol,
      price: bar.close,
      as_of: bar.date,
      market_date: asOf,
      previous_close: previous ? previous.close : null,
      change: previous ? round(bar.close - previous.close) : null,
      change_percent: previous ? round(((bar.close - previous.close) / previous.close) * 100) : null,
      ...(bar.volume === undefined ? {} : { volume: bar.volume }),
      source: this.options.describe(state).source.origin,
      mode: state.mode,
      // Asked for a date: stale when the bar is more than 5 calendar days older (a long weekend, a holiday).
      stale: Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${bar.date}T00:00:00Z`) > 5 * 86_400_000,
    };
  }

  async getDailyBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]> {
    if (from > to) return [];
    const toYear = to.slice(0, 4);
    // The year before comes with the first read: a quote's three weeks are followed by the analysis
    // window's 400 days (ANALYSIS_HISTORY_DAYS), which reach into it.
    const yearBefore = String(Number(toYear) - 1);
    const fromYear = from.slice(0, 4) < yearBefore ? from.slice(0, 4) : yearBefore;
    const bars = await this.yearsOf(symbol.toUpperCase(), fromYear, toYear);
    return bars.filter((bar) => bar.date >= from && bar.date <= to);
  }

  /** The symbol's bars of whole years covering `fromYear`..`toYear`: a cached span is widened, not replaced by a narrower one. */
  private yearsOf(symbol: string, fromYear: string, toYear: string): Promise<Bar[]> {
    const cached = this.years.get(symbol);
    const fresh = this.fresh(cached) ? cached : undefined;
    if (fresh && fresh.fromYear <= fromYear && fresh.toYear >= toYear) return fresh.value;
    const span = {
      fromYear: fresh && fresh.fromYear < fromYear ? fresh.fromYear : fromYear,
      toYear: fresh && fresh.toYear > toYear ? fresh.toYear : toYear,
    };
    const value = this.options.prices
      .getStoredBars(symbol, `${span.fromYear}-01-01`, `${span.toYear}-12-31`)
      .then((bars) => bars.filter((bar) => !bar.flags?.includes(UNCONFIRMED_MOVE)).map(toEngineBar));
    const entry: CachedYears = { at: Date.now(), value, ...span };
    this.years.set(symbol, entry);
    value.catch(() => {
      if (this.years.get(symbol) === entry) this.years.delete(symbol);
    });
    return value;
  }

  private infoOf(state: SeriesState): SymbolInfo {
    return {
      symbol: state.symbol,
      name: state.name,
      asset_type: state.asset_type,
      frequency: 'daily' as const,
      first_date: state.first_date ?? '',
      last_date: state.last_date ?? '',
      ...this.options.describe(state),
    };
  }

  async listSymbols(): Promise<SymbolInfo[]> {
    return (await this.trackedSeries())
      .filter((state) => state.status === 'active' && state.as_of !== null)
      .sort((a, b) => a.symbol.localeCompare(b.symbol))
      .map((state) => this.infoOf(state));
  }

  async describeStored(symbol: string): Promise<SymbolInfo | null> {
    const state = await this.options.series.getSeries(symbol.toUpperCase());
    return state && state.status === 'active' && state.as_of !== null ? this.infoOf(state) : null;
  }
}
