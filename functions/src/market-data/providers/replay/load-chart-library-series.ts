import type { Bar, PriceSeries } from '../../../engine/types';
import { AAPL_2007_CLOSE_ID, BTC_DAILY_ID, FACEBOOK_DAILY_ID } from './series-ids';
import { parseNumberCell } from './parse-csv';
import { readPackageFile, requirePackageFile } from './resolve-package-file';
import { DataFileError, requireIsoDate, requireNumber, sortAndCheckBars } from './series-checks';

/*
 * Series that ship inside chart libraries as mock data or test fixtures (engine/README.md "Data
 * sources"): Apple 2007-2012 and Bitcoin 2016-2017 from @visx/mock-data, Facebook 2012-2014 from
 * techan's tests. Read as data; nothing in those packages runs.
 */

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
    // A name, in every language: what "close only" means is on the methodology page, not in the name.
    display_name: 'Apple Inc. (2007-2012)',
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
