/**
 * Writes web/src/lib/backtest/backtest-figures.generated.json (the methodology and marketing pages'
 * figures) and track-record-series.generated.json (the track record page's monthly lines) from the committed
 * universe backtest (docs/backtest/us-daily-2007-2017.json): `npm run generate:backtest-figures -w web`
 * after `npm run backtest -- --out docs/backtest/us-daily-2007-2017.json`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  deriveBacktestFigures,
  deriveTrackRecordSeries,
  type UniverseBacktestJson,
} from '../src/lib/backtest/backtest-figures';

const source = new URL('../../docs/backtest/us-daily-2007-2017.json', import.meta.url);
const target = new URL('../src/lib/backtest/backtest-figures.generated.json', import.meta.url);
const json = JSON.parse(readFileSync(source, 'utf8')) as UniverseBacktestJson;
writeFileSync(target, `${JSON.stringify(deriveBacktestFigures(json), null, 2)}\n`);
const series = new URL('../src/lib/backtest/track-record-series.generated.json', import.meta.url);
writeFileSync(series, `${JSON.stringify(deriveTrackRecordSeries(json), null, 2)}\n`);
console.log(`Wrote ${target.pathname} and ${series.pathname}`);
