import type { IsoDate } from '../../engine/types';
import type { MarketCalendarName, SeriesQualityFlag } from '../../data/series-repository';
import { UNCONFIRMED_MOVE, type BarRejection } from './bar-validation';
import { addDays, expectedSessions, missedSessions } from './market-calendar';

/*
 * A series' quality as the admin monitor and the read path see it, from its stored bars and its
 * market calendar (quality/market-calendar.ts):
 *
 * - completeness: bars present over bars expected, over the year up to the series' as-of date (or
 *   since its first bar when younger). For the NYSE calendar, a weekday the reference index (^GSPC)
 *   also lacks is not expected: the whole market was closed (an unscheduled closure);
 * - stale: at least one session of its calendar has ended since its as-of date without a bar
 *   (today's session is not counted: it may still be trading, or not yet fetched);
 * - flags, by code, for the monitor: STALE (sessions missed), INCOMPLETE (completeness under 95 %),
 *   UNCONFIRMED_MOVE (a stored bar waiting for its second read), REJECTED_BARS (bars the last answer
 *   failed validation with), PROVIDER_FAILING (consecutive failed fetches).
 */

export const COMPLETENESS_WINDOW_DAYS = 365;
export const INCOMPLETE_BELOW = 0.95;

export interface Completeness {
  completeness: number;
  expected: number;
  present: number;
  /** Expected sessions without a bar (the first few, for the monitor). */
  missing: IsoDate[];
}

export function computeCompleteness(
  calendar: MarketCalendarName,
  barDates: readonly IsoDate[],
  window: { from: IsoDate; to: IsoDate },
  /** Dates of the reference index over the same window, when it is stored there (NYSE only). */
  referenceDates?: ReadonlySet<IsoDate> | null,
): Completeness {
  let expected = expectedSessions(calendar, window.from, window.to);
  if (calendar === 'nyse' && referenceDates && referenceDates.size > 0) {
    expected = expected.filter((date) => referenceDates.has(date));
  }
  const present = new Set(barDates);
  const missing = expected.filter((date) => !present.has(date));
  const found = expected.length - missing.length;
  return {
    completeness: expected.length === 0 ? 1 : Math.round((found / expected.length) * 10_000) / 10_000,
    expected: expected.length,
    present: found,
    missing: missing.slice(0, 10),
  };
}

/** The window completeness is judged over: the last year up to the as-of date, from the first bar at the earliest. */
export function completenessWindow(firstDate: IsoDate, asOf: IsoDate): { from: IsoDate; to: IsoDate } {
  const yearBefore = addDays(asOf, -COMPLETENESS_WINDOW_DAYS + 1);
  return { from: firstDate > yearBefore ? firstDate : yearBefore, to: asOf };
}

export interface StalenessResult {
  stale: boolean;
  missed: number;
}

export function assessStaleness(calendar: MarketCalendarName, asOf: IsoDate, now: Date): StalenessResult {
  const missed = missedSessions(calendar, asOf, now).length;
  return { stale: missed > 0, missed };
}

export interface SeriesFlagInput {
  calendar: MarketCalendarName;
  mode: 'live' | 'replay';
  asOf: IsoDate | null;
  completeness: Completeness | null;
  /** Stored bars still flagged UNCONFIRMED_MOVE. */
  unconfirmed: { date: IsoDate; flags?: string[] }[];
  rejected: readonly BarRejection[];
  consecutiveFailures: number;
  now: Date;
}

export function seriesFlags(input: SeriesFlagInput): SeriesQualityFlag[] {
  const flags: SeriesQualityFlag[] = [];
  // A replayed series is at the replay clock's date by construction: wall-clock staleness does not apply.
  if (input.asOf && input.mode === 'live') {
    const staleness = assessStaleness(input.calendar, input.asOf, input.now);
    if (staleness.stale) flags.push({ code: 'STALE', date: input.asOf, value: staleness.missed });
  }
  if (input.completeness && input.completeness.completeness < INCOMPLETE_BELOW) {
    flags.push({ code: 'INCOMPLETE', value: input.completeness.completeness });
  }
  for (const bar of input.unconfirmed.filter((entry) => entry.flags?.includes(UNCONFIRMED_MOVE))) {
    flags.push({ code: UNCONFIRMED_MOVE, date: bar.date });
  }
  if (input.rejected.length > 0) {
    flags.push({
      code: 'REJECTED_BARS',
      date: input.rejected.at(-1)?.date as IsoDate,
      value: input.rejected.length,
    });
  }
  if (input.consecutiveFailures > 0)
    flags.push({ code: 'PROVIDER_FAILING', value: input.consecutiveFailures });
  return flags;
}
