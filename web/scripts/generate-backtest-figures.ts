/**
 * Writes web/src/lib/backtest/backtest-figures.generated.json from the committed
 * universe backtest (docs/backtest/us-daily-2007-2017.json): `npm run generate:backtest-figures -w web`
 * after `npm run backtest -- --out docs/backtest/us-daily-2007-2017.json`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deriveBacktestFigures, type UniverseBacktestJson } from '../src/lib/backtest/backtest-figures';

const source = new URL('../../docs/backtest/us-daily-2007-2017.json', import.meta.url);
const target = new URL('../src/lib/backtest/backtest-figures.generated.json', import.meta.url);
const json = JSON.parse(readFileSync(source, 'utf8')) as UniverseBacktestJson;
writeFileSync(target, `${JSON.stringify(deriveBacktestFigures(json), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
