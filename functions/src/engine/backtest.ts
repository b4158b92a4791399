import { roundTo } from './analytics/statistics';
import { findLastIndexOnOrBefore } from './point-in-time';
import { analyzeAtIndex, type PointInTimeSymbol } from './point-in-time-analysis';
import type { AnalyzeSymbolInput, Bar, Grade, IsoDate, SymbolAnalysis } from './types';

/*
 * Backtest of the grades: at every month-end a symbol has enough history for, grade it with only
 * the bars up to that day (the analyser is handed a slice that ends there) and the annual reports
 * published by then, then measure the price return to the month-end three months later and the
 * S&P 500's return over the same window.
 */

/** A symbol with its bars and fundamentals, graded point in time (point-in-time-analysis.ts). */
export type BacktestSymbol = PointInTimeSymbol;

/** Month-ends with fewer bars behind them are skipped: about three months of trading, for 3-month momentum. */
export const MIN_HISTORY_BARS = 64;

export interface BacktestOptions {
  symbols: readonly BacktestSymbol[];
  benchmarkBars: readonly Bar[];
  forwardMonths?: number;
  /** Month-ends with fewer bars of history are skipped (default 64: enough for 3-month momentum). */
  minHistoryBars?: number;
  from?: IsoDate;
  to?: IsoDate;
  /** Injected so tests can watch what the analyser is given. */
  analyze?: (input: AnalyzeSymbolInput) => SymbolAnalysis;
}

export interface BacktestObservation {
  symbol: string;
  date: IsoDate;
  forward_date: IsoDate;
  grade: Grade;
  composite_rationality_score: number;
  forward_return: number;
  benchmark_return: number | null;
}

export interface BacktestGradeRow {
  grade: Grade;
  count: number;
  mean_forward_return: number | null;
  hit_rate: number | null;
  mean_benchmark_return: number | null;
  mean_excess_return: number | null;
  /**
   * Student's t of the mean excess return: mean / (sample standard deviation / sqrt(n)); null under
   * two observations with a benchmark or without spread. Overlapping windows (a 3-month return every
   * month) are not independent, so it overstates significance: read it as an upper bound.
   */
  t_statistic_excess: number | null;
}

export interface BacktestResult {
  forward_months: number;
  observations: BacktestObservation[];
  rows: BacktestGradeRow[];
  /** Mean forward return of A+/A minus that of C/D, in percent; null when either side is empty. */
  spread_top_minus_bottom: number | null;
  top_count: number;
  bottom_count: number;
  all: BacktestGradeRow;
}

const GRADE_ORDER: readonly Grade[] = ['A+', 'A', 'B+', 'B', 'B-', 'C', 'D'];

function monthKey(date: IsoDate): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** Indexes of the last bar of each calendar month, except a possibly unfinished last month. */
export function findMonthEndIndexes(bars: readonly Bar[]): number[] {
  const indexes: number[] = [];
  for (let i = 0; i + 1 < bars.length; i += 1) {
    if (monthKey((bars[i] as Bar).date) !== monthKey((bars[i + 1] as Bar).date)) indexes.push(i);
  }
  return indexes;
}

function returnBetween(bars: readonly Bar[], from: IsoDate, to: IsoDate): number | null {
  const start = bars[findLastIndexOnOrBefore(bars, from)];
  const end = bars[findLastIndexOnOrBefore(bars, to)];
  // A benchmark that has not started, or that ended more than a week before, cannot be compared.
  if (!start || !end || Date.parse(to) - Date.parse(end.date) > 7 * 86_400_000) return null;
  return (end.close / start.close - 1) * 100;
}

/** mean / (s / sqrt(n)) with the sample standard deviation s (n - 1); null when n < 2 or s = 0. */
export function tStatistic(values: readonly number[]): number | null {
  const n = values.length;
  if (n < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  if (!(variance > 0)) return null;
  return roundTo(mean / Math.sqrt(variance / n), 2);
}

function summarise(grade: Grade, observations: readonly BacktestObservation[]): BacktestGradeRow {
  const count = observations.length;
  const mean = (values: number[]): number | null =>
    values.length === 0 ? null : roundTo(values.reduce((sum, value) => sum + value, 0) / values.length, 2);
  const withBenchmark = observations.filter((observation) => observation.benchmark_return !== null);
  const excess = withBenchmark.map(
    (observation) => observation.forward_return - (observation.benchmark_return as number),
  );
  return {
    grade,
    count,
    t_statistic_excess: tStatistic(excess),
    mean_forward_return: mean(observations.map((observation) => observation.forward_return)),
    hit_rate:
      count === 0 ? null : roundTo(observations.filter((o) => o.forward_return > 0).length / count, 3),
    mean_benchmark_return: mean(withBenchmark.map((observation) => observation.benchmark_return as number)),
    mean_excess_return: mean(
      withBenchmark.map(
        (observation) => observation.forward_return - (observation.benchmark_return as number),
      ),
    ),
  };
}

export function runBacktest(options: BacktestOptions): BacktestResult {
  const forwardMonths = options.forwardMonths ?? 3;
  const minHistory = options.minHistoryBars ?? MIN_HISTORY_BARS;
  const analyze = options.analyze;
  const observations: BacktestObservation[] = [];

  for (const entry of options.symbols) {
    const monthEnds = findMonthEndIndexes(entry.bars);
    for (let k = 0; k < monthEnds.length; k += 1) {
      const index = monthEnds[k] as number;
      const bar = entry.bars[index] as Bar;
      if (index + 1 < minHistory) continue;
      if (options.from !== undefined && bar.date < options.from) continue;
      if (options.to !== undefined && bar.date > options.to) continue;
      const forwardIndex = monthEnds[k + forwardMonths];
      const forwardBar = forwardIndex === undefined ? undefined : entry.bars[forwardIndex];
      // Require the forward month-end to be exactly N calendar months later (no gaps in the data).
      if (!forwardBar || monthKey(forwardBar.date) - monthKey(bar.date) !== forwardMonths) continue;

      const analysis = analyzeAtIndex(entry, index, analyze ? { analyze } : {});
      observations.push({
        symbol: entry.symbol,
        date: bar.date,
        forward_date: forwardBar.date,
        grade: analysis.nugget_scores.investment_grade,
        composite_rationality_score: analysis.nugget_scores.composite_rationality_score,
        forward_return: (forwardBar.close / bar.close - 1) * 100,
        benchmark_return: returnBetween(options.benchmarkBars, bar.date, forwardBar.date),
      });
    }
  }

  const rows = GRADE_ORDER.map((grade) =>
    summarise(
      grade,
      observations.filter((o) => o.grade === grade),
    ),
  );
  const top = observations.filter((o) => o.grade === 'A+' || o.grade === 'A');
  const bottom = observations.filter((o) => o.grade === 'C' || o.grade === 'D');
  const topMean = summarise('A', top).mean_forward_return;
  const bottomMean = summarise('D', bottom).mean_forward_return;
  const allRow = summarise('B', observations);
  return {
    forward_months: forwardMonths,
    observations,
    rows,
    spread_top_minus_bottom:
      topMean === null || bottomMean === null ? null : roundTo(topMean - bottomMean, 2),
    top_count: top.length,
    bottom_count: bottom.length,
    all: allRow,
  };
}

function formatNumber(value: number | null, suffix = ''): string {
  return value === null ? 'n/a' : `${value.toFixed(2)}${suffix}`;
}

export function formatBacktestMarkdown(result: BacktestResult): string {
  const header = [
    `| Grade | Count | Mean fwd ${result.forward_months}m return | Hit rate (fwd > 0) | S&P 500 same windows | Mean excess vs S&P 500 | t (excess) |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const line = (label: string, row: BacktestGradeRow): string =>
    `| ${label} | ${row.count} | ${formatNumber(row.mean_forward_return, ' %')} | ${
      row.hit_rate === null ? 'n/a' : `${(row.hit_rate * 100).toFixed(1)} %`
    } | ${formatNumber(row.mean_benchmark_return, ' %')} | ${formatNumber(row.mean_excess_return, ' %')} | ${formatNumber(
      row.t_statistic_excess,
    )} |`;
  const lines = [...header, ...result.rows.map((row) => line(row.grade, row)), line('All', result.all)];
  lines.push(
    '',
    `Spread A+/A minus C/D (mean forward ${result.forward_months}-month return): ${formatNumber(
      result.spread_top_minus_bottom,
      ' percentage points',
    )} (A+/A n = ${result.top_count}, C/D n = ${result.bottom_count}).`,
  );
  return lines.join('\n');
}
