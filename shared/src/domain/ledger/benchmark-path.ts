import type { IsoDate } from './calendar';
import type { DailyPoint } from './daily-valuation';

/**
 * The benchmark as money, for the "value against invested capital and the index" chart: what the
 * portfolio's own flows would be worth had each gone into the index instead, on the same days. Money
 * in buys index units at the day's level, money out and income paid out sell them at the day's level
 * (the same days as the time-weighted return, README "Returns"); the value is units x level. Levels
 * come from the caller (the API passes the comparison's look-back: weekends carry the last close); a day before the index's
 * first level has no value (null) and its flows wait for the first level.
 */
export interface BenchmarkValuePoint {
  date: IsoDate;
  value_base: number | null;
}

export function benchmarkValuePath(
  days: readonly DailyPoint[],
  levelOn: (date: IsoDate) => number | undefined,
): BenchmarkValuePoint[] {
  let units = 0;
  let pending = 0;
  return days.map((day) => {
    const level = levelOn(day.date);
    const flow = day.inflow_base - day.outflow_base - day.income_base;
    if (level === undefined) {
      pending += flow;
      return { date: day.date, value_base: null };
    }
    units += (pending + flow) / level;
    pending = 0;
    return { date: day.date, value_base: units * level };
  });
}
