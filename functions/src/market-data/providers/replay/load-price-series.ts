import type { Bar, PriceSeries, SeriesSource } from '../../../engine/types';
import { parseCsvRecords, parseNumberCell } from './parse-csv';
import { loadBitcoinClose } from './load-chart-library-series';
import { loadFxSeries } from './load-fx-series';
import { readPackageFile } from './resolve-package-file';
import { AAPL_DAILY_ID, SP500_DAILY_ID } from './series-ids';
import { DataFileError, requireIsoDate, requireNumber, sortAndCheckBars } from './series-checks';

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

/**
 * The packaged daily series of the replay (README.md "Data sources"): the S&P 500 index, Bitcoin and
 * six FX pairs. The US stocks and ETFs come from us-daily/ (load-us-daily.ts). The older Apple,
 * Facebook and monthly series are retired: the US market of 2007-2017 replaces them.
 */
export function loadAllPriceSeries(): PriceSeries[] {
  return [loadSp500Daily(), loadBitcoinClose(), ...loadFxSeries()];
}
