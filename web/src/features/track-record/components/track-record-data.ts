import type { TrackRecordSeries } from '@/lib/backtest/backtest-figures';

/*
 * What the track record page draws, from the backtest's monthly lines (web/src/lib/backtest): each
 * line compounded month by month from 1 (a month where a grade held no asset counts 0 %), its fall
 * from its running peak, and the A+/A minus D month by month as a calendar (year x month).
 */

/** The lines drawn: every grade held equal-weighted, and SPY. */
export const DRAWN_LINES = ['A+', 'A', 'B+', 'B', 'B-', 'C', 'D', 'SPY'] as const;

export interface PathPoint {
  date: string;
  [line: string]: number | string;
}

/** Growth of 1 and drawdown (percent) of each drawn line, one point per month-end. */
export function growthAndDrawdown(series: TrackRecordSeries): { growth: PathPoint[]; drawdown: PathPoint[] } {
  const growth: PathPoint[] = [];
  const drawdown: PathPoint[] = [];
  const value: Record<string, number> = {};
  const peak: Record<string, number> = {};
  series.month_ends.forEach((date, month) => {
    const g: PathPoint = { date };
    const d: PathPoint = { date };
    for (const line of DRAWN_LINES) {
      const previous = series.lines[line]?.[month - 1];
      value[line] = month === 0 ? 1 : (value[line] as number) * (1 + (previous ?? 0) / 100);
      peak[line] = Math.max(peak[line] ?? 1, value[line] as number);
      g[line] = value[line] as number;
      d[line] = ((value[line] as number) / (peak[line] as number) - 1) * 100;
    }
    growth.push(g);
    drawdown.push(d);
  });
  return { growth, drawdown };
}

export interface CalendarRow {
  year: number;
  /** By calendar month 1-12 of the month-end the month starts from; null without a figure. */
  months: (number | null)[];
}

/** The long-short by year and month of its starting month-end. */
export function longShortCalendar(series: TrackRecordSeries): CalendarRow[] {
  const rows = new Map<number, (number | null)[]>();
  series.month_ends.forEach((date, month) => {
    const year = Number(date.slice(0, 4));
    const row = rows.get(year) ?? Array.from({ length: 12 }, () => null);
    row[Number(date.slice(5, 7)) - 1] = series.long_short[month] ?? null;
    rows.set(year, row);
  });
  return [...rows].map(([year, months]) => ({ year, months }));
}
