import { findLastIndexOnOrBefore } from './point-in-time';
import { analyzeAtIndex, fundamentalsKnownOn, type PointInTimeSymbol } from './point-in-time-analysis';
import { findMonthEndIndexes, MIN_HISTORY_BARS } from './backtest';
import { annualisedVolatility, pathMaxDrawdown } from './backtest-statistics';
import type { AnalyzeSymbolInput, Bar, Grade, IsoDate, SymbolAnalysis } from './types';

/*
 * The universe backtest's panel (engine/README.md "Backtest"): every symbol graded at every
 * month-end of the benchmark's calendar with only what was known that day (point-in-time-analysis.ts:
 * the bars up to that day, the annual reports published 90 days after their period end), and what
 * happened next over 1, 3, 6 and 12 months: return, the benchmark's return over the same dates,
 * realised volatility and maximum drawdown. The statistics are in universe-backtest-summary.ts.
 */

export const HORIZONS = [1, 3, 6, 12] as const;
export type Horizon = (typeof HORIZONS)[number];

/** A month-end bar of a symbol older than this (a gap in its data) is not used. */
const MAX_STALE_DAYS = 7;

export interface UniverseSymbol extends PointInTimeSymbol {
  kind: 'stock' | 'etf';
}

export interface ForwardOutcome {
  /** Percent, close to close. */
  return: number;
  /** The benchmark's return over the same two month-ends; null when it has no bar near either. */
  benchmark_return: number | null;
  /** Annualised volatility of the daily returns within the window, percent. */
  volatility: number | null;
  /** Worst fall from a running peak within the window, starting at the month-end close, percent. */
  max_drawdown: number;
}

export interface PanelRow {
  symbol: string;
  kind: 'stock' | 'etf';
  /** Index into `month_ends`. */
  month: number;
  grade: Grade;
  composite: number;
  /** Trailing 1-month volatility and 3-month momentum the grade was computed from (comparison sorts). */
  volatility_1m: number | null;
  momentum_3m: number | null;
  /** Whether a published annual report counted in the grade. */
  has_fundamentals: boolean;
  /** By horizon; null when the window ends after the data. */
  forward: Record<Horizon, ForwardOutcome | null>;
}

export interface UniversePanel {
  month_ends: IsoDate[];
  rows: PanelRow[];
}

export interface PanelOptions {
  symbols: readonly UniverseSymbol[];
  benchmarkBars: readonly Bar[];
  from: IsoDate;
  to: IsoDate;
  analyze?: (input: AnalyzeSymbolInput) => SymbolAnalysis;
}

function daysBetween(from: IsoDate, to: IsoDate): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000;
}

/** Index of the symbol's bar for a month-end: the last on or before it, at most a week old; -1 otherwise. */
export function barIndexForMonthEnd(bars: readonly Bar[], monthEnd: IsoDate): number {
  const index = findLastIndexOnOrBefore(bars, monthEnd);
  if (index < 0 || daysBetween((bars[index] as Bar).date, monthEnd) > MAX_STALE_DAYS) return -1;
  return index;
}

/** Return (close to close), realised volatility and maximum drawdown of the bars from `start` to `end`. */
export function outcome(
  bars: readonly Bar[],
  start: number,
  end: number,
): Omit<ForwardOutcome, 'benchmark_return'> {
  const closes = bars.slice(start, end + 1).map((bar) => bar.close);
  return {
    return: ((closes.at(-1) as number) / (closes[0] as number) - 1) * 100,
    volatility: annualisedVolatility(closes),
    max_drawdown: pathMaxDrawdown(closes),
  };
}

/** The benchmark's month-ends (complete months only) between `from` and `to`, and every later one. */
export function monthEndCalendar(benchmarkBars: readonly Bar[], from: IsoDate): IsoDate[] {
  return findMonthEndIndexes(benchmarkBars)
    .map((index) => (benchmarkBars[index] as Bar).date)
    .filter((date) => date >= from);
}

export function buildUniversePanel(options: PanelOptions): UniversePanel {
  const calendar = monthEndCalendar(options.benchmarkBars, options.from);
  const graded = calendar.filter((date) => date <= options.to);
  const benchmarkIndex = calendar.map((date) => barIndexForMonthEnd(options.benchmarkBars, date));
  const rows: PanelRow[] = [];
  for (const entry of options.symbols) {
    const indexes = calendar.map((date) => barIndexForMonthEnd(entry.bars, date));
    for (let month = 0; month < graded.length; month += 1) {
      const index = indexes[month] as number;
      if (index < 0 || index + 1 < MIN_HISTORY_BARS) continue;
      const analysis = analyzeAtIndex(entry, index, options.analyze ? { analyze: options.analyze } : {});
      const forward = {} as Record<Horizon, ForwardOutcome | null>;
      for (const horizon of HORIZONS) {
        const end = indexes[month + horizon];
        if (end === undefined || end <= index) {
          forward[horizon] = null;
          continue;
        }
        const startB = benchmarkIndex[month] as number;
        const endB = benchmarkIndex[month + horizon] as number;
        const benchmark = options.benchmarkBars;
        forward[horizon] = {
          ...outcome(entry.bars, index, end),
          benchmark_return:
            startB < 0 || endB < 0
              ? null
              : ((benchmark[endB] as Bar).close / (benchmark[startB] as Bar).close - 1) * 100,
        };
      }
      const day = (entry.bars[index] as Bar).date;
      rows.push({
        symbol: entry.symbol,
        kind: entry.kind,
        month,
        grade: analysis.nugget_scores.investment_grade,
        composite: analysis.nugget_scores.composite_rationality_score,
        volatility_1m: analysis.risk_metrics.volatility_1month,
        momentum_3m: analysis.risk_metrics.momentum_3m,
        has_fundamentals: fundamentalsKnownOn(entry, day) !== null,
        forward,
      });
    }
  }
  return { month_ends: graded, rows };
}
