/**
 * `npm run backtest`: grades every daily series at every month-end with only the data available
 * then and prints the per-grade table (markdown) against the S&P 500 over the same windows.
 * `--json` prints the full result including every observation.
 */
import { formatBacktestMarkdown, runBacktest } from '../src/engine/backtest';
import { SP500_DAILY_ID } from '../src/market-data/providers/replay/series-ids';
import { loadReplayUniverse, selectGradedSeries } from '../src/market-data/providers/replay/replay-universe';

const universe = loadReplayUniverse();
const daily = selectGradedSeries(universe);
const benchmark = daily.find((series) => series.id === SP500_DAILY_ID);
if (!benchmark) throw new Error('the S&P 500 daily series is missing from the replay universe');

const result = runBacktest({
  symbols: daily.map((series) => ({
    symbol: series.id,
    assetType: series.asset_type,
    bars: series.bars,
    fundamentalsHistory: universe.fundamentalsBySymbol.get(series.ticker),
  })),
  benchmarkBars: benchmark.bars,
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const perSymbol = new Map<string, number>();
  for (const observation of result.observations) {
    perSymbol.set(observation.symbol, (perSymbol.get(observation.symbol) ?? 0) + 1);
  }
  console.log(
    `Backtest: ${result.observations.length} month-end observations, forward ${result.forward_months} months`,
  );
  console.log(
    `Symbols: ${[...perSymbol.entries()].map(([symbol, count]) => `${symbol} (${count})`).join(', ')}\n`,
  );
  console.log(formatBacktestMarkdown(result));
}
