import type { MarketClock } from './market-clock';
import type { PriceProvider } from '../../price-provider';
import { NoPriceBeforeDateError, UnknownSymbolError } from '../../provider-errors';
import type { Quote, SymbolInfo, Bar, IsoDate, PriceSeries } from '../../../engine/types';
import { findLastIndexOnOrBefore } from '../../../engine/point-in-time';

export interface ReplayPriceProviderOptions {
  /** Daily series to serve (monthly series are not quoted: their "previous close" is a month old). */
  series: readonly PriceSeries[];
  clock: MarketClock;
  now: () => Date;
  /**
   * A quote for an explicit `asOf` is stale when its bar is more than this many calendar days
   * older (covers weekends and holidays of stock series). Default 5.
   */
  staleAfterDays?: number;
}

const DAY_MS = 86_400_000;

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Replays real historical series. Without `asOf`, the market clock picks each series' current bar,
 * so the quote of every symbol moves over time and always lies within that series' own window.
 */
export class ReplayPriceProvider implements PriceProvider {
  private readonly seriesBySymbol: Map<string, PriceSeries>;
  private readonly clock: MarketClock;
  private readonly now: () => Date;
  private readonly staleAfterDays: number;

  constructor(options: ReplayPriceProviderOptions) {
    this.seriesBySymbol = new Map(options.series.map((series) => [series.id, series]));
    this.clock = options.clock;
    this.now = options.now;
    this.staleAfterDays = options.staleAfterDays ?? 5;
  }

  private getSeries(symbol: string): PriceSeries {
    const series = this.seriesBySymbol.get(symbol) ?? this.seriesBySymbol.get(symbol.toUpperCase());
    if (!series) throw new UnknownSymbolError(symbol, [...this.seriesBySymbol.keys()]);
    return series;
  }

  /** The replay date a series is at now. */
  getReplayDate(symbol: string): IsoDate {
    const series = this.getSeries(symbol);
    return series.bars[this.clock.getReplayIndex(series.bars.length, this.now())]?.date ?? '';
  }

  async getLatestQuote(symbol: string, asOf?: IsoDate): Promise<Quote> {
    const series = this.getSeries(symbol);
    const { bars } = series;
    const index =
      asOf === undefined
        ? this.clock.getReplayIndex(bars.length, this.now())
        : findLastIndexOnOrBefore(bars, asOf);
    const bar = bars[index];
    if (!bar) throw new NoPriceBeforeDateError(series.id, asOf ?? '', bars[0]?.date ?? '');
    const previous = bars[index - 1];
    const next = bars[index + 1];
    const quote: Quote = {
      symbol: series.id,
      price: bar.close,
      as_of: bar.date,
      previous_close: previous ? previous.close : null,
      change: previous ? roundTo(bar.close - previous.close, 6) : null,
      change_percent: previous ? roundTo(((bar.close - previous.close) / previous.close) * 100, 6) : null,
      source: `replay:${series.source.package}/${series.source.file}`,
      mode: 'replay',
      stale: asOf !== undefined && daysBetween(bar.date, asOf) > this.staleAfterDays,
    };
    if (bar.volume !== undefined) quote.volume = bar.volume;
    if (series.has_ohlc && next?.open !== undefined) {
      quote.premarket_change = roundTo(((next.open - bar.close) / bar.close) * 100, 6);
      quote.premarket_date = next.date;
    }
    return quote;
  }

  async getDailyBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]> {
    return this.getSeries(symbol).bars.filter((bar) => bar.date >= from && bar.date <= to);
  }

  async listSymbols(): Promise<SymbolInfo[]> {
    return [...this.seriesBySymbol.values()].map((series) => ({
      symbol: series.id,
      ticker: series.ticker,
      name: series.display_name,
      asset_type: series.asset_type,
      frequency: series.frequency,
      has_ohlc: series.has_ohlc,
      has_volume: series.has_volume,
      first_date: series.bars[0]?.date ?? '',
      last_date: series.bars.at(-1)?.date ?? '',
      source: series.source,
    }));
  }
}
