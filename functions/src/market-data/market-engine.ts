import { analyzeSymbol, InsufficientHistoryError } from '../engine/analytics/analyze-symbol';
import type { PriceSource } from './price-source';
import type { SourceQuote, SymbolInfo, Bar, SymbolAnalysis, PointInTimeFundamentals } from '../engine/types';
import { UnknownSymbolError } from './provider-errors';
import { addCalendarDays } from '../engine/point-in-time';

/*
 * The engine as the services use it: find a symbol, fetch its quote and a year of bars from the price
 * source, run the pure analysis. Analyses are memoised per (symbol, as_of, price): in replay a bar
 * never changes, and a live quote that has not moved gives the same figures.
 */

/** Calendar days of history fetched per analysis: 252 trading days need about 366; crypto 365. */
export const ANALYSIS_HISTORY_DAYS = 400;
const CACHE_LIMIT = 500;

export interface EngineAnalysis {
  info: SymbolInfo;
  quote: SourceQuote;
  /** The bars the analysis saw (last one on or before the quote's date), ascending. */
  bars: readonly Bar[];
  analysis: SymbolAnalysis;
  /** The annual reports the analysis read (point in time); null without any, absent from a stub. */
  fundamentals?: PointInTimeFundamentals | null;
}

export interface MarketEngine {
  readonly dataMode: 'replay' | 'live';
  readonly source: PriceSource;
  /** The watched universe. */
  listUniverse(): Promise<SymbolInfo[]>;
  /** Throws UnknownSymbolError for a symbol the source does not have. */
  describe(symbol: string): Promise<SymbolInfo>;
  /** With `quote`, analyses as of that quote (e.g. the one the price poll stored). */
  analyze(symbol: string, options?: { quote?: SourceQuote }): Promise<EngineAnalysis>;
}

/** Live mode: the listing is read again once this old (on-demand backfills add to the store). */
export const RELIST_AFTER_MS = 60_000;

export function createMarketEngine(source: PriceSource): MarketEngine {
  let universe: { at: number; symbols: Promise<SymbolInfo[]> } | undefined;
  const cache = new Map<string, EngineAnalysis>();
  const listUniverse = () => {
    const expired = source.dataMode === 'live' && universe && Date.now() - universe.at >= RELIST_AFTER_MS;
    if (!universe || expired) {
      const symbols = source.provider.listSymbols();
      universe = { at: Date.now(), symbols };
      symbols.catch(() => (universe = undefined));
    }
    return universe.symbols;
  };

  async function describe(symbol: string): Promise<SymbolInfo> {
    const wanted = symbol.trim().toUpperCase();
    const symbols = await listUniverse();
    const known = symbols.find((info) => info.symbol.toUpperCase() === wanted);
    if (known) return known;
    // Stored since the listing was read (an on-demand backfill): asked for alone.
    const stored = source.provider.describeStored ? await source.provider.describeStored(wanted) : null;
    if (stored) return stored;
    if (source.provider.describeUnlisted) return source.provider.describeUnlisted(wanted);
    throw new UnknownSymbolError(
      wanted,
      symbols.map((info) => info.symbol),
    );
  }

  return {
    dataMode: source.dataMode,
    source,
    listUniverse,
    describe,
    async analyze(symbol, options = {}) {
      const info = await describe(symbol);
      const quote = options.quote ?? (await source.provider.getLatestQuote(info.symbol));
      const fundamentals = await source.fundamentalsFor(info.ticker, quote.as_of);
      // Live fundamentals arrive after the prices (an on-demand backfill): they are part of the key.
      const filed = fundamentals
        ? `${fundamentals.latest.period_ending}/${fundamentals.eps_split_factor}`
        : '-';
      const key = `${info.symbol}|${quote.as_of}|${quote.price}|${filed}`;
      const cached = cache.get(key);
      if (cached) return { ...cached, quote };
      const bars = await source.provider.getDailyBars(
        info.symbol,
        addCalendarDays(quote.as_of, -ANALYSIS_HISTORY_DAYS),
        quote.as_of,
      );
      if (bars.length === 0) throw new InsufficientHistoryError(info.symbol, quote.as_of);
      const analysis = analyzeSymbol({
        symbol: info.symbol,
        bars,
        assetType: info.asset_type,
        asOf: quote.as_of,
        fundamentals,
      });
      const result: EngineAnalysis = { info, quote, bars, analysis, fundamentals };
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(key, result);
      return result;
    },
  };
}
