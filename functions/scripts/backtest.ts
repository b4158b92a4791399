/**
 * `npm run backtest`: grades every daily series at every month-end with only the data available
 * then and prints the per-grade table (markdown) against the S&P 500 over the same windows.
 * `--json` prints the full result including every observation.
 *
 * `npm run backtest -- --live --universe <file>`: the same on the stored market (live mode's store:
 * DYNAMODB_ENDPOINT and TABLE_MARKET as the stack uses them) for the symbols of the file (one per
 * line, # for comments), with the SEC facts filed by each month-end. Reported apart: it is another
 * period, other symbols and another source than the replay's backtest.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { formatBacktestMarkdown, runBacktest, type BacktestResult } from '../src/engine/backtest';
import { SP500_DAILY_ID } from '../src/market-data/providers/replay/series-ids';
import { loadReplayUniverse, selectGradedSeries } from '../src/market-data/providers/replay/replay-universe';
import { runStoredBacktest, storedBacktestDepsOf } from '../src/market-data/stored-backtest';

function print(title: string, result: BacktestResult, notes: string[] = []): void {
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const perSymbol = new Map<string, number>();
  for (const observation of result.observations) {
    perSymbol.set(observation.symbol, (perSymbol.get(observation.symbol) ?? 0) + 1);
  }
  console.log(
    `${title}: ${result.observations.length} month-end observations, forward ${result.forward_months} months`,
  );
  console.log(
    `Symbols: ${[...perSymbol.entries()].map(([symbol, count]) => `${symbol} (${count})`).join(', ')}`,
  );
  for (const note of notes) console.log(note);
  console.log(`\n${formatBacktestMarkdown(result)}`);
}

if (process.argv.includes('--live')) {
  const fileIndex = process.argv.indexOf('--universe');
  const file = fileIndex > 0 ? process.argv[fileIndex + 1] : undefined;
  if (!file) throw new Error('--live needs --universe <file of symbols, one per line>');
  const symbols = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  const { result, missing } = await runStoredBacktest(
    storedBacktestDepsOf(loadConfig()),
    symbols,
    new Date().toISOString().slice(0, 10),
  );
  print(
    'Backtest on the stored market (live data)',
    result,
    missing.length > 0 ? [`Not in the store (no active series): ${missing.join(', ')}`] : [],
  );
  process.exit(0);
}

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

print('Backtest on the replayed history', result);
