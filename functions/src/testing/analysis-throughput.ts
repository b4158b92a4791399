import { performance } from 'node:perf_hooks';
import { analyzeSymbol } from '../engine/analytics/analyze-symbol';
import { selectFundamentalsAsOf } from '../engine/point-in-time';
import { AAPL_DAILY_ID, SP500_DAILY_ID } from '../market-data/providers/replay/series-ids';
import { loadUsDailySeries } from '../market-data/providers/replay/load-us-daily';
import type { ReplayUniverse } from '../market-data/providers/replay/replay-universe';
import type { AnalyzeSymbolInput, PriceSeries } from '../engine/types';

/*
 * Throughput of the full analysis (risk metrics, volume analysis, nugget scores, recommendation).
 * The replay holds only a handful of real daily series, so the 500 inputs are 3-year windows of the
 * real S&P 500 (2000-2020) and AAPL (2013-2018) series at different offsets, half each; windows
 * overlap, which does not matter for a throughput figure. No synthetic prices.
 */

export interface BenchOptions {
  symbols?: number;
  barsPerSymbol?: number;
  /** Untimed passes first, so the figure measures JIT-compiled code as in a warm Lambda. */
  warmUpPasses?: number;
}

export interface BenchFigures {
  symbols: number;
  bars_per_symbol: number;
  total_bars: number;
  elapsed_ms: number;
  symbols_per_second: number;
  bars_per_second: number;
  inputs_description: string;
  node_version: string;
}

function buildWindows(series: PriceSeries, count: number, length: number): { start: number; end: number }[] {
  const maxStart = series.bars.length - length;
  if (maxStart < 0) throw new RangeError(`${series.id} has ${series.bars.length} bars, fewer than ${length}`);
  const step = count > 1 ? maxStart / (count - 1) : 0;
  return Array.from({ length: count }, (_, i) => {
    const start = Math.round(i * step);
    return { start, end: start + length };
  });
}

/** 500 analysis inputs built from windows of the real S&P 500 and AAPL daily series. */
export function buildBenchInputs(
  universe: ReplayUniverse,
  symbols = 500,
  barsPerSymbol = 756,
): AnalyzeSymbolInput[] {
  const sp500 = universe.series.find((series) => series.id === SP500_DAILY_ID);
  // Apple from the US market of 2007-2017 (the packaged replay holds the index, Bitcoin and FX only).
  const apple = universe.series.find((series) => series.id === AAPL_DAILY_ID) ?? loadUsDailySeries('AAPL');
  if (!sp500 || !apple) throw new Error('the replay universe lacks the S&P 500 or AAPL daily series');
  const inputs: AnalyzeSymbolInput[] = [];
  const halves: [PriceSeries, number][] = [
    [sp500, Math.ceil(symbols / 2)],
    [apple, Math.floor(symbols / 2)],
  ];
  for (const [series, count] of halves) {
    for (const window of buildWindows(series, count, barsPerSymbol)) {
      const bars = series.bars.slice(window.start, window.end);
      const asOf = bars[bars.length - 1]?.date ?? '';
      inputs.push({
        symbol: `${series.id}@${asOf}`,
        bars,
        fundamentals: selectFundamentalsAsOf(universe.fundamentalsBySymbol.get(series.ticker), asOf),
        assetType: series.asset_type,
        asOf,
      });
    }
  }
  return inputs;
}

export function measureAnalysisThroughput(
  universe: ReplayUniverse,
  options: BenchOptions = {},
): BenchFigures {
  const symbols = options.symbols ?? 500;
  const barsPerSymbol = options.barsPerSymbol ?? 756;
  const inputs = buildBenchInputs(universe, symbols, barsPerSymbol);
  for (let pass = 0; pass < (options.warmUpPasses ?? 1); pass += 1)
    for (const input of inputs) analyzeSymbol(input);
  const started = performance.now();
  for (const input of inputs) analyzeSymbol(input);
  const elapsedMs = performance.now() - started;
  const totalBars = inputs.length * barsPerSymbol;
  return {
    symbols: inputs.length,
    bars_per_symbol: barsPerSymbol,
    total_bars: totalBars,
    elapsed_ms: Math.round(elapsedMs * 100) / 100,
    symbols_per_second: Math.round((inputs.length / elapsedMs) * 1000),
    bars_per_second: Math.round((totalBars / elapsedMs) * 1000),
    inputs_description: `${Math.ceil(symbols / 2)} windows of ^GSPC (2000-2020) and ${Math.floor(symbols / 2)} of AAPL (2013-2018), ${barsPerSymbol} daily bars each`,
    node_version: process.version,
  };
}
