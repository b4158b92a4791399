/**
 * `npm run backtest`: the universe backtest (engine/README.md "Backtest"): the 562 US stocks and
 * ETFs of 2007-2017 graded at every month-end with only what was known then, and what followed over
 * 1, 3, 6 and 12 months. `--json` prints the whole result; `--out <file>` also writes it;
 * `--symbols <n>` takes n symbols only, half stocks, half ETFs (a quick slice;
 * docs/backtest/us-daily-2007-2017-slice-20.json is the 20-symbol one a test reruns).
 *
 * `npm run backtest -- --replay`: the former backtest of the replay's five daily series (markdown;
 * `--json` prints every observation).
 *
 * `npm run backtest -- --live --universe <file>`: the same on the stored market (live mode's store:
 * DYNAMODB_ENDPOINT and TABLE_MARKET as the stack uses them) for the symbols of the file (one per
 * line, # for comments), with the SEC facts filed by each month-end. Reported apart: it is another
 * period, other symbols and another source than the replay's backtest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { formatBacktestMarkdown, runBacktest, type BacktestResult } from '../src/engine/backtest';
import { SP500_DAILY_ID } from '../src/market-data/providers/replay/series-ids';
import { loadReplayUniverse, selectGradedSeries } from '../src/market-data/providers/replay/replay-universe';
import { runStoredBacktest, storedBacktestDepsOf } from '../src/market-data/stored-backtest';
import { runUniverseBacktest } from '../src/market-data/universe-backtest-run';
import { formatUniverseSummary } from './backtest-summary';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

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

if (!process.argv.includes('--replay')) {
  const limit = argument('--symbols');
  const started = Date.now();
  const result = runUniverseBacktest(limit === undefined ? {} : { limit: Number(limit) });
  const json = `${JSON.stringify(result, null, 1)}\n`;
  const out = argument('--out');
  if (out) writeFileSync(out, json);
  if (process.argv.includes('--json')) process.stdout.write(json);
  else console.log(formatUniverseSummary(result));
  console.error(`Universe backtest: ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
