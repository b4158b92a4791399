import type { IsoDate } from '../../engine/types';
import type { FetchedBar } from '../bars-provider';

/*
 * What a provider's bars must pass before they are stored (the ingestion worker runs this on every
 * answer, in the provider's order):
 *
 * | Rule                                                        | Outcome                                   |
 * | ----------------------------------------------------------- | ----------------------------------------- |
 * | a price (open, high, low, close) zero, negative or not a number | rejected: NON_POSITIVE_PRICE          |
 * | high below low                                              | rejected: HIGH_BELOW_LOW                  |
 * | negative volume                                             | rejected: NEGATIVE_VOLUME                 |
 * | a date equal to the one before                              | rejected: DUPLICATE_DATE                  |
 * | a date before the one before                                | rejected: OUT_OF_ORDER_DATE               |
 * | high below open or close, or low above them                 | stored, flagged OHLC_INCONSISTENT         |
 * | close more than 50 % away from the last confirmed close     | stored, flagged UNCONFIRMED_MOVE until a  |
 * |                                                             | second read returns the same close        |
 *
 * "Confirmed close" skips bars still flagged, so one bad print (100, 300, 100) flags the 300 only. A
 * second read is a later fetch (the 5-day overlap reads recent bars again): if the provider returns
 * the close already stored, the move is confirmed and the flag goes; if it returns another close, the
 * correction is stored and judged again.
 */

export type RejectionCode =
  'NON_POSITIVE_PRICE' | 'HIGH_BELOW_LOW' | 'NEGATIVE_VOLUME' | 'DUPLICATE_DATE' | 'OUT_OF_ORDER_DATE';

export const UNCONFIRMED_MOVE = 'UNCONFIRMED_MOVE';
export const OHLC_INCONSISTENT = 'OHLC_INCONSISTENT';
/** A one-day move beyond this fraction waits for a second read. */
export const MOVE_CONFIRMATION_THRESHOLD = 0.5;

export interface ValidatedBar extends FetchedBar {
  flags: string[];
}

export interface BarRejection {
  date: IsoDate;
  code: RejectionCode;
}

export interface StoredContext {
  /** The last stored bar before the first fetched date (the base of the first move), if any. */
  previous: { date: IsoDate; close: number; flags?: string[] } | null;
  /** Stored bars of the fetched window, by date (the first read of a move). */
  stored: ReadonlyMap<IsoDate, { close: number; flags?: string[] }>;
}

export interface ValidationResult {
  accepted: ValidatedBar[];
  rejected: BarRejection[];
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

function rejectionOf(bar: FetchedBar): RejectionCode | null {
  for (const field of PRICE_FIELDS) {
    const value = bar[field];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) return 'NON_POSITIVE_PRICE';
  }
  if (bar.high !== undefined && bar.low !== undefined && bar.high < bar.low) return 'HIGH_BELOW_LOW';
  if (bar.volume !== undefined && (!Number.isFinite(bar.volume) || bar.volume < 0)) return 'NEGATIVE_VOLUME';
  return null;
}

function isInconsistent(bar: FetchedBar): boolean {
  const { open, high, low, close } = bar;
  if (high !== undefined && (high < close || (open !== undefined && high < open))) return true;
  return low !== undefined && (low > close || (open !== undefined && low > open));
}

export function validateBars(bars: readonly FetchedBar[], context: StoredContext): ValidationResult {
  const accepted: ValidatedBar[] = [];
  const rejected: BarRejection[] = [];
  const previousFlags = context.previous?.flags ?? [];
  let confirmedClose =
    context.previous && !previousFlags.includes(UNCONFIRMED_MOVE) ? context.previous.close : null;
  let lastDate: IsoDate | null = null;
  for (const bar of bars) {
    const rejection = rejectionOf(bar);
    if (rejection) {
      rejected.push({ date: bar.date, code: rejection });
      continue;
    }
    if (lastDate !== null && bar.date <= lastDate) {
      rejected.push({ date: bar.date, code: bar.date === lastDate ? 'DUPLICATE_DATE' : 'OUT_OF_ORDER_DATE' });
      continue;
    }
    lastDate = bar.date;
    const flags: string[] = [];
    if (isInconsistent(bar)) flags.push(OHLC_INCONSISTENT);
    const move = confirmedClose === null ? 0 : Math.abs(bar.close / confirmedClose - 1);
    if (move > MOVE_CONFIRMATION_THRESHOLD) {
      const stored = context.stored.get(bar.date);
      // Read before with this very close: this is the second read, and it confirms the move.
      const secondRead = stored !== undefined && stored.close === bar.close;
      if (!secondRead) flags.push(UNCONFIRMED_MOVE);
    }
    if (!flags.includes(UNCONFIRMED_MOVE)) confirmedClose = bar.close;
    accepted.push({ ...bar, flags });
  }
  return { accepted, rejected };
}
