import { addDays, addMonths, epochDay, type IsoDate } from './calendar';
import { walkDays, type DailyPoint } from './daily-valuation';
import type { ValuationOptions } from './holdings';
import { attributePeriod, netFlows, totalsAtDates, type PeriodChange } from './period-attribution';
import { REPORT_PERIODS, YEAR_PATTERN, type ReportPeriod } from './report-vocabulary';
import { timeWeightedReturn, type PeriodWindow } from './returns';
import type { Transaction } from './transaction';

/**
 * Returns per period (README "Returns per period"): 1D, WTD, MTD, YTD, 1Y, 5Y, Max and each calendar
 * year, ending on the valuation day (the market date: never after it), time-weighted with the ledger's
 * TWR (returns.ts `timeWeightedReturn`, same daily series) and in money, for the portfolio and each
 * holding, with an index beside it and the change split by attribution (period-attribution.ts).
 */

/** An index level in the base currency on a day (with the look-back of benchmark.ts); undefined: none. */
export type LevelLookup = (date: IsoDate) => number | undefined;

/** Monday = 1 ... Sunday = 7 (1970-01-01, day 0, was a Thursday). */
function isoWeekday(date: IsoDate): number {
  return ((((epochDay(date) + 3) % 7) + 7) % 7) + 1;
}

/** The window of `period` ending on `end`; a period older than the ledger starts with it. */
export function reportWindow(period: ReportPeriod, end: IsoDate, firstDate: IsoDate): PeriodWindow {
  const beforeFirst = addDays(firstDate, -1);
  let start: IsoDate;
  let last = end;
  let fullEnd = true;
  if (YEAR_PATTERN.test(period)) {
    const year = Number(period);
    start = `${year - 1}-12-31`;
    const yearEnd = `${year}-12-31`;
    fullEnd = yearEnd <= end;
    last = fullEnd ? yearEnd : end;
  } else {
    const nominal: Record<(typeof REPORT_PERIODS)[number], IsoDate> = {
      '1D': addDays(end, -1),
      WTD: addDays(end, -isoWeekday(end)),
      MTD: addDays(`${end.slice(0, 7)}-01`, -1),
      YTD: `${Number(end.slice(0, 4)) - 1}-12-31`,
      '1Y': addMonths(end, -12),
      '5Y': addMonths(end, -60),
      MAX: beforeFirst,
    };
    start = nominal[period as (typeof REPORT_PERIODS)[number]];
  }
  return start < beforeFirst
    ? { start: beforeFirst, end: last, covers_full_period: false }
    : { start, end: last, covers_full_period: fullEnd };
}

/** The calendar years a ledger spans, oldest first, up to the valuation day's year. */
export function ledgerYears(firstDate: IsoDate, end: IsoDate): ReportPeriod[] {
  const years: ReportPeriod[] = [];
  for (let year = Number(firstDate.slice(0, 4)); year <= Number(end.slice(0, 4)); year += 1) {
    years.push(`${year}`);
  }
  return years;
}

export interface PeriodFigures extends PeriodWindow {
  period: ReportPeriod;
  /** Over the window, not annualised; null when nothing was invested in it. */
  time_weighted: number | null;
  benchmark_time_weighted: number | null;
}

export interface PortfolioPeriod extends PeriodFigures, PeriodChange {}

export interface HoldingPeriod extends PeriodFigures {
  value_start_base: number;
  value_end_base: number;
  money_gain_base: number;
}

export interface MonthlyReturn {
  year: number;
  /** 1 to 12. */
  month: number;
  time_weighted: number | null;
  covers_full_period: boolean;
}

export interface PeriodReport {
  end: IsoDate;
  portfolio: PortfolioPeriod[];
  holdings: Array<{ symbol: string; periods: HoldingPeriod[] }>;
  monthly: MonthlyReturn[];
}

function valueAt(days: readonly DailyPoint[], date: IsoDate): number {
  const first = days[0];
  if (!first || date < first.date) return 0;
  return days[epochDay(date) - epochDay(first.date)]?.value_base ?? 0;
}

function benchmarkReturn(level: LevelLookup | null, window: PeriodWindow): number | null {
  if (!level) return null;
  const start = level(window.start);
  const end = level(window.end);
  return start === undefined || end === undefined || start <= 0 ? null : end / start - 1;
}

/** Every month from the first transaction's to the valuation day's, TWR over each. */
export function monthlyReturns(days: readonly DailyPoint[], end: IsoDate): MonthlyReturn[] {
  const first = days[0];
  if (!first) return [];
  const months: MonthlyReturn[] = [];
  for (
    let monthStart = `${first.date.slice(0, 7)}-01`;
    monthStart <= end;
    monthStart = addMonths(monthStart, 1)
  ) {
    const monthEnd = addDays(addMonths(monthStart, 1), -1);
    const window = reportWindow('MTD', monthEnd < end ? monthEnd : end, first.date);
    months.push({
      year: Number(monthStart.slice(0, 4)),
      month: Number(monthStart.slice(5, 7)),
      time_weighted: timeWeightedReturn(days, window).value,
      covers_full_period: window.covers_full_period && monthEnd <= end,
    });
  }
  return months;
}

const symbolOf = (row: Transaction): string | null => ('symbol' in row && row.symbol ? row.symbol : null);

/**
 * The report over `periods` (every standard period and every year of the ledger when not given).
 * `days` is the portfolio's daily valuation up to `options.date` (portfolio-analysis.ts hands it over).
 */
export function reportPeriods(
  transactions: readonly Transaction[],
  days: readonly DailyPoint[],
  options: ValuationOptions & { level?: LevelLookup | null; periods?: readonly ReportPeriod[] },
): PeriodReport {
  const end = options.date;
  const first = days[0];
  if (!first) return { end, portfolio: [], holdings: [], monthly: [] };
  const periods: readonly ReportPeriod[] = options.periods ?? [
    ...REPORT_PERIODS,
    ...ledgerYears(first.date, end),
  ];
  const level = options.level ?? null;
  const windows = periods.map((period) => ({ period, window: reportWindow(period, end, first.date) }));
  const totalsAt = totalsAtDates(
    transactions,
    options,
    windows.flatMap(({ window }) => [window.start, window.end]),
  );
  const portfolio = windows.map(({ period, window }): PortfolioPeriod => {
    return {
      period,
      ...window,
      time_weighted: timeWeightedReturn(days, window).value,
      benchmark_time_weighted: benchmarkReturn(level, window),
      ...attributePeriod(transactions, days, window, options, totalsAt),
    };
  });
  const symbols = [...new Set(transactions.flatMap((row) => symbolOf(row) ?? []))].sort();
  const holdings = symbols.map((symbol) => {
    // The holding alone through the same daily walk: its BUYs are money in, its SELLs money out, its
    // dividends and FEE rows income paid out (README "Returns", flows without cash rows).
    const rows = transactions.filter((row) => symbolOf(row) === symbol);
    const held = walkDays(rows, { ...options, to: end }).daily.days;
    const heldFirst = held[0]?.date ?? first.date;
    return {
      symbol,
      periods: periods.map((period): HoldingPeriod => {
        const window = reportWindow(period, end, heldFirst);
        const valueStart = valueAt(held, window.start);
        const valueEnd = valueAt(held, window.end);
        return {
          period,
          ...window,
          time_weighted: timeWeightedReturn(held, window).value,
          benchmark_time_weighted: benchmarkReturn(level, window),
          value_start_base: valueStart,
          value_end_base: valueEnd,
          money_gain_base: valueEnd - valueStart - netFlows(held, window.start, window.end),
        };
      }),
    };
  });
  return { end, portfolio, holdings, monthly: monthlyReturns(days, end) };
}
