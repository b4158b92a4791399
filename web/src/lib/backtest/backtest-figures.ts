/*
 * The figures the methodology page and the home page state about the grade, derived from the
 * committed universe backtest (docs/backtest/us-daily-2007-2017.json, written by `npm run backtest
 * -- --out`; functions/src/engine/README.md "Backtest"). `npm run generate:backtest-figures -w web`
 * writes backtest-figures.generated.json with `deriveBacktestFigures`; a test checks the file equals
 * what it derives from the committed JSON, so a page cannot state a figure the backtest did not give.
 */

export const BACKTEST_PERIODS = ['full', 'in_sample', 'out_of_sample'] as const;
export type BacktestPeriod = (typeof BACKTEST_PERIODS)[number];
export const BACKTEST_SORTS = ['grade', 'low_volatility', 'momentum_3m'] as const;
export type BacktestSort = (typeof BACKTEST_SORTS)[number];
export const BACKTEST_HORIZONS = ['1', '3', '6', '12'] as const;
export type BacktestHorizon = (typeof BACKTEST_HORIZONS)[number];

export interface SeriesFigure {
  mean: number | null;
  t_statistic: number | null;
  months: number;
  independent_months: number;
}

export interface GradeRow {
  bucket: string;
  count: number;
  mean_return: number | null;
  median_return: number | null;
  excess_vs_spy: number | null;
  excess_vs_universe: number | null;
  hit_rate: number | null;
  forward_volatility: number | null;
  forward_max_drawdown: number | null;
}

/** The parts of the committed JSON read here (its full type: functions/src/market-data/universe-backtest-run.ts). */
interface HorizonInput {
  buckets: GradeRow[];
  long_short: SeriesFigure & { sharpe: number | null };
  rank_correlation: SeriesFigure;
}
export interface UniverseBacktestJson {
  universe: {
    symbols: number;
    stocks: number;
    etfs: number;
    stocks_with_fundamentals: number;
    month_ends: number;
    first_month_end: string;
    last_month_end: string;
    observations: number;
  };
  periods: Record<
    BacktestPeriod,
    {
      month_ends: number;
      sorts: Record<
        BacktestSort,
        {
          horizons: Record<BacktestHorizon, HorizonInput>;
          by_kind: Record<'stock' | 'etf', Record<BacktestHorizon, SeriesFigure>>;
        }
      >;
    }
  >;
  long_short_by_year: Record<
    BacktestSort,
    { year: number; months: number; mean: number | null; sharpe: number | null }[]
  >;
  monthly: {
    month_ends: string[];
    buckets: Record<string, (number | null)[]>;
    spy: (number | null)[];
    universe: (number | null)[];
    long_short: (number | null)[];
    max_drawdown: Record<string, number | null>;
    annualised_return: Record<string, number | null>;
  };
}

/** The monthly lines the public track record page draws (loaded with that page only). */
export interface TrackRecordSeries {
  month_ends: string[];
  /** 1-month forward return from each month-end, percent: each grade held equal-weighted, SPY, all series. */
  lines: Record<string, (number | null)[]>;
  /** A+/A minus D over the month, points. */
  long_short: (number | null)[];
}

export function deriveTrackRecordSeries(json: UniverseBacktestJson): TrackRecordSeries {
  const { month_ends: monthEnds, buckets, spy, universe, long_short: longShort } = json.monthly;
  return { month_ends: monthEnds, lines: { ...buckets, SPY: spy, universe }, long_short: longShort };
}

export interface BacktestFigures {
  universe: UniverseBacktestJson['universe'];
  periods: Record<
    BacktestPeriod,
    {
      month_ends: number;
      long_short: Record<BacktestSort, Record<BacktestHorizon, SeriesFigure & { sharpe: number | null }>>;
      rank_correlation: Record<BacktestSort, Record<BacktestHorizon, SeriesFigure>>;
      long_short_by_kind: Record<'stock' | 'etf', Record<BacktestHorizon, SeriesFigure>>;
      /** The grade's buckets at the 3-month horizon. */
      grades_3m: GradeRow[];
    }
  >;
  long_short_by_year: UniverseBacktestJson['long_short_by_year']['grade'];
  paths: Pick<UniverseBacktestJson['monthly'], 'max_drawdown' | 'annualised_return'>;
  /** Whether any out-of-sample A-minus-D spread reaches |t| >= 3 (the bar for claiming predictive power). */
  predictive_out_of_sample: boolean;
}

const pickRow = (row: GradeRow): GradeRow => ({
  bucket: row.bucket,
  count: row.count,
  mean_return: row.mean_return,
  median_return: row.median_return,
  excess_vs_spy: row.excess_vs_spy,
  excess_vs_universe: row.excess_vs_universe,
  hit_rate: row.hit_rate,
  forward_volatility: row.forward_volatility,
  forward_max_drawdown: row.forward_max_drawdown,
});

function byHorizon<T>(pick: (horizon: BacktestHorizon) => T): Record<BacktestHorizon, T> {
  return Object.fromEntries(BACKTEST_HORIZONS.map((horizon) => [horizon, pick(horizon)])) as Record<
    BacktestHorizon,
    T
  >;
}

function bySort<T>(pick: (sort: BacktestSort) => T): Record<BacktestSort, T> {
  return Object.fromEntries(BACKTEST_SORTS.map((sort) => [sort, pick(sort)])) as Record<BacktestSort, T>;
}

export function deriveBacktestFigures(json: UniverseBacktestJson): BacktestFigures {
  const periods = Object.fromEntries(
    BACKTEST_PERIODS.map((period) => {
      const part = json.periods[period];
      return [
        period,
        {
          month_ends: part.month_ends,
          long_short: bySort((sort) => byHorizon((h) => part.sorts[sort].horizons[h].long_short)),
          rank_correlation: bySort((sort) => byHorizon((h) => part.sorts[sort].horizons[h].rank_correlation)),
          long_short_by_kind: part.sorts.grade.by_kind,
          grades_3m: part.sorts.grade.horizons['3'].buckets.map(pickRow),
        },
      ];
    }),
  ) as BacktestFigures['periods'];
  return {
    universe: json.universe,
    periods,
    long_short_by_year: json.long_short_by_year.grade,
    paths: { max_drawdown: json.monthly.max_drawdown, annualised_return: json.monthly.annualised_return },
    predictive_out_of_sample: BACKTEST_HORIZONS.some(
      (h) => Math.abs(json.periods.out_of_sample.sorts.grade.horizons[h].long_short.t_statistic ?? 0) >= 3,
    ),
  };
}
