import type { AssetClass, MarketCalendarName } from '../../../data/series-repository';
import { isFxSymbol } from '../../../engine/fx-rates';
import type { AssetType, Bar, PriceSeries, SeriesSource } from '../../../engine/types';
import { loadAllPriceSeries } from './load-price-series';
import {
  loadUsDailyBars,
  readUsDailyManifest,
  toUsDailyPriceSeries,
  type UsDailyEntry,
  type UsDailyOptions,
} from './load-us-daily';

/*
 * What the replay provider serves (README.md "The replay provider"): the packaged daily series (the
 * S&P 500 index, Bitcoin, six FX pairs) and the US market of 2007-2017 (us-daily/). Each entry says
 * what it is without reading its bars; `loadBars()` reads them when the loader stores them. The
 * replay provider feeds the stored market exactly as Yahoo, CoinGecko and EDGAR do: nothing here is
 * read by a request.
 */

export interface ReplayCatalogueEntry {
  symbol: string;
  name: string;
  asset_type: AssetType;
  asset_class: AssetClass;
  calendar: MarketCalendarName;
  /** ETFs: their category (us-daily-etfs.ts); stocks: their sector when known; otherwise null. */
  category: string | null;
  sector: string | null;
  has_ohlc: boolean;
  has_volume: boolean;
  /** Prices adjusted for splits and dividends (a dividend entered on top would be counted twice). */
  dividend_adjusted: boolean;
  source: SeriesSource;
  first_date: string;
  last_date: string;
  loadBars(): Bar[];
}

/** ETF categories that are not equity-like to the engine (an alternative asset's risk bands). */
const ALTERNATIVE_CATEGORIES = new Set(['gold', 'commodities']);

function packagedEntry(series: PriceSeries): ReplayCatalogueEntry {
  const fx = isFxSymbol(series.id);
  return {
    symbol: series.id,
    name: series.display_name,
    asset_type: series.asset_type,
    asset_class: fx
      ? 'fx'
      : series.asset_type === 'crypto'
        ? 'crypto'
        : series.id.startsWith('^')
          ? 'index'
          : 'equity',
    calendar: fx ? 'fx' : series.asset_type === 'crypto' ? 'crypto' : 'nyse',
    category: null,
    sector: null,
    has_ohlc: series.has_ohlc,
    has_volume: series.has_volume,
    dividend_adjusted: false,
    source: series.source,
    first_date: series.bars[0]?.date ?? '',
    last_date: series.bars.at(-1)?.date ?? '',
    loadBars: () => series.bars,
  };
}

function usDailyEntry(entry: UsDailyEntry, options: UsDailyOptions): ReplayCatalogueEntry {
  const described = toUsDailyPriceSeries(entry, []);
  return {
    symbol: entry.symbol,
    name: entry.name,
    asset_type: entry.category && ALTERNATIVE_CATEGORIES.has(entry.category) ? 'alternative' : 'stock',
    asset_class: entry.kind === 'etf' ? 'etf' : 'equity',
    calendar: 'nyse',
    category: entry.category,
    sector: entry.sector,
    has_ohlc: true,
    has_volume: true,
    dividend_adjusted: true,
    source: described.source,
    first_date: entry.first_date,
    last_date: entry.last_date,
    loadBars: () => loadUsDailyBars(entry, options),
  };
}

export interface ReplayCatalogueOptions extends UsDailyOptions {
  /** Only these symbols (the test stack's few dozen); every one when absent. Unknown ones are an error. */
  symbols?: readonly string[];
  /** The packaged series when already loaded (loadAllPriceSeries()). */
  packaged?: readonly PriceSeries[];
}

/** The packaged series first (they hold the clock's calendar), then the US market in manifest order. */
export function readReplayCatalogue(options: ReplayCatalogueOptions = {}): ReplayCatalogueEntry[] {
  const all = [
    ...(options.packaged ?? loadAllPriceSeries()).map(packagedEntry),
    ...readUsDailyManifest(options).series.map((entry) => usDailyEntry(entry, options)),
  ];
  if (!options.symbols) return all;
  const wanted = new Set(options.symbols.map((symbol) => symbol.trim().toUpperCase()).filter(Boolean));
  const unknown = [...wanted].filter((symbol) => !all.some((entry) => entry.symbol === symbol));
  if (unknown.length > 0) throw new Error(`REPLAY_SYMBOLS: not in the replay data: ${unknown.join(', ')}`);
  return all.filter((entry) => wanted.has(entry.symbol));
}

/** What the stored market's read path says of a replayed series (stored-market-provider.ts). */
export function describeFromCatalogue(entry: ReplayCatalogueEntry) {
  return {
    ticker: entry.symbol,
    has_ohlc: entry.has_ohlc,
    has_volume: entry.has_volume,
    source: entry.source,
    category: entry.category ?? entry.sector,
    dividend_adjusted: entry.dividend_adjusted,
  };
}
