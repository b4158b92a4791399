import type { IsoDate } from '../../../engine/types';
import { OHLC_INCONSISTENT, validateBars, type RejectionCode } from '../../quality/bar-validation';
import { expectedSessions, isExpectedSession } from '../../quality/market-calendar';
import type { FullBar } from './us-daily-codec';

/*
 * What the build (functions/scripts/build-us-daily.ts) checks in every source CSV before it encodes
 * a bar, with the ingestion path's own rules (../../quality/bar-validation.ts, the NYSE calendar of
 * ../../quality/market-calendar.ts) and what a fixed file needs on top. Nothing is ever repaired or
 * filled in: a row is kept as the source wrote it, or dropped with its reason.
 *
 * | Found                                                        | Outcome                              |
 * | ------------------------------------------------------------ | ------------------------------------ |
 * | a date or a number that does not parse                       | dropped: UNPARSABLE                  |
 * | a date the NYSE was closed (weekend, scheduled holiday)      | dropped: OFF_CALENDAR                |
 * | the validator's rejections (non-positive price, high below   | dropped with the validator's code    |
 * | low, negative volume, duplicate or out-of-order date)        |                                      |
 * | open or close outside [low, high] (validator: OHLC_INCONSISTENT; in this source a misplaced       |
 * | decimal point, e.g. BXP 2007-05-02 close 0.8874 in a day of 87.50..89.16)  | dropped: PRICE_OUTSIDE_RANGE |
 * | open = high = low = close with volume 0: a placeholder, not a day of trading (the day before    |
 * | an IPO, e.g. V 2008-03-18)                                   | dropped: NO_TRADE_PLACEHOLDER        |
 * | a close more than 50 % from the close before, and the next close back within 50 % of the one    |
 * | before it (the validator's UNCONFIRMED_MOVE that the next bar contradicts) | dropped: ISOLATED_SPIKE |
 * | a move of more than 50 % that the next bar confirms          | kept, listed as a large move         |
 * | volume 0 on a day with a range                               | kept, volume unknown                 |
 * | an NYSE session between the first and last bar without a bar | a gap: counted and listed, not filled |
 *
 * The validator's UNCONFIRMED_MOVE waits for a second read of the same bar; a fixed file has none, so
 * the next bar is the witness: a one-day excursion that comes straight back is a bad print, a level
 * that holds is a real move. An NYSE session is a weekday that is not a scheduled holiday on which at
 * least one series of the set has a bar (the unscheduled closures, such as Hurricane Sandy on
 * 2012-10-29 and 30, have none), as series-quality.ts judges completeness against the reference index.
 */

export const MOVE_THRESHOLD = 0.5;

export type DropReason =
  | RejectionCode
  | 'UNPARSABLE'
  | 'OFF_CALENDAR'
  | 'PRICE_OUTSIDE_RANGE'
  | 'NO_TRADE_PLACEHOLDER'
  | 'ISOLATED_SPIKE';

export const DROP_REASONS: readonly DropReason[] = [
  'UNPARSABLE',
  'OFF_CALENDAR',
  'NON_POSITIVE_PRICE',
  'HIGH_BELOW_LOW',
  'NEGATIVE_VOLUME',
  'DUPLICATE_DATE',
  'OUT_OF_ORDER_DATE',
  'PRICE_OUTSIDE_RANGE',
  'NO_TRADE_PLACEHOLDER',
  'ISOLATED_SPIKE',
];

export interface SourceRow {
  /** Line number in the source file (the header is line 1). */
  line: number;
  text: string;
}

export interface DroppedRow extends SourceRow {
  reason: DropReason;
}

export interface SeriesValidation {
  rowsRead: number;
  kept: FullBar[];
  dropped: DroppedRow[];
  /** Kept bars whose volume the source gives as 0 although the day has a range. */
  volumeUnknown: IsoDate[];
  /** Kept closes more than 50 % from the close before, confirmed by the next bar. */
  largeMoves: { date: IsoDate; change: number }[];
  /** NYSE sessions between the first and the last kept bar without a bar. */
  missingSessions: IsoDate[];
}

export const US_DAILY_HEADER = 'Date,Open,High,Low,Close,Volume';

interface ParsedRow extends FullBar, SourceRow {
  volume: number;
}

function parseRow(row: SourceRow): ParsedRow | null {
  const cells = row.text.split(',');
  const [date = '', ...numberCells] = cells;
  const numbers = numberCells.map((cell) => (cell.trim() === '' ? Number.NaN : Number(cell)));
  const [open, high, low, close, volume] = numbers;
  if (cells.length !== 6 || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return null;
  if (numbers.some((value) => !Number.isFinite(value))) return null;
  return {
    ...row,
    date,
    open: open ?? 0,
    high: high ?? 0,
    low: low ?? 0,
    close: close ?? 0,
    volume: volume ?? 0,
  };
}

/** The data rows of a source CSV, numbered as lines of the file; refuses a file whose header differs. */
export function sourceRows(text: string, file: string): SourceRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== US_DAILY_HEADER) throw new Error(`${file}: header is not ${US_DAILY_HEADER}`);
  return lines
    .map((line, index) => ({ line: index + 1, text: line }))
    .slice(1)
    .filter((row) => row.text.trim() !== '');
}

const change = (from: number, to: number) => to / from - 1;
const isLargeMove = (from: number, to: number) => Math.abs(change(from, to)) > MOVE_THRESHOLD;

function withoutSpikes(bars: ParsedRow[], dropped: DroppedRow[]): ParsedRow[] {
  const kept: ParsedRow[] = [];
  for (let i = 0; i < bars.length; i += 1) {
    const bar = bars[i] as ParsedRow;
    const before = kept.at(-1);
    const next = bars[i + 1];
    const spike =
      before !== undefined &&
      next !== undefined &&
      isLargeMove(before.close, bar.close) &&
      isLargeMove(bar.close, next.close) &&
      !isLargeMove(before.close, next.close);
    if (spike) dropped.push({ line: bar.line, text: bar.text, reason: 'ISOLATED_SPIKE' });
    else kept.push(bar);
  }
  return kept;
}

/**
 * The NYSE sessions of the set, ascending: the weekdays from `from` to `to` that are not scheduled
 * holidays and on which at least one series has a bar (`datesWithBars`).
 */
export function marketSessionsOf(datesWithBars: ReadonlySet<IsoDate>, from: IsoDate, to: IsoDate): IsoDate[] {
  return expectedSessions('nyse', from, to).filter((date) => datesWithBars.has(date));
}

/** Checks one source series against the set's NYSE sessions (`marketSessionsOf`, ascending). */
export function validateUsDailySeries(
  rows: readonly SourceRow[],
  marketSessions: readonly IsoDate[],
): SeriesValidation {
  const dropped: DroppedRow[] = [];
  const onCalendar: ParsedRow[] = [];
  for (const row of rows) {
    const parsed = parseRow(row);
    if (!parsed) dropped.push({ ...row, reason: 'UNPARSABLE' });
    else if (!isExpectedSession('nyse', parsed.date)) dropped.push({ ...row, reason: 'OFF_CALENDAR' });
    else onCalendar.push(parsed);
  }
  // Every bar of a history is a closed session; no bar was stored before, so nothing confirms a move.
  const closedBars = onCalendar.map((row) => ({ ...row, closed: true }));
  const { accepted, rejected } = validateBars(closedBars, { previous: null, stored: new Map() });
  const acceptedLines = new Set(accepted.map((bar) => (bar as unknown as ParsedRow).line));
  const rejectedRows = onCalendar.filter((row) => !acceptedLines.has(row.line));
  rejectedRows.forEach((row, index) =>
    dropped.push({ line: row.line, text: row.text, reason: rejected[index]?.code ?? 'UNPARSABLE' }),
  );
  const consistent: ParsedRow[] = [];
  for (const bar of accepted as unknown as (ParsedRow & { flags: string[]; closed: boolean })[]) {
    const { line, text } = bar;
    const flat = bar.open === bar.high && bar.high === bar.low && bar.low === bar.close;
    if (bar.flags.includes(OHLC_INCONSISTENT)) dropped.push({ line, text, reason: 'PRICE_OUTSIDE_RANGE' });
    else if (flat && bar.volume === 0) dropped.push({ line, text, reason: 'NO_TRADE_PLACEHOLDER' });
    else consistent.push(bar);
  }
  const clean = withoutSpikes(consistent, dropped);
  const largeMoves = clean.flatMap((bar, i) => {
    const before = clean[i - 1];
    return before && isLargeMove(before.close, bar.close)
      ? [{ date: bar.date, change: Math.round(change(before.close, bar.close) * 10_000) / 10_000 }]
      : [];
  });
  const kept: FullBar[] = clean.map(({ date, open, high, low, close, volume }) =>
    volume > 0 ? { date, open, high, low, close, volume } : { date, open, high, low, close },
  );
  const keptDates = new Set(kept.map((bar) => bar.date));
  const first = kept[0]?.date;
  const last = kept.at(-1)?.date;
  const missingSessions =
    first && last
      ? marketSessions.filter((date) => date >= first && date <= last && !keptDates.has(date))
      : [];
  dropped.sort((left, right) => left.line - right.line);
  return {
    rowsRead: rows.length,
    kept,
    dropped,
    volumeUnknown: clean.filter((bar) => bar.volume === 0).map((bar) => bar.date),
    largeMoves,
    missingSessions,
  };
}
