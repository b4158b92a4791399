import { createInMemoryMarketStore, type InMemoryMarketStore } from './in-memory-market-store';
import type { ReplayLoadRecord } from '../data/replay-load-repository';
import type { SeriesRepository, SeriesState } from '../data/series-repository';
import type { FundamentalsRepository } from '../data/fundamentals-repository';
import { loadReplayPhase } from '../market-data/ingestion/load-replay';
import {
  createPriceSource,
  loadReplayUniverseOnce,
  type PriceSource,
  type PriceSourceConfig,
} from '../market-data/price-source';
import { readReplayCatalogue } from '../market-data/providers/replay/replay-catalogue';
import { selectDailySeries } from '../market-data/providers/replay/replay-universe';

/*
 * The replay as the stack serves it, for unit tests and the bench: the replay loader stores the
 * chosen symbols in an in-memory market table, and the price source reads it from there
 * (the one price path; README.md "The replay provider").
 */

export function createInMemorySeriesRepository(): SeriesRepository {
  const states = new Map<string, SeriesState>();
  return {
    async getSeries(symbol) {
      return states.get(symbol) ?? null;
    },
    async getManySeries(symbols) {
      return new Map(
        symbols.flatMap((symbol) =>
          states.has(symbol) ? [[symbol, states.get(symbol) as SeriesState]] : [],
        ),
      );
    },
    async listSeries() {
      return [...states.values()];
    },
    async putSeries(state) {
      if ((states.get(state.symbol)?.version ?? 0) !== state.version - 1) return false;
      states.set(state.symbol, state);
      return true;
    },
    async putManySeries(many) {
      for (const state of many) states.set(state.symbol, state);
    },
  };
}

/** Symbols most unit tests need: the index, Bitcoin, the FX pairs and a few stocks and ETFs. */
export const TEST_REPLAY_SYMBOLS = [
  '^GSPC',
  'BTC-USD',
  'EURUSD=X',
  'GBPUSD=X',
  'AUDUSD=X',
  'USDJPY=X',
  'USDCHF=X',
  'USDCAD=X',
  'AAPL',
  'MSFT',
  'XOM',
  'SPY',
  'GLD',
  'TLT',
] as const;

export interface ReplayTestSource {
  source: PriceSource;
  store: InMemoryMarketStore;
  series: SeriesRepository;
}

export async function createReplayTestSource(
  config: Omit<PriceSourceConfig, 'REPLAY_SYMBOLS'> & { REPLAY_SYMBOLS?: readonly string[] },
  options: {
    now: () => Date;
    store?: InMemoryMarketStore;
    phases?: readonly ('clock' | 'history')[];
    /** Every replayed symbol (the bench), not the default few. */
    allSymbols?: boolean;
  },
): Promise<ReplayTestSource> {
  const store = options.store ?? createInMemoryMarketStore();
  const series = createInMemorySeriesRepository();
  const symbols = options.allSymbols ? undefined : (config.REPLAY_SYMBOLS ?? TEST_REPLAY_SYMBOLS);
  const loads = new Map<string, ReplayLoadRecord>();
  const universe = loadReplayUniverseOnce(config.REPLAY_DATA_FILE);
  const catalogue = readReplayCatalogue({ packaged: selectDailySeries(universe), symbols });
  const loadDeps = {
    prices: store.prices,
    series,
    loads: {
      getLoad: async (phase: string) => loads.get(phase) ?? null,
      putLoad: async (record: ReplayLoadRecord) => void loads.set(record.phase, record),
    },
    now: options.now,
  };
  // Both phases: a test may read any date of 2007-2017 (the stack stores the years before the
  // clock's in the background).
  for (const phase of options.phases ?? (['clock', 'history'] as const))
    await loadReplayPhase(loadDeps, catalogue, phase, { from: config.REPLAY_FROM, to: config.REPLAY_TO });
  const fundamentals = {} as FundamentalsRepository;
  const source = createPriceSource(
    { ...config, REPLAY_SYMBOLS: symbols ? [...symbols] : undefined },
    { now: options.now, store: { prices: store.prices, series, fundamentals } },
  );
  return { source, store, series };
}
