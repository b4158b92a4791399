/**
 * Builds the compact US daily history the repository carries (src/market-data/README.md "The US
 * market, 2007-2017") from the team's copy of the source CSVs:
 *
 *   npx tsx functions/scripts/build-us-daily.ts [source-directory] [--out <directory>]
 *
 * The source directory holds `stocks/<SYMBOL>.csv` and `etfs/<SYMBOL>.csv` (default
 * `../shared/data/us-daily-2007-2017`, relative to the repository root); the output, by default
 * src/market-data/providers/replay/us-daily/, gets `bars/<SYMBOL>.br` per series, `manifest.json` and
 * the validation report `VALIDATION.md`. Every row passes us-daily-validation.ts first; what fails is
 * dropped and reported, nothing is filled in.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import * as prettier from 'prettier';
import { expectedSessions } from '../src/market-data/quality/market-calendar';
import { loadSnapshotListings } from '../src/market-data/providers/replay/load-snapshot';
import {
  US_DAILY_DIRECTORY,
  US_DAILY_MANIFEST_FILE,
  usDailyFileName,
  type UsDailyEntry,
  type UsDailyManifest,
} from '../src/market-data/providers/replay/load-us-daily';
import { decodeBars, encodeBars, seriesChecksum } from '../src/market-data/providers/replay/us-daily-codec';
import { US_DAILY_ETFS } from '../src/market-data/providers/replay/us-daily-etfs';
import { validationReport, type ReportedSeries } from '../src/market-data/providers/replay/us-daily-report';
import {
  SNAPSHOT_TICKER_REUSED,
  US_DAILY_STOCK_NAMES,
} from '../src/market-data/providers/replay/us-daily-stock-names';
import {
  marketSessionsOf,
  sourceRows,
  validateUsDailySeries,
} from '../src/market-data/providers/replay/us-daily-validation';

const started = Date.now();
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const argumentsGiven = process.argv.slice(2);
const outIndex = argumentsGiven.indexOf('--out');
const output = outIndex >= 0 ? resolve(argumentsGiven[outIndex + 1] ?? '') : US_DAILY_DIRECTORY;
const positional = argumentsGiven.filter(
  (argument, index) => !argument.startsWith('--') && (outIndex < 0 || index !== outIndex + 1),
);
const source = resolve(repositoryRoot, positional[0] ?? '../shared/data/us-daily-2007-2017');

const KINDS = [
  { kind: 'stock', folder: 'stocks' },
  { kind: 'etf', folder: 'etfs' },
] as const;

const inputs = KINDS.flatMap(({ kind, folder }) =>
  readdirSync(join(source, folder))
    .filter((file) => file.endsWith('.csv'))
    .sort()
    .map((file) => {
      const path = join(source, folder, file);
      return {
        symbol: file.slice(0, -'.csv'.length),
        kind,
        rows: sourceRows(readFileSync(path, 'utf8'), path),
      };
    }),
);
if (inputs.length === 0) throw new Error(`no CSV under ${source}/stocks or ${source}/etfs`);

// The set's NYSE sessions: scheduled sessions on which at least one series has a bar.
const datesWithBars = new Set(inputs.flatMap((input) => input.rows.map((row) => row.text.slice(0, 10))));
const sortedDates = [...datesWithBars].filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)).sort();
const [firstDate = '', lastDate = ''] = [sortedDates[0], sortedDates.at(-1)];
const marketSessions = marketSessionsOf(datesWithBars, firstDate, lastDate);
const closures = expectedSessions('nyse', firstDate, lastDate).filter((date) => !datesWithBars.has(date));

// Names: the snapshot where it names the 2017 company, else the project's tables; refuse any miss.
const snapshot = new Map(loadSnapshotListings().map((listing) => [listing.symbol, listing]));
const unusedStockNames = new Set(Object.keys(US_DAILY_STOCK_NAMES));
const unusedEtfs = new Set(Object.keys(US_DAILY_ETFS));
function listingOf(symbol: string, kind: 'stock' | 'etf') {
  if (kind === 'etf') {
    const etf = US_DAILY_ETFS[symbol];
    if (!etf) throw new Error(`ETF ${symbol} has no entry in us-daily-etfs.ts`);
    unusedEtfs.delete(symbol);
    return { name: etf.name, sector: null, category: etf.category, name_source: 'table' as const };
  }
  const listed = SNAPSHOT_TICKER_REUSED.includes(symbol)
    ? undefined
    : (snapshot.get(symbol) ?? snapshot.get(symbol.replace('-', '.')));
  if (listed)
    return { name: listed.name, sector: listed.sector, category: null, name_source: 'snapshot' as const };
  const own = US_DAILY_STOCK_NAMES[symbol];
  if (!own) throw new Error(`stock ${symbol} is in neither the snapshot nor us-daily-stock-names.ts`);
  unusedStockNames.delete(symbol);
  return { name: own.name, sector: own.sector, category: null, name_source: 'table' as const };
}

rmSync(join(output, 'bars'), { recursive: true, force: true });
mkdirSync(join(output, 'bars'), { recursive: true });
const entries: UsDailyEntry[] = [];
const reported: ReportedSeries[] = [];
let compressedBytes = 0;
for (const input of inputs) {
  const validation = validateUsDailySeries(input.rows, marketSessions);
  const encoded = encodeBars(validation.kept);
  const bars = decodeBars(encoded);
  const compressed = brotliCompressSync(encoded, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(join(output, usDailyFileName(input.symbol)), compressed);
  compressedBytes += compressed.length;
  entries.push({
    symbol: input.symbol,
    kind: input.kind,
    ...listingOf(input.symbol, input.kind),
    first_date: bars[0]?.date ?? '',
    last_date: bars.at(-1)?.date ?? '',
    rows: bars.length,
    checksum: seriesChecksum(bars),
  });
  reported.push({ symbol: input.symbol, kind: input.kind, validation });
}
if (unusedStockNames.size > 0 || unusedEtfs.size > 0) {
  throw new Error(
    `table entries without a source series: ${[...unusedStockNames, ...unusedEtfs].join(', ')}`,
  );
}

const manifest: UsDailyManifest = {
  about:
    'Daily OHLCV of the 2017 S&P 500 companies and 72 ETFs, 2007-01-03 to 2017-11-10, one file per symbol ' +
    '(bars/<SYMBOL>.br: brotli over us-daily-codec.ts). Written by functions/scripts/build-us-daily.ts; see VALIDATION.md.',
  source: {
    dataset: 'Kaggle "Huge Stock Market Dataset" by Boris Marjanovic (2017-11-10)',
    licence: 'CC0-1.0 (public domain)',
    list: 'S&P 500 constituents of 2017, "S&P 500 stock data" by Cam Nugent (GitHub CNuge/kaggle-code)',
    list_licence: 'MIT',
    adjustment:
      'Prices adjusted for splits and dividends as of 2017-11-10: returns are total returns. Survivorship bias: only companies listed in 2017.',
  },
  series: entries,
};
const command = `npx tsx functions/scripts/build-us-daily.ts ${relative(repositoryRoot, source)}`;
// The repository's prettier settings, wherever the output goes, so that a rebuild in place is byte-identical.
const prettierOptions = { ...(await prettier.resolveConfig(join(US_DAILY_DIRECTORY, 'VALIDATION.md'))) };
writeFileSync(
  join(output, US_DAILY_MANIFEST_FILE),
  await prettier.format(JSON.stringify(manifest, null, 2), { ...prettierOptions, parser: 'json' }),
);
writeFileSync(
  join(output, 'VALIDATION.md'),
  await prettier.format(validationReport(reported, { command, closures }), {
    ...prettierOptions,
    parser: 'markdown',
  }),
);
const rows = entries.reduce((total, entry) => total + entry.rows, 0);
console.log(
  `${entries.length} series, ${rows} bars, ${(compressedBytes / 1e6).toFixed(2)} MB of bars in ${output}, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
