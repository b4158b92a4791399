import { createMarketClock } from '../market-data/providers/replay/market-clock';
import type { MarketEngine } from '../market-data/market-engine';
import type { Quote, SymbolInfo, IsoDate, SymbolAnalysis } from '../engine/types';
import { UnknownSymbolError } from '../market-data/provider-errors';
import { createReplayTimeline, type ReplayTimeline } from '../market-data/providers/replay/replay-timeline';

/**
 * What the catalyst routes need from the market engine. Symbols the engine does not know answer
 * null: a catalyst about them is still listed, but nothing is graded.
 */
export interface MarketView {
  readonly mode: 'replay' | 'live';
  listSymbols(): Promise<SymbolInfo[]>;
  /** Engine analysis and quote as of `asOf` (default: the symbol's current bar). */
  analyze(
    symbol: string,
    asOf?: IsoDate,
  ): Promise<{ analysis: SymbolAnalysis; quote: Quote; info: SymbolInfo } | null>;
  /** The moment the symbol's market is at: the replay moment (historical) or wall time (live). */
  momentOf(symbol: string, now: Date): Date | null;
}

/** The replay clock and timeline built from the same settings as the replay price provider. */
export function createTimelineForEngine(
  engine: MarketEngine,
  clockSettings: { epochMs: number; msPerBar: number },
): ReplayTimeline | null {
  const universe = engine.source.universe;
  if (engine.dataMode !== 'replay' || !universe) return null;
  const daily = universe.series.filter((series) => series.frequency === 'daily');
  return createReplayTimeline(daily, createMarketClock(clockSettings));
}

/** Adapts the shared MarketEngine (memoised analyses) to the catalyst routes. */
export function createMarketView(engine: MarketEngine, timeline: ReplayTimeline | null): MarketView {
  return {
    mode: engine.dataMode,
    listSymbols: () => engine.listUniverse(),

    async analyze(symbol, asOf) {
      try {
        const info = await engine.describe(symbol);
        if (asOf !== undefined && info.first_date !== '' && info.first_date > asOf) return null;
        const quote = await engine.source.provider.getLatestQuote(info.symbol, asOf);
        const result = await engine.analyze(info.symbol, { quote });
        return { analysis: result.analysis, quote: result.quote, info: result.info };
      } catch (error: unknown) {
        if (error instanceof UnknownSymbolError) return null;
        throw error;
      }
    },

    momentOf(symbol, now) {
      if (!timeline) return now;
      return timeline.momentOf(symbol, now);
    },
  };
}
