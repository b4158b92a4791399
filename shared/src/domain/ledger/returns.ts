import { addDays, addMonths, daysBetween, type IsoDate } from './calendar';
import type { DailyPoint } from './daily-valuation';
import type { LedgerErrorCode } from './ledger-errors';
import { RETURN_PERIODS, type ReturnPeriod } from './ledger-vocabulary';
import { solveXirr } from './xirr-solver';

/**
 * Returns over the standard periods, from the daily valuation (README, "Returns"):
 * - time-weighted (TWR): the product of daily returns (V_t + O_t + I_t) / (V_t-1 + N_t): money in N
 *   counts from the start of its day, money out O and income paid out I until its end. It measures
 *   the investments, whatever money was added or taken out and when.
 * - money-weighted (XIRR): the yearly rate at which the dated flows, the starting value and the
 *   ending value discount to zero. It measures the investor's money, so the timing of deposits counts.
 */
export { RETURN_PERIODS, ReturnPeriodSchema, type ReturnPeriod } from './ledger-vocabulary';

const DAYS_PER_YEAR = 365;
const MS_PER_YEAR = DAYS_PER_YEAR * 86_400_000;

export interface PeriodWindow {
  /** Returns are measured from the end of this day (its value is the starting value). */
  start: IsoDate;
  end: IsoDate;
  /** False when the portfolio is younger than the period: the window then starts with it. */
  covers_full_period: boolean;
}

/** The window of `period` ending on `end`, for a ledger whose first transaction is on `firstDate`. */
export function periodWindow(period: ReturnPeriod, end: IsoDate, firstDate: IsoDate): PeriodWindow {
  const beforeFirst = addDays(firstDate, -1);
  const nominal: Record<ReturnPeriod, IsoDate> = {
    '1M': addMonths(end, -1),
    '3M': addMonths(end, -3),
    YTD: `${Number(end.slice(0, 4)) - 1}-12-31`,
    '1Y': addMonths(end, -12),
    MAX: beforeFirst,
  };
  const start = nominal[period];
  return start < beforeFirst
    ? { start: beforeFirst, end, covers_full_period: false }
    : { start, end, covers_full_period: true };
}

/** End-of-day value on `date` (0 before the first day: nothing was held). */
function valueAt(days: readonly DailyPoint[], date: IsoDate): number {
  const first = days[0];
  if (!first || date < first.date) return 0;
  return days[daysBetween(first.date, date)]?.value_base ?? 0;
}

/** The days after the window's start up to its end: a slice, as the series has every calendar day. */
export function daysIn(
  days: readonly DailyPoint[],
  window: Pick<PeriodWindow, 'start' | 'end'>,
): DailyPoint[] {
  const first = days[0];
  if (!first) return [];
  const from = Math.max(0, daysBetween(first.date, window.start) + 1);
  const to = Math.min(days.length, daysBetween(first.date, window.end) + 1);
  return from >= to ? [] : days.slice(from, to);
}

export interface CumulativePoint {
  date: IsoDate;
  /** Time-weighted return from the window's start to the end of this day. */
  cumulative: number;
}

export interface TimeWeightedResult {
  value: number | null;
  series: CumulativePoint[];
}

/**
 * Chains the daily returns of the window. Money out is counted at the end of its day: a sale is made
 * at the day's price, so counting it at the start (against yesterday's close) would turn selling
 * everything above yesterday's close into a -100% day. A day that starts with nothing invested
 * (V_t-1 + N_t <= 0) has no return and is skipped; a window without any other day has no TWR.
 */
export function timeWeightedReturn(days: readonly DailyPoint[], window: PeriodWindow): TimeWeightedResult {
  let previousValue = valueAt(days, window.start);
  let growth = 1;
  let measuredDays = 0;
  const series: CumulativePoint[] = [];
  for (const day of daysIn(days, window)) {
    const invested = previousValue + day.inflow_base;
    if (invested > 0) {
      growth *= (day.value_base + day.outflow_base + day.income_base) / invested;
      measuredDays += 1;
    }
    series.push({ date: day.date, cumulative: growth - 1 });
    previousValue = day.value_base;
  }
  return { value: measuredDays === 0 ? null : growth - 1, series };
}

const utcDate = (date: IsoDate): Date => new Date(`${date}T00:00:00Z`);

/**
 * XIRR of the window, per year: the starting value invested on the start day, each flow on its
 * day (money in is negative for the investor), income received, the ending value taken out on the
 * end day. Null only when no rate in (-100 %, +inf) solves it (xirr-solver.ts).
 */
export function moneyWeightedReturn(
  days: readonly DailyPoint[],
  window: PeriodWindow,
): { annualised: number; years: number } | null {
  const cashFlows: { amount: number; when: Date }[] = [];
  const startValue = valueAt(days, window.start);
  if (startValue !== 0) cashFlows.push({ amount: -startValue, when: utcDate(window.start) });
  let endValue = startValue;
  for (const day of daysIn(days, window)) {
    const received = day.outflow_base + day.income_base;
    if (day.inflow_base !== 0) cashFlows.push({ amount: -day.inflow_base, when: utcDate(day.date) });
    if (received !== 0) cashFlows.push({ amount: received, when: utcDate(day.date) });
    endValue = day.value_base;
  }
  cashFlows.push({ amount: endValue, when: utcDate(window.end) });
  // XIRR's own timeline: from the first flow (the start value, or the first money in) to the end.
  const years = (utcDate(window.end).getTime() - (cashFlows[0]?.when.getTime() ?? 0)) / MS_PER_YEAR;
  const annualised = solveXirr(cashFlows);
  return annualised === null ? null : { annualised, years };
}

export interface PeriodReturn extends PeriodWindow {
  period: ReturnPeriod;
  /** Over the window, not annualised. */
  time_weighted: number | null;
  /** Per year; only for windows of a year or more (annualising a month exaggerates). */
  time_weighted_annualised: number | null;
  /** XIRR, per year. */
  money_weighted_annualised: number | null;
  /** XIRR over the window (from its first flow), comparable with `time_weighted`. */
  money_weighted: number | null;
  /** Why a figure is null, by code. */
  unavailable: { time_weighted: LedgerErrorCode | null; money_weighted: LedgerErrorCode | null };
  series: CumulativePoint[];
}

export function periodReturn(
  days: readonly DailyPoint[],
  period: ReturnPeriod,
  end: IsoDate,
): PeriodReturn | null {
  const first = days[0];
  if (!first) return null;
  const window = periodWindow(period, end, first.date);
  const twr = timeWeightedReturn(days, window);
  const length = daysBetween(window.start, window.end);
  const mwr = twr.value === null ? null : moneyWeightedReturn(days, window);
  return {
    period,
    ...window,
    time_weighted: twr.value,
    time_weighted_annualised:
      twr.value !== null && length >= DAYS_PER_YEAR ? (1 + twr.value) ** (DAYS_PER_YEAR / length) - 1 : null,
    money_weighted_annualised: mwr?.annualised ?? null,
    money_weighted: mwr === null ? null : (1 + mwr.annualised) ** mwr.years - 1,
    unavailable: {
      time_weighted: twr.value === null ? 'LEDGER_RETURN_NO_HOLDINGS' : null,
      money_weighted:
        twr.value === null ? 'LEDGER_RETURN_NO_HOLDINGS' : mwr === null ? 'LEDGER_XIRR_NO_SOLUTION' : null,
    },
    series: twr.series,
  };
}

/** Every standard period ending on the last valued day (or `end`). */
export function allPeriodReturns(days: readonly DailyPoint[], end?: IsoDate): PeriodReturn[] {
  const last = end ?? days[days.length - 1]?.date;
  if (last === undefined) return [];
  return RETURN_PERIODS.flatMap((period) => periodReturn(days, period, last) ?? []);
}
