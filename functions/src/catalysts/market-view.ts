import type { MarketEngine } from '../market-data/market-engine';
import type { SourceQuote, SymbolInfo, IsoDate, SymbolAnalysis } from '../engine/types';
import type { MarketDate } from '../engine/market-dates';
import { NoDataOnDateError, UnknownSymbolError } from '../market-data/provider-errors';
import { createReplayTimeline, type ReplayTimeline } from '../market-data/providers/replay';
import { gradedDayOf } from '../market-data/market-quotes';
import type { MarketDayRepository } from '../data/market-day-repository';

/**
 * What the catalyst routes need from the market engine. Symbols the engine does not know, or that
 * have no data on the date asked, answer null: a catalyst about them is still listed, but nothing
 * is graded.
 */
export interface MarketView {
  readonly mode: 'replay' | 'live';
  listSymbols(): Promise<SymbolInfo[]>;
  /** The market clock's reading at `now`: a request reads every price at this one date. */
  marketDate(now: Date): MarketDate;
  /** Engine analysis and quote as of `asOf` (a market date, or a headline's date); live: latest without one. */
  analyze(
    symbol: string,
    asOf?: IsoDate,
  ): Promise<{ analysis: SymbolAnalysis; quote: SourceQuote; info: SymbolInfo } | null>;
  /** The moment the symbol's market is at: the replay moment (historical) or wall time (live). */
  momentOf(symbol: string, now: Date): Date | null;
  /** The moment the market is at: one clock for every series (the replay's, or wall time live). */
  momentAt(now: Date): Date;
}

/** The replay timeline on the engine's market clock; null in live mode. */
export function createTimelineForEngine(engine: MarketEngine): ReplayTimeline | null {
  const universe = engine.source.universe;
  if (engine.dataMode !== 'replay' || !universe) return null;
  const daily = universe.series.filter((series) => series.frequency === 'daily');
  return createReplayTimeline(daily, engine.source.clock);
}

/** Adapts the shared MarketEngine (memoised analyses) to the catalyst routes. */
export function createMarketView(
  engine: MarketEngine,
  timeline: ReplayTimeline | null,
  marketDay?: Pick<MarketDayRepository, 'getDay'>,
): MarketView {
  /**
   * Replay: the quote and analysis the price poll graded for the date (README.md "Grades once per
   * market date"), the same the recommendations read; null when the date is not graded (then the
   * engine grades the symbol from its bars, one read per symbol).
   */
  async function graded(symbol: string, asOf: IsoDate | undefined) {
    if (engine.dataMode !== 'replay' || !marketDay || asOf === undefined) return null;
    const found = (await gradedDayOf(marketDay, asOf))?.get(symbol);
    return found?.analysis ? { analysis: found.analysis, quote: found.quote } : null;
  }
  return {
    mode: engine.dataMode,
    listSymbols: () => engine.listUniverse(),
    marketDate: (now) => engine.source.clock.at(now),
    momentAt: (now) => engine.source.clock.momentAt(now),

    async analyze(symbol, asOf) {
      try {
        const info = await engine.describe(symbol);
        if (asOf !== undefined && info.first_date !== '' && info.first_date > asOf) return null;
        const stored = await graded(info.symbol, asOf);
        if (stored) return { ...stored, info };
        const quote = await engine.source.provider.getLatestQuote(info.symbol, asOf);
        const result = await engine.analyze(info.symbol, { quote });
        return { analysis: result.analysis, quote: result.quote, info: result.info };
      } catch (error: unknown) {
        if (error instanceof UnknownSymbolError || error instanceof NoDataOnDateError) return null;
        throw error;
      }
    },

    momentOf(symbol, now) {
      if (!timeline) return now;
      return timeline.momentOf(symbol, now);
    },
  };
}
