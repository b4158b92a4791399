import type { IsoDate } from './types';

/*
 * The market clock: one replay date for every series (market-data/README.md "The market clock").
 *
 * The replay walks a calendar, the dates of a window on which at least one series has a bar, one
 * date per `msPerDay` of wall time, and starts over when it reaches the window's end. Each pass is a
 * cycle; nothing is computed across two cycles (a move, a return, an alert or a change of advice
 * compares two moments of the same cycle only). A series is read at the clock's date through
 * `barOnOrBefore`: its last bar on or before the date when at most `MAX_BAR_AGE_DAYS` old, else no
 * data on that date. Everything here is a pure function of its arguments: every Lambda instance and
 * every test computes the same date from the same wall time.
 */

const DAY_MS = 86_400_000;

/** A series whose last bar is older than this on the clock's date has no data on that date. */
export const MAX_BAR_AGE_DAYS = 3;

/** Bars are daily; their close is dated 21:00 UTC (16:00 in New York in winter) for every series. */
export const BAR_CLOSE_UTC_HOUR = 21;

/** Default speed: one replayed date per real minute. */
export const DEFAULT_MS_PER_DAY = 60_000;

export interface ReplayWindow {
  from: IsoDate;
  to: IsoDate;
}

export interface MarketClockConfig {
  /** Wall time (ms since 1970) at which cycle 0 begins on the calendar's first date. */
  epochMs: number;
  /** Real milliseconds each replayed date lasts. */
  msPerDay: number;
  /** The replay dates, ascending and unique (`buildReplayCalendar`). */
  calendar: readonly IsoDate[];
}

export interface MarketDate {
  /** The date every series is read at. */
  date: IsoDate;
  /** Which pass over the calendar: 0 from the epoch, one more at every wrap (negative before it). */
  cycle: number;
  /** Names the cycle across configurations: the wall time (ISO) at which it began. */
  cycleId: string;
  /** Position of `date` in the calendar (0 = the first date of the window). */
  step: number;
  /** Wall time at which this date began, and at which the next one begins (ms since 1970). */
  startedAtMs: number;
  nextAtMs: number;
}

function dayNumber(date: IsoDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/**
 * The replay calendar: every date of the window on which at least one of the series has a bar,
 * ascending. Throws when none has: a clock needs at least one date.
 */
export function buildReplayCalendar(
  series: readonly { bars: readonly { date: IsoDate }[] }[],
  window: ReplayWindow,
): IsoDate[] {
  if (window.from > window.to) throw new RangeError(`replay window ${window.from} is after ${window.to}`);
  const dates = new Set<IsoDate>();
  for (const entry of series) {
    for (const bar of entry.bars) if (bar.date >= window.from && bar.date <= window.to) dates.add(bar.date);
  }
  if (dates.size === 0) {
    throw new RangeError(`no series has a bar between ${window.from} and ${window.to}`);
  }
  return [...dates].sort();
}

function checkConfig(config: MarketClockConfig): void {
  if (config.calendar.length === 0) throw new RangeError('the market clock needs at least one date');
  if (!(config.msPerDay > 0)) throw new RangeError('msPerDay must be positive');
}

/** The clock's date at wall time `now`, with its cycle and the wall times it begins and ends. */
export function marketDateAt(now: Date | number, config: MarketClockConfig): MarketDate {
  checkConfig(config);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const length = config.calendar.length;
  const steps = Math.floor((nowMs - config.epochMs) / config.msPerDay);
  const cycle = Math.floor(steps / length);
  const step = steps - cycle * length;
  const startedAtMs = config.epochMs + steps * config.msPerDay;
  return {
    date: config.calendar[step] as IsoDate,
    cycle,
    cycleId: new Date(config.epochMs + cycle * length * config.msPerDay).toISOString(),
    step,
    startedAtMs,
    nextAtMs: startedAtMs + config.msPerDay,
  };
}

/** True when two readings of the clock belong to one pass over the window (no wrap between them). */
export function isSameCycle(
  first: Pick<MarketDate, 'cycleId'>,
  second: Pick<MarketDate, 'cycleId'>,
): boolean {
  return first.cycleId === second.cycleId;
}

/** Wall time at which a date's bar closes. */
export function barCloseTime(date: IsoDate): Date {
  return new Date(`${date}T${String(BAR_CLOSE_UTC_HOUR).padStart(2, '0')}:00:00Z`);
}

/**
 * The historical moment the replay is at: the close of the clock's date plus the elapsed share of
 * its wall-clock step mapped onto the real time until the next date's close. Within one step the
 * moment sweeps from one close to the next, so news timed in hours keeps its historical meaning.
 */
export function replayMomentAt(now: Date | number, config: MarketClockConfig): Date {
  const current = marketDateAt(now, config);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const close = barCloseTime(current.date).getTime();
  const nextDate = config.calendar[current.step + 1];
  const span = nextDate ? barCloseTime(nextDate).getTime() - close : DAY_MS;
  const elapsed = (nowMs - current.startedAtMs) / config.msPerDay;
  return new Date(close + Math.floor(elapsed * span));
}

/**
 * The bar a series shows on `date`: its last bar on or before the date, if at most `maxAgeDays`
 * calendar days old; null otherwise ("no data on <date>"), never a price of another period.
 * Bars are ascending by date.
 */
export function barOnOrBefore<T extends { date: IsoDate }>(
  bars: readonly T[],
  date: IsoDate,
  maxAgeDays: number = MAX_BAR_AGE_DAYS,
): { bar: T; index: number } | null {
  let low = 0;
  let high = bars.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((bars[middle] as T).date <= date) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const bar = bars[found];
  if (!bar || daysBetween(bar.date, date) > maxAgeDays) return null;
  return { bar, index: found };
}

/** The live market's date: the UTC calendar day of `now` (one cycle, no wrap). */
export function liveMarketDateAt(now: Date | number): MarketDate {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const startedAtMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return {
    date: new Date(startedAtMs).toISOString().slice(0, 10),
    cycle: 0,
    cycleId: 'live',
    step: 0,
    startedAtMs,
    nextAtMs: startedAtMs + DAY_MS,
  };
}
