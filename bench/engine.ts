import { performance } from 'node:perf_hooks';
import { createInMemoryMarketStore } from '../functions/src/testing/in-memory-market-store';
import { runPricePoll } from '../functions/src/jobs/price-poll';
import { measureAnalysisThroughput, type BenchFigures } from '../functions/src/testing/analysis-throughput';
import { loadReplayUniverseOnce } from '../functions/src/market-data/price-source';
import { createReplayTestSource } from '../functions/src/testing/replay-store-fixture';
import { gradeMarketDay } from '../functions/src/jobs/price-poll-market-day';
import { createMarketEngine } from '../functions/src/market-data/market-engine';

/**
 * Engine figures for `npm run bench`:
 * - full analysis throughput (500 inputs x 756 daily bars, the colleague's measureAnalysisThroughput);
 * - the price poll over the whole watched universe against the in-memory market repository (the
 *   DynamoDB round trips are not in it): the first run (backfill of a year of bars per symbol, one
 *   queued recommendation each) and a second run over the next replay bar (the steady state).
 */
export interface EngineBenchFigures {
  analysis: BenchFigures;
  price_poll: {
    symbols: number;
    first_run_ms: number;
    first_run_bars_written: number;
    next_bar_run_ms: number;
    next_bar_run_bars_written: number;
    repository: 'in-memory';
  };
  market_day: { date: string; symbols_graded: number; ms: number; repository: 'in-memory' };
  target_met: boolean;
}

export async function runEngineBench(): Promise<EngineBenchFigures> {
  const universe = loadReplayUniverseOnce();
  const analysis = measureAnalysisThroughput(universe);

  let now = new Date('2024-01-01T00:00:00Z');
  const config = {
    DATA_MODE: 'replay' as const,
    REPLAY_EPOCH: '2024-01-01T00:00:00Z',
    REPLAY_MS_PER_DAY: 60_000,
    REPLAY_FROM: '2017-01-01',
    REPLAY_TO: '2017-06-30',
    REPLAY_DATA_FILE: undefined,
    AWS_REGION: 'us-east-1',
    TABLE_MARKET: 'unused-in-replay',
  };
  const { source } = await createReplayTestSource(config, { now: () => now });
  const deps = {
    engine: createMarketEngine(source),
    ...createInMemoryMarketStore(),
    now: () => now,
    alertTtlHours: 72,
  };
  let started = performance.now();
  const first = await runPricePoll(deps);
  const firstMs = performance.now() - started;
  now = new Date('2024-01-01T00:01:00Z');
  started = performance.now();
  const next = await runPricePoll(deps);
  const nextMs = performance.now() - started;

  // One market date of the whole replayed universe (570 series, the clock's years in memory), graded
  // as the price poll keeps it (jobs/price-poll-market-day.ts): reads from the store and the engine.
  const whole = await createReplayTestSource(config, { now: () => now, phases: ['clock'], allSymbols: true });
  const days: { date: string; symbols: number }[] = [];
  started = performance.now();
  const graded = await gradeMarketDay(
    {
      engine: createMarketEngine(whole.source),
      marketDay: {
        getDayHeader: async () => null,
        putDay: async (date, rows) => void days.push({ date, symbols: rows.length }),
      },
      now: () => now,
    },
    '2017-03-14',
  );
  const gradingMs = performance.now() - started;

  return {
    analysis,
    price_poll: {
      symbols: first.symbols_total,
      first_run_ms: Math.round(firstMs * 100) / 100,
      first_run_bars_written: first.bars_written,
      next_bar_run_ms: Math.round(nextMs * 100) / 100,
      next_bar_run_bars_written: next.bars_written,
      repository: 'in-memory',
    },
    market_day: {
      date: '2017-03-14',
      symbols_graded: graded,
      ms: Math.round(gradingMs),
      repository: 'in-memory',
    },
    // Issue 5 target: all 500 symbols analysed in under 1 s on one core.
    target_met: analysis.symbols >= 500 && analysis.elapsed_ms < 1000,
  };
}
