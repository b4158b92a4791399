import type { Bar } from '../engine/types';
import type { UniverseSymbol } from '../engine/universe-backtest';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
  loadUsDailyBars,
  readUsDailyManifest,
} from './providers/replay';

/*
 * What the universe backtest reads (engine/README.md "Backtest"): the committed US daily history
 * (providers/replay/us-daily/, 490 stocks and 72 ETFs, 2007-2017, adjusted for splits and
 * dividends, survivorship-biased) and the annual reports of the fundamentals snapshot (fiscal years
 * mostly 2012-2016, 448 companies), read from the files directly, not through the stack.
 */

export const BACKTEST_BENCHMARK = 'SPY';

export interface UniverseBacktestInput {
  symbols: UniverseSymbol[];
  benchmarkBars: Bar[];
  /** Stocks with at least one annual report in the snapshot. */
  with_fundamentals: number;
}

/**
 * The universe, or a quick slice of `limit` symbols: the first half (rounded up) of the stocks and
 * the rest of the ETFs, each by symbol. SPY is always read, as the benchmark.
 */
export function loadUniverseBacktestInput(options: { limit?: number } = {}): UniverseBacktestInput {
  const manifest = readUsDailyManifest();
  const fundamentals = indexFundamentalsBySymbol(loadAnnualFundamentals());
  const limit = options.limit;
  const entries =
    limit === undefined
      ? manifest.series
      : [
          ...manifest.series.filter((entry) => entry.kind === 'stock').slice(0, Math.ceil(limit / 2)),
          ...manifest.series.filter((entry) => entry.kind === 'etf').slice(0, Math.floor(limit / 2)),
        ];
  const spy = manifest.series.find((entry) => entry.symbol === BACKTEST_BENCHMARK);
  if (!spy) throw new Error(`the benchmark ${BACKTEST_BENCHMARK} is missing from the US daily manifest`);
  const symbols = entries.map((entry): UniverseSymbol => ({
    symbol: entry.symbol,
    kind: entry.kind,
    assetType: 'stock',
    bars: loadUsDailyBars(entry),
    ...(entry.kind === 'stock' && fundamentals.has(entry.symbol)
      ? { fundamentalsHistory: fundamentals.get(entry.symbol) }
      : {}),
  }));
  return {
    symbols,
    benchmarkBars: loadUsDailyBars(spy),
    with_fundamentals: symbols.filter((symbol) => symbol.fundamentalsHistory !== undefined).length,
  };
}
