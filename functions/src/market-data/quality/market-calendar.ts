import { getHolidays } from 'nyse-holidays';
import type { IsoDate } from '../../engine/types';
import type { MarketCalendarName } from '../../data/series-repository';

/*
 * Which days a series is expected to have a bar, by market:
 *
 * | Calendar   | Sessions                                                     | Used for                                   |
 * | ---------- | ------------------------------------------------------------ | ------------------------------------------ |
 * | `crypto`   | every day (UTC)                                              | coins                                      |
 * | `fx`       | Monday to Friday (UTC)                                       | FX pairs (EURUSD=X)                        |
 * | `nyse`     | weekdays except NYSE holidays (`nyse-holidays`), New York    | US stocks, ETFs, US indices, futures       |
 * | `euronext` | weekdays except 1 Jan, Good Friday, Easter Monday, 1 May,    | European indices (^STOXX50E, ^FCHI, ^IBEX) |
 * |            | 25 and 26 Dec (Paris)                                        |                                            |
 *
 * `nyse-holidays` knows the scheduled holidays only, not unscheduled closures (2012-10-29 and 30,
 * Hurricane Sandy; national days of mourning): completeness therefore drops a weekday the reference
 * index (^GSPC) also lacks, since a day the whole market lacks is not a gap (quality/series-quality.ts).
 * US futures follow the NYSE calendar here, an approximation (CME closes on most of the same days).
 */

const DAY_MS = 86_400_000;

const TIME_ZONES: Record<MarketCalendarName, string> = {
  crypto: 'UTC',
  fx: 'UTC',
  nyse: 'America/New_York',
  euronext: 'Europe/Paris',
};

const nyseHolidays = new Map<number, Set<IsoDate>>();
function nyseHolidaysOf(year: number): Set<IsoDate> {
  let holidays = nyseHolidays.get(year);
  if (!holidays) {
    holidays = new Set(getHolidays(year).map((holiday) => holiday.dateString));
    nyseHolidays.set(year, holidays);
  }
  return holidays;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isEuronextHoliday(date: IsoDate): boolean {
  const monthDay = date.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return true;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date === addDays(easter, -2) || date === addDays(easter, 1);
}

const isWeekday = (date: IsoDate) => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

export function isExpectedSession(calendar: MarketCalendarName, date: IsoDate): boolean {
  switch (calendar) {
    case 'crypto':
      return true;
    case 'fx':
      return isWeekday(date);
    case 'nyse':
      return isWeekday(date) && !nyseHolidaysOf(Number(date.slice(0, 4))).has(date);
    case 'euronext':
      return isWeekday(date) && !isEuronextHoliday(date);
  }
}

/** Sessions the calendar expects with from <= date <= to, ascending. */
export function expectedSessions(calendar: MarketCalendarName, from: IsoDate, to: IsoDate): IsoDate[] {
  const sessions: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (isExpectedSession(calendar, date)) sessions.push(date);
  }
  return sessions;
}

/** The market's own date at `now` (New York for the NYSE, Paris for Euronext, UTC otherwise). */
export function marketToday(calendar: MarketCalendarName, now: Date): IsoDate {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONES[calendar],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Sessions that have ended since `asOf` without a bar: every expected session after `asOf` and before
 * the market's today (today's session may still be trading or not yet fetched).
 */
export function missedSessions(calendar: MarketCalendarName, asOf: IsoDate, now: Date): IsoDate[] {
  const today = marketToday(calendar, now);
  return expectedSessions(calendar, addDays(asOf, 1), addDays(today, -1));
}

/** The calendar of an instrument, from its asset class and, for indices, its ticker. */
export function calendarOf(assetClass: string, symbol: string): MarketCalendarName {
  if (assetClass === 'crypto') return 'crypto';
  if (assetClass === 'fx') return 'fx';
  if (assetClass === 'index' && ['^STOXX50E', '^FCHI', '^IBEX'].includes(symbol)) return 'euronext';
  return 'nyse';
}
