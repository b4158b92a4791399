import type { ChainGrade } from './grade-chain';
import { meanOrNull } from './backtest-statistics';
import {
  barIndexForMonthEnd,
  outcome,
  type ForwardOutcome,
  type Horizon,
  type PanelRow,
} from './universe-backtest';
import { bucketFigures, GRADE_BUCKETS, type SortedObservation } from './universe-backtest-summary';
import type { Bar, Grade, IsoDate } from './types';

/*
 * The live track record's outcomes (engine/README.md "Live outcomes"; docs/product.md "Track record"):
 * once a horizon of 1, 3, 6 or 12 months has passed since a chained market date, each graded symbol's
 * forward return over it and the benchmark's (SPY) over the same dates, with the universe backtest's
 * own definitions (universe-backtest.ts `outcome`, `barIndexForMonthEnd`; per-grade figures by
 * universe-backtest-summary.ts `bucketFigures`), so the live record and the backtest measure alike.
 * A window starts at the symbol's last bar on or before the chained date and ends at its last bar on
 * or before the horizon date (each at most a week old), never a bar after it.
 */

export const LIVE_BENCHMARK = 'SPY';

/** One graded symbol's outcome over one horizon. */
export interface LiveObservation {
  symbol: string;
  grade: Grade;
  composite: number;
  /** Percent, close to close. */
  return: number;
  /** The benchmark's return over the same dates; null without its bars. */
  benchmark_return: number | null;
}

/** Per-grade figures of one date or of several pooled (the backtest's definitions). */
export interface LiveGradeFigures {
  grade: string;
  count: number;
  mean_return: number | null;
  median_return: number | null;
  excess_vs_spy: number | null;
  /** Share of forward returns above 0. */
  hit_rate: number | null;
}

/** The date `months` calendar months after `date`, on the month's last day when it has no such day. */
export function horizonDate(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whether the horizon of a date has passed when `lastFinal` is the market's last final date. */
export function horizonPassed(date: IsoDate, months: number, lastFinal: IsoDate): boolean {
  return horizonDate(date, months) <= lastFinal;
}

function windowReturn(bars: readonly Bar[], from: IsoDate, to: IsoDate): ForwardOutcome['return'] | null {
  const upToHorizon = bars.filter((bar) => bar.date <= to);
  const start = barIndexForMonthEnd(upToHorizon, from);
  const end = barIndexForMonthEnd(upToHorizon, to);
  if (start < 0 || end <= start) return null;
  return outcome(upToHorizon, start, end).return;
}

/**
 * Each graded symbol's outcome from `date` to its horizon date; a symbol without a bar near either
 * end is left out. `barsOf` returns the stored bars of a symbol (any range: later bars are ignored).
 */
export function liveObservations(
  date: IsoDate,
  months: Horizon,
  grades: readonly ChainGrade[],
  barsOf: (symbol: string) => readonly Bar[],
): LiveObservation[] {
  const to = horizonDate(date, months);
  const benchmark = windowReturn(barsOf(LIVE_BENCHMARK), date, to);
  const observations: LiveObservation[] = [];
  for (const { symbol, grade, composite } of grades) {
    const value = windowReturn(barsOf(symbol), date, to);
    if (value === null) continue;
    observations.push({ symbol, grade, composite, return: value, benchmark_return: benchmark });
  }
  return observations;
}

/** Per-grade figures (and 'all') of the observations of one or more dates, each date one month of the backtest's panel. */
export function liveGradeFigures(
  byDate: ReadonlyArray<{ date: IsoDate; observations: readonly LiveObservation[] }>,
  months: Horizon,
): LiveGradeFigures[] {
  const sorted: SortedObservation[] = byDate.flatMap(({ observations }, month) => {
    const universe = meanOrNull(observations.map((o) => o.return)) ?? 0;
    return observations.map((o) => ({
      row: { symbol: o.symbol, month, grade: o.grade, composite: o.composite } as PanelRow,
      bucket: o.grade,
      score: o.composite,
      outcome: { return: o.return, benchmark_return: o.benchmark_return, volatility: null, max_drawdown: 0 },
      universe_return: universe,
    }));
  });
  const figures = (bucket: string, list: SortedObservation[]): LiveGradeFigures => {
    const all = bucketFigures(bucket, list, months);
    return {
      grade: bucket,
      count: all.count,
      mean_return: all.mean_return,
      median_return: all.median_return,
      excess_vs_spy: all.excess_vs_spy,
      hit_rate: all.hit_rate,
    };
  };
  return [
    ...GRADE_BUCKETS.map((grade) =>
      figures(
        grade,
        sorted.filter((o) => o.bucket === grade),
      ),
    ),
    figures('all', sorted),
  ];
}
