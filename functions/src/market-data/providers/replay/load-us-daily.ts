import * as z from 'zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { Bar, PriceSeries } from '../../../engine/types';
import { DataFileError } from './series-checks';
import { decodeBars, seriesChecksum } from './us-daily-codec';
import { ETF_CATEGORIES } from './us-daily-etfs';

/*
 * Reads the US daily history, 2007-01-03 to 2017-11-10 (README.md "The US market, 2007-2017"): the
 * files functions/scripts/build-us-daily.ts writes into `us-daily/` beside this module, one brotli
 * file of the compact form (us-daily-codec.ts) per symbol and `manifest.json` listing them. A
 * directory can be given (a Lambda reading shipped data files); the source tree's is the default.
 */

export const US_DAILY_DIRECTORY = fileURLToPath(new URL('./us-daily/', import.meta.url));
export const US_DAILY_MANIFEST_FILE = 'manifest.json';

/** Where a symbol's bars sit inside the directory. */
export function usDailyFileName(symbol: string): string {
  return join('bars', `${symbol}.br`);
}

const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const UsDailyEntrySchema = z.object({
  symbol: z.string().regex(/^[A-Z][A-Z0-9-]*$/),
  kind: z.enum(['stock', 'etf']),
  name: z.string().min(1),
  /** Stocks: the listings snapshot's sector names (null when unknown); ETFs: null. */
  sector: z.string().nullable(),
  /** ETFs: their category (us-daily-etfs.ts); stocks: null. */
  category: z.enum(ETF_CATEGORIES).nullable(),
  /** Where the name and sector come from: the listings snapshot, or the project's own table. */
  name_source: z.enum(['snapshot', 'table']),
  first_date: IsoDateSchema,
  last_date: IsoDateSchema,
  rows: z.number().int().positive(),
  /** seriesChecksum of the decoded bars. */
  checksum: z.string().regex(/^[0-9a-f]{16}$/),
});
export type UsDailyEntry = z.infer<typeof UsDailyEntrySchema>;

const UsDailyManifestSchema = z.object({
  about: z.string(),
  source: z.object({
    dataset: z.string(),
    licence: z.string(),
    list: z.string(),
    list_licence: z.string(),
    adjustment: z.string(),
  }),
  series: z.array(UsDailyEntrySchema).min(1),
});
export type UsDailyManifest = z.infer<typeof UsDailyManifestSchema>;

export interface UsDailyOptions {
  /** The directory holding `manifest.json` and `bars/`; the source tree's by default. */
  directory?: string;
  /**
   * Also recompute each series' checksum (seconds for the whole set; the tests and the build do).
   * Rows and first and last dates are always checked.
   */
  verifyChecksums?: boolean;
}

export function readUsDailyManifest({
  directory = US_DAILY_DIRECTORY,
}: UsDailyOptions = {}): UsDailyManifest {
  const text = readFileSync(join(directory, US_DAILY_MANIFEST_FILE), 'utf8');
  return UsDailyManifestSchema.parse(JSON.parse(text));
}

/** The bars of one series file as stored (brotli over the compact form). */
export function decodeUsDailyFile(compressed: Uint8Array): Bar[] {
  return decodeBars(brotliDecompressSync(compressed));
}

/**
 * The bars of one manifest entry, checked against it (rows, first and last date, the checksum when
 * asked): a file that does not match its manifest is refused, never served.
 */
export function loadUsDailyBars(
  entry: UsDailyEntry,
  { directory = US_DAILY_DIRECTORY, verifyChecksums = false }: UsDailyOptions = {},
): Bar[] {
  const file = usDailyFileName(entry.symbol);
  const bars = decodeUsDailyFile(readFileSync(join(directory, file)));
  const mismatch =
    bars.length !== entry.rows
      ? `${bars.length} rows, manifest says ${entry.rows}`
      : bars[0]?.date !== entry.first_date || bars.at(-1)?.date !== entry.last_date
        ? `dates ${bars[0]?.date}..${bars.at(-1)?.date}, manifest says ${entry.first_date}..${entry.last_date}`
        : verifyChecksums && seriesChecksum(bars) !== entry.checksum
          ? `checksum ${seriesChecksum(bars)}, manifest says ${entry.checksum}`
          : null;
  if (mismatch) throw new DataFileError(file, mismatch);
  return bars;
}

/** One entry as the replay's price series (engine/types.ts); ETFs are `stock` to the engine. */
export function toUsDailyPriceSeries(entry: UsDailyEntry, bars: Bar[]): PriceSeries {
  return {
    id: entry.symbol,
    ticker: entry.symbol,
    display_name: entry.name,
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: true,
    has_volume: true,
    split_adjusted: true,
    source: {
      package: 'Kaggle "Huge Stock Market Dataset" (Boris Marjanovic), S&P 500 list of CNuge/kaggle-code',
      version: '2017-11-10',
      file: `${entry.kind === 'etf' ? 'etfs' : 'stocks'}/${entry.symbol}.csv`,
      licence: 'CC0-1.0 (prices), MIT (S&P 500 list)',
      origin: 'Daily prices of US listings (NYSE, NASDAQ, NYSE MKT) as gathered in 2017',
      notes:
        'Open, high, low and close adjusted for splits and dividends as of 2017-11-10 (returns are total returns); ' +
        'companies listed in 2017 only (survivorship bias). Rows failing validation dropped, gaps not filled (us-daily/VALIDATION.md).',
    },
    bars,
  };
}

/** One symbol's series; an unknown symbol is an error. */
export function loadUsDailySeries(symbol: string, options: UsDailyOptions = {}): PriceSeries {
  const entry = readUsDailyManifest(options).series.find((candidate) => candidate.symbol === symbol);
  if (!entry) throw new DataFileError(US_DAILY_MANIFEST_FILE, `no series ${symbol}`);
  return toUsDailyPriceSeries(entry, loadUsDailyBars(entry, options));
}

/** Every series of the manifest, in its order (stocks, then ETFs, each by symbol). */
export function loadAllUsDailySeries(options: UsDailyOptions = {}): PriceSeries[] {
  return readUsDailyManifest(options).series.map((entry) =>
    toUsDailyPriceSeries(entry, loadUsDailyBars(entry, options)),
  );
}
