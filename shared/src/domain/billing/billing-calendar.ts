import { utc } from '@date-fns/utc';
import { addDays, addMonths, differenceInCalendarDays } from 'date-fns';

/**
 * Billing dates, always in UTC. A period is a whole number of calendar months counted from the
 * subscription's anchor (the instant of its first charge), never chained from the previous period's
 * end, so a short month does not shift every later date:
 *
 * - anchor 31 January 10:00: periods end 28 February (29 in a leap year), 31 March, 30 April, 31 May
 *   ... always at 10:00 UTC. A day the month lacks becomes that month's last day (date-fns
 *   `addMonths`, the rule card processors bill by).
 * - anchor 29 February 2024, annual: the period ends 28 February 2025, the next one 28 February 2026,
 *   the one after 29 February 2028.
 *
 * Day counts (proration, the money-back window) count UTC calendar dates, not 24-hour spans: from
 * 11 January 23:00 to 1 February 01:00 is 21 days.
 */

export function addCalendarMonths(anchor: Date, months: number): Date {
  return new Date(addMonths(anchor, months, { in: utc }).getTime());
}

export function addUtcDays(instant: Date, days: number): Date {
  return new Date(addDays(instant, days, { in: utc }).getTime());
}

/** Whole UTC calendar days from `from` to `to` (negative when `to` is earlier). */
export function utcCalendarDaysBetween(from: Date, to: Date): number {
  return differenceInCalendarDays(to, from, { in: utc });
}
