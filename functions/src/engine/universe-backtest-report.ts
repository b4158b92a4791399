import {
  meanOrNull,
  annualisedSharpeOfMonthly,
  compoundPercent,
  pathMaxDrawdown,
} from './backtest-statistics';
import {
  BOTTOM_GRADES,
  GRADE_BUCKETS,
  TOP_GRADES,
  horizonFigures,
  longShortSeries,
  round,
  seriesFigures,
  type HorizonFigures,
  type SortedObservation,
} from './universe-backtest-summary';
import { HORIZONS, type Horizon, type PanelRow, type UniversePanel } from './universe-backtest';
import type { Grade, IsoDate } from './types';

/*
 * The universe backtest's report (engine/README.md "Backtest"): the grade and two comparison sorts
 * anyone could do (trailing 1-month volatility alone, lowest first; 3-month momentum alone, highest
 * first), each over the whole period, the in-sample and the out-of-sample parts, by calendar year
 * and by asset kind, plus the monthly series the pictures draw. A comparison sort puts as many
 * symbols in each bucket as the grade did that month-end, so only the ordering differs.
 */

export const SORTS = ['grade', 'low_volatility', 'momentum_3m'] as const;
export type SortName = (typeof SORTS)[number];

export const PERIODS = {
  full: { from: '0000-00-00', to: '9999-99-99' },
  in_sample: { from: '0000-00-00', to: '2012-12-31' },
  out_of_sample: { from: '2013-01-01', to: '9999-99-99' },
} as const;
export type PeriodName = keyof typeof PERIODS;

function scoreOf(sort: SortName, row: PanelRow): number | null {
  if (sort === 'grade') return row.composite;
  if (sort === 'low_volatility') return row.volatility_1m === null ? null : -row.volatility_1m;
  return row.momentum_3m;
}

/** Bucket of each row under the sort: the grade itself, or the grade shares of its month-end by rank. */
export function assignBuckets(sort: SortName, rows: readonly PanelRow[]): Map<PanelRow, Grade> {
  const buckets = new Map<PanelRow, Grade>();
  const byMonth = new Map<number, PanelRow[]>();
  for (const row of rows) {
    const list = byMonth.get(row.month) ?? [];
    list.push(row);
    byMonth.set(row.month, list);
  }
  for (const monthRows of byMonth.values()) {
    if (sort === 'grade') {
      for (const row of monthRows) buckets.set(row, row.grade);
      continue;
    }
    const shares = GRADE_BUCKETS.map((grade) => monthRows.filter((row) => row.grade === grade).length);
    const ranked = monthRows
      .filter((row) => scoreOf(sort, row) !== null)
      .sort((a, b) => (scoreOf(sort, b) as number) - (scoreOf(sort, a) as number));
    let bucket = 0;
    let cumulative = shares[0] as number;
    ranked.forEach((row, position) => {
      while ((position + 0.5) / ranked.length > cumulative / monthRows.length && bucket < shares.length - 1) {
        bucket += 1;
        cumulative += shares[bucket] as number;
      }
      buckets.set(row, GRADE_BUCKETS[bucket] as Grade);
    });
  }
  return buckets;
}

/** Every row with an outcome at the horizon, as the sort sees it. */
export function sortedObservations(
  sort: SortName,
  rows: readonly PanelRow[],
  buckets: Map<PanelRow, Grade>,
  horizon: Horizon,
): SortedObservation[] {
  const universe = new Map<number, number[]>();
  for (const row of rows) {
    const outcome = row.forward[horizon];
    if (!outcome) continue;
    const list = universe.get(row.month) ?? [];
    list.push(outcome.return);
    universe.set(row.month, list);
  }
  const universeMean = new Map([...universe].map(([month, list]) => [month, meanOrNull(list) as number]));
  const observations: SortedObservation[] = [];
  for (const row of rows) {
    const outcome = row.forward[horizon];
    const bucket = buckets.get(row);
    const score = scoreOf(sort, row);
    if (!outcome || bucket === undefined || score === null) continue;
    observations.push({
      row,
      bucket,
      score,
      outcome,
      universe_return: universeMean.get(row.month) as number,
    });
  }
  return observations;
}

export interface YearFigures {
  year: number;
  months: number;
  mean: number | null;
  sharpe: number | null;
}

export interface SortReport {
  horizons: Record<Horizon, HorizonFigures>;
  /** Long-short of 1-month returns by kind of asset, by horizon: mean, t, months. */
  by_kind: Record<'stock' | 'etf', Record<Horizon, ReturnType<typeof seriesFigures>>>;
}

function inPeriod(panel: UniversePanel, period: PeriodName): PanelRow[] {
  const { from, to } = PERIODS[period];
  return panel.rows.filter((row) => {
    const date = panel.month_ends[row.month] as IsoDate;
    return date >= from && date <= to;
  });
}

export function sortReport(sort: SortName, rows: readonly PanelRow[]): SortReport {
  const buckets = assignBuckets(sort, rows);
  const horizons = {} as SortReport['horizons'];
  const byKind = { stock: {}, etf: {} } as SortReport['by_kind'];
  for (const horizon of HORIZONS) {
    const observations = sortedObservations(sort, rows, buckets, horizon);
    horizons[horizon] = horizonFigures(observations, horizon);
    for (const kind of ['stock', 'etf'] as const) {
      byKind[kind][horizon] = seriesFigures(
        longShortSeries(observations.filter((o) => o.row.kind === kind)),
        horizon,
      );
    }
  }
  return { horizons, by_kind: byKind };
}

/** The 1-month long-short by calendar year of the month-end. */
export function longShortByYear(sort: SortName, panel: UniversePanel): YearFigures[] {
  const buckets = assignBuckets(sort, panel.rows);
  const years = [...new Set(panel.month_ends.map((date) => Number(date.slice(0, 4))))];
  return years.map((year) => {
    const rows = panel.rows.filter((row) => (panel.month_ends[row.month] as IsoDate).startsWith(`${year}-`));
    const series = longShortSeries(sortedObservations(sort, rows, buckets, 1));
    return {
      year,
      months: series.length,
      mean: round(meanOrNull(series)),
      sharpe: round(annualisedSharpeOfMonthly(series), 2),
    };
  });
}

export interface MonthlyPaths {
  month_ends: IsoDate[];
  /** 1-month forward return from each month-end (percent), equal-weighted within each grade bucket. */
  buckets: Record<string, (number | null)[]>;
  spy: (number | null)[];
  universe: (number | null)[];
  /** A+/A minus D, 1-month forward returns (points), each month-end both sides hold a symbol. */
  long_short: (number | null)[];
  /** Max drawdown (percent) of the path compounding each line's monthly returns (missing months count 0). */
  max_drawdown: Record<string, number | null>;
  /** Annualised return of the compounded path, percent. */
  annualised_return: Record<string, number | null>;
}

export function monthlyPaths(panel: UniversePanel): MonthlyPaths {
  const lines: Record<string, (number | null)[]> = {};
  const names = [...GRADE_BUCKETS, 'spy', 'universe'];
  for (const name of names) lines[name] = panel.month_ends.map(() => null);
  const byMonth = new Map<number, PanelRow[]>();
  for (const row of panel.rows) {
    if (row.forward[1] === null) continue;
    const list = byMonth.get(row.month) ?? [];
    list.push(row);
    byMonth.set(row.month, list);
  }
  for (let month = 0; month < panel.month_ends.length; month += 1) {
    const rows = byMonth.get(month) ?? [];
    if (rows.length === 0) continue;
    const mean = (list: PanelRow[]) => round(meanOrNull(list.map((row) => row.forward[1]?.return as number)));
    for (const grade of GRADE_BUCKETS)
      (lines[grade] as (number | null)[])[month] = mean(rows.filter((row) => row.grade === grade));
    (lines.universe as (number | null)[])[month] = mean(rows);
    (lines.spy as (number | null)[])[month] = round(
      rows.find((row) => row.forward[1]?.benchmark_return !== null)?.forward[1]?.benchmark_return ?? null,
    );
  }
  const longShort = panel.month_ends.map((_, month) => {
    const rows = byMonth.get(month) ?? [];
    const side = (grades: readonly Grade[]) =>
      meanOrNull(
        rows.filter((row) => grades.includes(row.grade)).map((row) => row.forward[1]?.return as number),
      );
    const top = side(TOP_GRADES);
    const bottom = side(BOTTOM_GRADES);
    return top === null || bottom === null ? null : round(top - bottom);
  });
  const maxDrawdown: Record<string, number | null> = {};
  const annualised: Record<string, number | null> = {};
  for (const name of names) {
    const returns = (lines[name] as (number | null)[]).slice(0, -1).map((value) => value ?? 0);
    const path = compoundPercent(returns);
    maxDrawdown[name] = round(pathMaxDrawdown(path), 2);
    annualised[name] = round(((path.at(-1) as number) ** (12 / returns.length) - 1) * 100, 2);
  }
  const { spy, universe, ...buckets } = lines;
  return {
    month_ends: panel.month_ends,
    buckets,
    spy: spy as (number | null)[],
    universe: universe as (number | null)[],
    long_short: longShort,
    max_drawdown: maxDrawdown,
    annualised_return: annualised,
  };
}

export interface UniverseReport {
  periods: Record<
    PeriodName,
    { month_ends: number; observations: number; sorts: Record<SortName, SortReport> }
  >;
  long_short_by_year: Record<SortName, YearFigures[]>;
  monthly: MonthlyPaths;
}

export function buildUniverseReport(panel: UniversePanel): UniverseReport {
  const periods = {} as UniverseReport['periods'];
  for (const period of Object.keys(PERIODS) as PeriodName[]) {
    const rows = inPeriod(panel, period);
    const sorts = {} as Record<SortName, SortReport>;
    for (const sort of SORTS) sorts[sort] = sortReport(sort, rows);
    periods[period] = {
      month_ends: new Set(rows.map((row) => row.month)).size,
      observations: rows.length,
      sorts,
    };
  }
  const byYear = {} as UniverseReport['long_short_by_year'];
  for (const sort of SORTS) byYear[sort] = longShortByYear(sort, panel);
  return { periods, long_short_by_year: byYear, monthly: monthlyPaths(panel) };
}
