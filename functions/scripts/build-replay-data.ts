/**
 * Writes the replay universe as one compact JSON file, for Lambda bundles that do not ship the
 * data packages: `tsx functions/scripts/build-replay-data.ts [out.json] [--with-snapshot]`.
 * Default output: functions/src/market-data/providers/replay/replay-universe.json. The snapshot (2.6 MB of CSV) is
 * left out unless asked for, which keeps the file small enough to commit.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAnnualFundamentals } from '../src/market-data/providers/replay/load-fundamentals';
import { loadAllPriceSeries } from '../src/market-data/providers/replay/load-price-series';
import { loadSnapshotListings } from '../src/market-data/providers/replay/load-snapshot';
import type { ReplayUniverseFile } from '../src/market-data/providers/replay/replay-universe';

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const output =
  positional[0] ??
  fileURLToPath(new URL('../src/market-data/providers/replay/replay-universe.json', import.meta.url));
const file: ReplayUniverseFile = {
  format: 'replay-universe/1',
  series: loadAllPriceSeries(),
  fundamentals: loadAnnualFundamentals(),
  snapshot: process.argv.includes('--with-snapshot') ? loadSnapshotListings() : [],
};
const text = JSON.stringify(file);
writeFileSync(output, text);
console.log(
  `wrote ${output}: ${(text.length / 1e6).toFixed(2)} MB, ${file.series.length} series, ${file.fundamentals.length} fiscal years, ${file.snapshot.length} snapshot listings`,
);
