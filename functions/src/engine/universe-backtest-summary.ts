import { roundTo } from './analytics/statistics';
import { meanOrNull, median, neweyWestTStatistic, spearman } from './backtest-statistics';
import type { ForwardOutcome, Horizon, PanelRow } from './universe-backtest';
import type { Grade } from './types';

/*
 * Figures of one sort of the universe panel over one horizon (engine/README.md "Backtest"): per
 * bucket, the outcomes pooled over every month-end and their Newey-West t-statistics computed on the
 * monthly series of bucket means (so a month with many symbols counts once); the long-short series
 * (top bucket minus bottom bucket, each month) and the monthly Spearman rank correlation between
 * the sort's score and the forward return.
 */

export const GRADE_BUCKETS: readonly Grade[] = ['A+', 'A', 'B+', 'B', 'B-', 'C', 'D'];
/** Long side of the long-short: the A grades; short side: D (issue "Does the grade work?"). */
export const TOP_GRADES: readonly Grade[] = ['A+', 'A'];
export const BOTTOM_GRADES: readonly Grade[] = ['D'];

/** One observation as a sort sees it: its bucket, its score and its outcome at the horizon. */
export interface SortedObservation {
  row: PanelRow;
  bucket: Grade;
  score: number;
  outcome: ForwardOutcome;
  /** Equal-weighted mean return of every symbol with an outcome that month-end and horizon. */
  universe_return: number;
}

export interface BucketFigures {
  bucket: string;
  count: number;
  months: number;
  mean_return: number | null;
  median_return: number | null;
  excess_vs_spy: number | null;
  excess_vs_spy_t: number | null;
  excess_vs_universe: number | null;
  excess_vs_universe_t: number | null;
  /** Share of forward returns above 0. */
  hit_rate: number | null;
  /** Share beating SPY over the same window. */
  beat_spy_rate: number | null;
  forward_volatility: number | null;
  forward_max_drawdown: number | null;
  median_forward_max_drawdown: number | null;
}

export interface SeriesFigures {
  months: number;
  /** Months / horizon: how many non-overlapping windows the months hold. */
  independent_months: number;
  mean: number | null;
  t_statistic: number | null;
}

export interface HorizonFigures {
  buckets: BucketFigures[];
  long_short: SeriesFigures & { sharpe: number | null };
  rank_correlation: SeriesFigures;
}

export const round = (value: number | null, decimals = 4): number | null =>
  value === null || !Number.isFinite(value) ? null : roundTo(value, decimals);

function byMonth(observations: readonly SortedObservation[]): Map<number, SortedObservation[]> {
  const months = new Map<number, SortedObservation[]>();
  for (const observation of observations) {
    const list = months.get(observation.row.month) ?? [];
    list.push(observation);
    months.set(observation.row.month, list);
  }
  return months;
}

/** Mean over each month's observations of `value`, months in order, skipping months without a value. */
function monthlyMeans(
  observations: readonly SortedObservation[],
  value: (observation: SortedObservation) => number | null,
): number[] {
  const series: number[] = [];
  for (const [, list] of [...byMonth(observations)].sort((a, b) => a[0] - b[0])) {
    const values = list.map(value).filter((entry): entry is number => entry !== null);
    if (values.length > 0) series.push(meanOrNull(values) as number);
  }
  return series;
}

export function seriesFigures(series: readonly number[], horizon: number): SeriesFigures {
  return {
    months: series.length,
    independent_months: Math.floor(series.length / horizon),
    mean: round(meanOrNull(series)),
    t_statistic: round(neweyWestTStatistic(series, horizon), 2),
  };
}

export function bucketFigures(
  bucket: string,
  observations: readonly SortedObservation[],
  horizon: number,
): BucketFigures {
  const returns = observations.map((o) => o.outcome.return);
  const withSpy = observations.filter((o) => o.outcome.benchmark_return !== null);
  const spyExcess = (o: SortedObservation) =>
    o.outcome.benchmark_return === null ? null : o.outcome.return - o.outcome.benchmark_return;
  const universeExcess = (o: SortedObservation) => o.outcome.return - o.universe_return;
  const volatilities = observations
    .map((o) => o.outcome.volatility)
    .filter((value): value is number => value !== null);
  const drawdowns = observations.map((o) => o.outcome.max_drawdown);
  const count = observations.length;
  return {
    bucket,
    count,
    months: byMonth(observations).size,
    mean_return: round(meanOrNull(returns)),
    median_return: round(median(returns)),
    excess_vs_spy: round(meanOrNull(withSpy.map((o) => spyExcess(o) as number))),
    excess_vs_spy_t: round(neweyWestTStatistic(monthlyMeans(observations, spyExcess), horizon), 2),
    excess_vs_universe: round(meanOrNull(observations.map(universeExcess))),
    excess_vs_universe_t: round(neweyWestTStatistic(monthlyMeans(observations, universeExcess), horizon), 2),
    hit_rate: count === 0 ? null : round(returns.filter((value) => value > 0).length / count),
    beat_spy_rate:
      withSpy.length === 0
        ? null
        : round(withSpy.filter((o) => (spyExcess(o) as number) > 0).length / withSpy.length),
    forward_volatility: round(meanOrNull(volatilities)),
    forward_max_drawdown: round(meanOrNull(drawdowns)),
    median_forward_max_drawdown: round(median(drawdowns)),
  };
}

/** Top bucket's mean return minus the bottom's, each month both sides hold a symbol, in month order. */
export function longShortSeries(observations: readonly SortedObservation[]): number[] {
  const series: number[] = [];
  for (const [, list] of [...byMonth(observations)].sort((a, b) => a[0] - b[0])) {
    const top = meanOrNull(list.filter((o) => TOP_GRADES.includes(o.bucket)).map((o) => o.outcome.return));
    const bottom = meanOrNull(
      list.filter((o) => BOTTOM_GRADES.includes(o.bucket)).map((o) => o.outcome.return),
    );
    if (top !== null && bottom !== null) series.push(top - bottom);
  }
  return series;
}

/** Spearman correlation of score and forward return at each month-end with at least 10 observations. */
export function rankCorrelationSeries(observations: readonly SortedObservation[]): number[] {
  const series: number[] = [];
  for (const [, list] of [...byMonth(observations)].sort((a, b) => a[0] - b[0])) {
    if (list.length < 10) continue;
    const correlation = spearman(
      list.map((o) => o.score),
      list.map((o) => o.outcome.return),
    );
    if (correlation !== null) series.push(correlation);
  }
  return series;
}

export function horizonFigures(observations: readonly SortedObservation[], horizon: Horizon): HorizonFigures {
  const longShort = longShortSeries(observations);
  const longShortStats = seriesFigures(longShort, horizon);
  const sd =
    longShort.length < 2
      ? null
      : Math.sqrt(
          longShort.reduce((sum, value) => sum + (value - (meanOrNull(longShort) as number)) ** 2, 0) /
            (longShort.length - 1),
        );
  return {
    buckets: [
      ...GRADE_BUCKETS.map((grade) =>
        bucketFigures(
          grade,
          observations.filter((o) => o.bucket === grade),
          horizon,
        ),
      ),
      bucketFigures(
        TOP_GRADES.join('/'),
        observations.filter((o) => TOP_GRADES.includes(o.bucket)),
        horizon,
      ),
      bucketFigures('all', observations, horizon),
    ],
    long_short: {
      ...longShortStats,
      // Annualised: an h-month return series has 12 / h periods a year (overlap makes it approximate for h > 1).
      sharpe:
        sd === null || !(sd > 0)
          ? null
          : round(((meanOrNull(longShort) as number) / sd) * Math.sqrt(12 / horizon), 2),
    },
    rank_correlation: seriesFigures(rankCorrelationSeries(observations), horizon),
  };
}
