import type { IsoDate } from '../../engine/types';
import { addDays } from '../quality/market-calendar';

/*
 * Which dates one fetch asks a provider for (one request either way):
 * - nothing stored: the backfill, the last BACKFILL_DAYS up to today (or as far back as the provider
 *   serves: CoinGecko's free tier, 365 days);
 * - history stored: from OVERLAP_DAYS before the last stored bar to today, because providers correct
 *   recent bars (late prints, a session closed after we read it running);
 * - history stored but never asked that far back (the backfill window moved back: a replay that
 *   started over): from the earliest wanted date, so the gap is filled in the same request.
 */

export const BACKFILL_DAYS = 730;
export const OVERLAP_DAYS = 5;

export interface StoredRange {
  last_date: IsoDate | null;
  /** The earliest date a fetch of this series ever asked for. */
  history_from: IsoDate | null;
}

export function earliestWanted(today: IsoDate, maxHistoryDays: number | null): IsoDate {
  const days = Math.min(BACKFILL_DAYS, maxHistoryDays ?? BACKFILL_DAYS);
  return addDays(today, -(days - 1));
}

export function planFetchWindow(
  stored: StoredRange,
  today: IsoDate,
  maxHistoryDays: number | null,
): { from: IsoDate; to: IsoDate } {
  const earliest = earliestWanted(today, maxHistoryDays);
  if (stored.last_date === null || stored.history_from === null || stored.history_from > earliest) {
    return { from: earliest, to: today };
  }
  // A replay that started over holds bars after its new today: overlap from today back.
  const newest = stored.last_date < today ? stored.last_date : today;
  const from = addDays(newest, -OVERLAP_DAYS);
  return { from: from < earliest ? earliest : from, to: today };
}
