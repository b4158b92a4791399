import { roundTo } from './analytics/statistics';
import { MIN_HISTORY_BARS } from './backtest';
import { analyzeAtIndex, type PointInTimeOptions, type PointInTimeSymbol } from './point-in-time-analysis';
import type { FactorName, FactorScore, Grade, InputUnit, IsoDate, SymbolAnalysis } from './types';

/*
 * The score history (engine/README.md "Score history"): what the card showed on each past day, kept
 * as it was computed that day. The backfill grades every day of a stored series point in time
 * (point-in-time-analysis.ts: the bars up to the day, the reports published by then); the daily run
 * keeps the day's own analysis. "What changed" compares two stored days and names, for each factor,
 * the input whose sub-score moved it most.
 */

export interface DailyInput {
  name: string;
  value: number | null;
  unit: InputUnit;
  /** 0-100; null when the input was missing that day. */
  score: number | null;
  weight: number;
}

export interface DailyFactor {
  name: FactorName;
  score: number;
  status: FactorScore['status'];
  effective_weight: number;
  higher_is_better: boolean;
  inputs: DailyInput[];
}

export interface DailyScore {
  symbol: string;
  date: IsoDate;
  grade: Grade;
  composite: number;
  price: number;
  data_completeness: number;
  factors: DailyFactor[];
}

/** The part of one day's analysis the history keeps. */
export function dailyScoreOf(analysis: SymbolAnalysis): DailyScore {
  const scores = analysis.nugget_scores;
  return {
    symbol: analysis.symbol,
    date: analysis.price_date,
    grade: scores.investment_grade,
    composite: scores.composite_rationality_score,
    price: analysis.current_price,
    data_completeness: scores.data_completeness,
    factors: scores.factors.map((factor) => ({
      name: factor.name,
      score: factor.score,
      status: factor.status,
      effective_weight: factor.effective_weight,
      higher_is_better: factor.higher_is_better,
      inputs: factor.components.map((component) => ({
        name: component.name,
        value: component.value,
        unit: component.unit,
        score: component.score,
        weight: component.weight,
      })),
    })),
  };
}

export interface BackfillOptions extends PointInTimeOptions {
  /** Only these days are graded (the ones not stored yet); every day with enough history when absent. */
  dates?: ReadonlySet<IsoDate>;
  /** Days with fewer bars behind them are skipped, as in the backtest (default MIN_HISTORY_BARS). */
  minHistoryBars?: number;
}

/**
 * Grades each day of `entry.bars` (or the wanted `dates`) with only the data known that day. A later
 * bar or a later filing cannot reach an earlier day: each day's analysis is handed bars up to it and
 * the fundamentals published by it (tested by changing both after the day).
 */
export function backfillDailyScores(entry: PointInTimeSymbol, options: BackfillOptions = {}): DailyScore[] {
  const minHistory = options.minHistoryBars ?? MIN_HISTORY_BARS;
  const scores: DailyScore[] = [];
  entry.bars.forEach((bar, index) => {
    if (options.dates && !options.dates.has(bar.date)) return;
    const first = options.historyDays === undefined ? 0 : firstIndexWithin(entry, index, options.historyDays);
    if (index - first + 1 < minHistory) return;
    scores.push(dailyScoreOf(analyzeAtIndex(entry, index, options)));
  });
  return scores;
}

function firstIndexWithin(entry: PointInTimeSymbol, index: number, days: number): number {
  const from = Date.parse(`${(entry.bars[index] as { date: string }).date}T00:00:00Z`) - days * 86_400_000;
  let first = index;
  while (first > 0 && Date.parse(`${(entry.bars[first - 1] as { date: string }).date}T00:00:00Z`) >= from)
    first -= 1;
  return first;
}

export interface InputChange {
  name: string;
  unit: InputUnit;
  from: number | null;
  to: number | null;
  /** Points this input's move added to its factor's score (its weight share times its sub-score's move). */
  factor_points: number;
}

export interface FactorChange {
  name: FactorName;
  from: number;
  to: number;
  delta: number;
  /** Points the factor's move added to the composite (its effective weight; risk counted inverted). */
  composite_points: number;
  /** The inputs whose sub-score moved, the largest effect first. */
  inputs: InputChange[];
}

export interface ScoreChange {
  from_date: IsoDate;
  to_date: IsoDate;
  grade_from: Grade;
  grade_to: Grade;
  composite_from: number;
  composite_to: number;
  composite_delta: number;
  /** Every factor that moved, the largest effect on the composite first. */
  factors: FactorChange[];
}

const oriented = (factor: DailyFactor, score: number) => (factor.higher_is_better ? score : 100 - score);

function inputChanges(before: DailyFactor, after: DailyFactor): InputChange[] {
  const totalWeight = (factor: DailyFactor) =>
    factor.inputs.filter((input) => input.score !== null).reduce((sum, input) => sum + input.weight, 0);
  const weightBefore = totalWeight(before);
  const weightAfter = totalWeight(after);
  const share = (input: DailyInput | undefined, total: number) =>
    input && input.score !== null && total > 0 ? (input.weight / total) * input.score : 0;
  return after.inputs
    .map((input) => {
      const previous = before.inputs.find((candidate) => candidate.name === input.name);
      return {
        name: input.name,
        unit: input.unit,
        from: previous?.value ?? null,
        to: input.value,
        factor_points: roundTo(share(input, weightAfter) - share(previous, weightBefore), 2),
      };
    })
    .filter((change) => change.factor_points !== 0 || change.from !== change.to)
    .sort((a, b) => Math.abs(b.factor_points) - Math.abs(a.factor_points));
}

/** What moved between two stored days: the grade, the composite, each factor and its inputs. */
export function describeScoreChange(before: DailyScore, after: DailyScore): ScoreChange {
  const factors: FactorChange[] = [];
  for (const factor of after.factors) {
    const previous = before.factors.find((candidate) => candidate.name === factor.name);
    if (!previous) continue;
    const delta = roundTo(factor.score - previous.score, 2);
    const composite =
      oriented(factor, factor.score) * factor.effective_weight -
      oriented(previous, previous.score) * previous.effective_weight;
    if (delta === 0 && roundTo(composite, 2) === 0) continue;
    factors.push({
      name: factor.name,
      from: previous.score,
      to: factor.score,
      delta,
      composite_points: roundTo(composite, 2),
      inputs: inputChanges(previous, factor),
    });
  }
  factors.sort((a, b) => Math.abs(b.composite_points) - Math.abs(a.composite_points));
  return {
    from_date: before.date,
    to_date: after.date,
    grade_from: before.grade,
    grade_to: after.grade,
    composite_from: before.composite,
    composite_to: after.composite,
    composite_delta: roundTo(after.composite - before.composite, 1),
    factors,
  };
}
