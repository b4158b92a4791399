import type { Bar, PriceSeries, SeriesSource } from '../../../engine/types';
import { parseCsvRecords, parseNumberCell } from './parse-csv';
import { readPackageFile, requirePackageFile } from './resolve-package-file';

/*
 * Loaders of the real historical series that install with the project. Each returns bars sorted
 * by date with ISO dates; a malformed row is an error (the files are fixed package contents, so a
 * parse failure means a package changed under us and must not be papered over).
 */

const VEGA_SOURCE = {
  package: 'vega-datasets',
  version: '3.2.1',
  licence: 'BSD-3-Clause',
} as const;

export const SP500_DAILY_ID = '^GSPC';
export const AAPL_DAILY_ID = 'AAPL';
export const AAPL_2007_CLOSE_ID = 'AAPL-2007';
export const BTC_DAILY_ID = 'BTC-USD';
export const FACEBOOK_DAILY_ID = 'FB';

export class DataFileError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'DataFileError';
  }
}

function requireNumber(value: number | null, file: string, what: string): number {
  if (value === null) throw new DataFileError(file, `missing or non-numeric ${what}`);
  return value;
}

function requireIsoDate(value: string, file: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new DataFileError(file, `bad date '${value}'`);
  return value;
}

/** Sorts ascending and rejects duplicate dates, so every consumer can rely on strict order. */
export function sortAndCheckBars(bars: Bar[], file: string): Bar[] {
  const sorted = [...bars].sort((left, right) =>
    left.date < right.date ? -1 : left.date > right.date ? 1 : 0,
  );
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]?.date === sorted[i - 1]?.date)
      throw new DataFileError(file, `duplicate date ${sorted[i]?.date}`);
  }
  return sorted;
}

function parseOhlcvCsv(text: string, file: string, columns: OhlcvColumns): Bar[] {
  const bars = parseCsvRecords(text).map((record) => ({
    date: requireIsoDate(record[columns.date] ?? '', file),
    open: requireNumber(parseNumberCell(record[columns.open]), file, 'open'),
    high: requireNumber(parseNumberCell(record[columns.high]), file, 'high'),
    low: requireNumber(parseNumberCell(record[columns.low]), file, 'low'),
    close: requireNumber(parseNumberCell(record[columns.close]), file, 'close'),
    volume: requireNumber(parseNumberCell(record[columns.volume]), file, 'volume'),
  }));
  return sortAndCheckBars(bars, file);
}

interface OhlcvColumns {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** S&P 500 index, daily OHLCV, 2000-01-03 to 2020-04-17 (vega-datasets `data/sp500-2000.csv`). */
export function loadSp500Daily(): PriceSeries {
  const file = 'data/sp500-2000.csv';
  // vega-datasets exports only its entry (build/index.js); the CSVs sit in ../data.
  const text = readPackageFile('vega-datasets', `../${file}`);
  const source: SeriesSource = {
    ...VEGA_SOURCE,
    file,
    origin: 'Yahoo Finance (per vega-datasets datapackage.json)',
    notes: 'Index level; adjclose equals close for an index, so close is used.',
  };
  return {
    id: SP500_DAILY_ID,
    ticker: '^GSPC',
    display_name: 'S&P 500',
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: true,
    has_volume: true,
    split_adjusted: true,
    source,
    bars: parseOhlcvCsv(text, file, {
      date: 'date',
      open: 'open',
      high: 'high',
      low: 'low',
      close: 'close',
      volume: 'volume',
    }),
  };
}

/** Apple, daily OHLCV, 2013-05-13 to 2018-05-11, split-adjusted (@observablehq/sample-datasets `aapl.csv`). */
export function loadAaplDaily(): PriceSeries {
  const file = 'aapl.csv';
  // The package exports the CSV path itself; the file sits beside it.
  const text = readPackageFile('@observablehq/sample-datasets/aapl.csv', file);
  return {
    id: AAPL_DAILY_ID,
    ticker: 'AAPL',
    display_name: 'Apple Inc.',
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: true,
    has_volume: true,
    split_adjusted: true,
    source: {
      package: '@observablehq/sample-datasets',
      version: '1.0.1',
      file,
      licence: 'ISC',
      origin: 'Yahoo Finance (AAPL)',
      notes:
        'Open/High/Low/Close are split-adjusted (7:1 of 2014-06-09), not dividend-adjusted; Adj Close is ignored so returns are price returns.',
    },
    bars: parseOhlcvCsv(text, file, {
      date: 'Date',
      open: 'Open',
      high: 'High',
      low: 'Low',
      close: 'Close',
      volume: 'Volume',
    }),
  };
}

interface VisxAppleRow {
  date: string;
  close: number;
}

interface VisxBitcoinRow {
  time: string;
  price: string;
}

function isVisxAppleRow(value: unknown): value is VisxAppleRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { date?: unknown }).date === 'string' &&
    typeof (value as { close?: unknown }).close === 'number'
  );
}

function isVisxBitcoinRow(value: unknown): value is VisxBitcoinRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { time?: unknown }).time === 'string' &&
    typeof (value as { price?: unknown }).price === 'string'
  );
}

function readVisxDefaultExport(file: string): unknown {
  // @visx/mock-data exports only its entry (lib/index.js for require); the mocks sit in ./mocks.
  const loaded = requirePackageFile('@visx/mock-data', `mocks/${file}`);
  return typeof loaded === 'object' && loaded !== null
    ? (loaded as { default?: unknown }).default
    : undefined;
}

/**
 * Apple, daily close only, 2007-04-24 to 2012-05-01, as traded (not split-adjusted)
 * (@visx/mock-data `lib/mocks/appleStock.js`). Timestamps are 07:00Z, i.e. US midnight; the
 * calendar date is the first 10 characters.
 */
export function loadAaplCloseVisx(): PriceSeries {
  const file = 'lib/mocks/appleStock.js';
  const rows = readVisxDefaultExport('appleStock.js');
  if (!Array.isArray(rows) || !rows.every(isVisxAppleRow)) throw new DataFileError(file, 'unexpected shape');
  const bars = rows.map((row) => ({ date: requireIsoDate(row.date.slice(0, 10), file), close: row.close }));
  return {
    id: AAPL_2007_CLOSE_ID,
    ticker: 'AAPL',
    display_name: 'Apple Inc. (2007-2012, close only)',
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: false,
    has_volume: false,
    split_adjusted: false,
    source: {
      package: '@visx/mock-data',
      version: '4.0.0',
      file,
      licence: 'MIT',
      origin: 'Historical AAPL closes as traded (the package does not name its source)',
      notes:
        'Close only, unadjusted for the 2014 7:1 split, so prices are not comparable with the AAPL series.',
    },
    bars: sortAndCheckBars(bars, file),
  };
}

/** Bitcoin in USD, daily close only, 2016-07-04 to 2017-07-03 (@visx/mock-data `lib/mocks/bitcoinPrice.js`). */
export function loadBitcoinClose(): PriceSeries {
  const file = 'lib/mocks/bitcoinPrice.js';
  const loaded = readVisxDefaultExport('bitcoinPrice.js');
  const rows =
    typeof loaded === 'object' && loaded !== null ? (loaded as { prices?: unknown }).prices : undefined;
  if (!Array.isArray(rows) || !rows.every(isVisxBitcoinRow))
    throw new DataFileError(file, 'unexpected shape');
  const bars = rows.map((row) => ({
    date: requireIsoDate(row.time.slice(0, 10), file),
    close: requireNumber(parseNumberCell(row.price), file, 'price'),
  }));
  return {
    id: BTC_DAILY_ID,
    ticker: 'BTC-USD',
    display_name: 'Bitcoin',
    asset_type: 'crypto',
    frequency: 'daily',
    has_ohlc: false,
    has_volume: false,
    split_adjusted: true,
    source: {
      package: '@visx/mock-data',
      version: '4.0.0',
      file,
      licence: 'MIT',
      origin:
        'Daily BTC/USD prices at 00:00Z (shape of the CoinDesk price index API; the package does not name its source)',
      notes: 'Close only; stored newest first in the package, sorted ascending here.',
    },
    bars: sortAndCheckBars(bars, file),
  };
}

function barOfTechanRow(row: unknown, file: string): Bar {
  if (
    !Array.isArray(row) ||
    row.length !== 6 ||
    typeof row[0] !== 'string' ||
    !row.slice(1).every((cell) => typeof cell === 'number' && Number.isFinite(cell))
  ) {
    throw new DataFileError(file, `bad row ${JSON.stringify(row)}`);
  }
  const [date, open, high, low, close, volume] = row as [string, number, number, number, number, number];
  return { date: requireIsoDate(date, file), open, high, low, close, volume };
}

/**
 * Bars of the `ohlc.facebook = [ ["2012-05-18",42.05,45,38,38.23,573576400], ... ].map(...)` literal
 * of techan's fixture (rows are date, open, high, low, close, volume, newest first), sorted ascending.
 */
export function parseTechanFacebookBars(source: string, file: string): Bar[] {
  const start = source.indexOf('ohlc.facebook = [');
  const end = source.indexOf('].map(', start);
  if (start < 0 || end < 0) throw new DataFileError(file, 'ohlc.facebook literal not found');
  let rows: unknown;
  try {
    rows = JSON.parse(source.slice(source.indexOf('[', start), end + 1));
  } catch (error: unknown) {
    throw new DataFileError(file, `ohlc.facebook is not a JSON literal (${(error as Error).message})`);
  }
  if (!Array.isArray(rows)) throw new DataFileError(file, 'ohlc.facebook is not an array');
  return sortAndCheckBars(
    rows.map((row) => barOfTechanRow(row, file)),
    file,
  );
}

/**
 * Facebook (ticker FB until 2022, now Meta Platforms, META), daily OHLCV from the IPO day 2012-05-18
 * to 2014-03-07, as traded (techan `test/spec/bundle/_fixtures/data/ohlc.js`). The fixture module
 * `require`s d3 and a test helper, so it is read as text and its row literal JSON-parsed; nothing in
 * the package runs.
 */
export function loadFacebookDaily(): PriceSeries {
  const file = 'test/spec/bundle/_fixtures/data/ohlc.js';
  // techan has no exports map; its package.json locates the package root without loading d3.
  const text = readPackageFile('techan/package.json', file);
  return {
    id: FACEBOOK_DAILY_ID,
    ticker: 'FB',
    display_name: 'Facebook, Inc. (now Meta Platforms), 2012-2014',
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: true,
    has_volume: true,
    // No split and no dividend in the window, so traded prices are also the adjusted ones.
    split_adjusted: true,
    source: {
      package: 'techan',
      version: '0.8.0',
      file,
      licence: 'MIT',
      origin: 'Historical FB prices as traded (the package does not name its source)',
      notes:
        'Test fixture of the charting library (ohlc.facebook); stored newest first, sorted ascending here. Ticker FB, renamed META in 2022.',
    },
    bars: parseTechanFacebookBars(text, file),
  };
}

const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/** `Jan 1 2000` to `2000-01-01`. */
export function parseVegaMonthDate(text: string, file: string): string {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}) (\d{4})$/.exec(text);
  const month = match ? MONTHS[match[1] ?? ''] : undefined;
  if (!match || !month) throw new DataFileError(file, `bad date '${text}'`);
  return `${match[3]}-${month}-${(match[2] ?? '').padStart(2, '0')}`;
}

const MONTHLY_NAMES: Record<string, string> = {
  MSFT: 'Microsoft Corporation',
  AMZN: 'Amazon.com, Inc.',
  IBM: 'International Business Machines Corporation',
  AAPL: 'Apple Inc.',
  GOOG: 'Alphabet Inc. (Google)',
};

/**
 * Monthly prices of MSFT, AMZN, IBM, AAPL, GOOG, 2000-01 to 2010-03 (vega-datasets `data/stocks.csv`).
 * Close only; one value per month dated the 1st. Ids get an `-M` suffix so they never collide with
 * the daily series of the same ticker.
 */
export function loadMonthlyStocks(): PriceSeries[] {
  const file = 'data/stocks.csv';
  const records = parseCsvRecords(readPackageFile('vega-datasets', `../${file}`));
  const byTicker = new Map<string, Bar[]>();
  for (const record of records) {
    const ticker = record.symbol ?? '';
    const bars = byTicker.get(ticker) ?? [];
    bars.push({
      date: parseVegaMonthDate(record.date ?? '', file),
      close: requireNumber(parseNumberCell(record.price), file, 'price'),
    });
    byTicker.set(ticker, bars);
  }
  return [...byTicker.entries()].map(([ticker, bars]) => ({
    id: `${ticker}-M`,
    ticker,
    display_name: `${MONTHLY_NAMES[ticker] ?? ticker} (monthly)`,
    asset_type: 'stock' as const,
    frequency: 'monthly' as const,
    has_ohlc: false,
    has_volume: false,
    split_adjusted: true,
    source: {
      ...VEGA_SOURCE,
      file,
      origin: 'Not stated: vega-datasets datapackage.json lists no source for stocks.csv',
      notes: 'One price per month dated the 1st of the month; close only.',
    },
    bars: sortAndCheckBars(bars, file),
  }));
}

/** Every real price series of the replay universe, daily first. */
export function loadAllPriceSeries(): PriceSeries[] {
  return [
    loadSp500Daily(),
    loadAaplDaily(),
    loadAaplCloseVisx(),
    loadBitcoinClose(),
    loadFacebookDaily(),
    ...loadMonthlyStocks(),
  ];
}
