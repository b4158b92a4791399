import type { MarketClock } from '../../market-clock';
import type { PriceProvider } from '../../price-provider';
import { NoDataOnDateError, UnknownSymbolError } from '../../provider-errors';
import type { Quote, SymbolInfo, Bar, IsoDate, PriceSeries } from '../../../engine/types';
import { barOnOrBefore } from '../../../engine/market-clock';

export interface ReplayPriceProviderOptions {
  /** Daily series to serve (monthly series are not quoted: their "previous close" is a month old). */
  series: readonly PriceSeries[];
  clock: MarketClock;
  now: () => Date;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Replays real historical series on one market clock (README.md "The market clock"): every symbol
 * is quoted at the same date, the clock's (or `asOf`), from its last bar on or before that date when
 * at most three days old; otherwise it has no data on that date (`NoDataOnDateError`), never a
 * price of another period.
 */
export class ReplayPriceProvider implements PriceProvider {
  private readonly seriesBySymbol: Map<string, PriceSeries>;
  private readonly clock: MarketClock;
  private readonly now: () => Date;

  constructor(options: ReplayPriceProviderOptions) {
    this.seriesBySymbol = new Map(options.series.map((series) => [series.id, series]));
    this.clock = options.clock;
    this.now = options.now;
  }

  private getSeries(symbol: string): PriceSeries {
    const series = this.seriesBySymbol.get(symbol) ?? this.seriesBySymbol.get(symbol.toUpperCase());
    if (!series) throw new UnknownSymbolError(symbol, [...this.seriesBySymbol.keys()]);
    return series;
  }

  async getLatestQuote(symbol: string, asOf?: IsoDate): Promise<Quote> {
    const series = this.getSeries(symbol);
    const { bars } = series;
    const marketDate = asOf ?? this.clock.at(this.now()).date;
    const found = barOnOrBefore(bars, marketDate);
    if (!found)
      throw new NoDataOnDateError(series.id, marketDate, bars[0]?.date ?? '', bars.at(-1)?.date ?? '');
    const { bar, index } = found;
    const previous = bars[index - 1];
    const quote: Quote = {
      symbol: series.id,
      price: bar.close,
      as_of: bar.date,
      market_date: marketDate,
      previous_close: previous ? previous.close : null,
      change: previous ? roundTo(bar.close - previous.close, 6) : null,
      change_percent: previous ? roundTo(((bar.close - previous.close) / previous.close) * 100, 6) : null,
      source: `replay:${series.source.package}/${series.source.file}`,
      mode: 'replay',
      stale: false,
    };
    if (bar.volume !== undefined) quote.volume = bar.volume;
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
