import { GRADES, type Grade } from '@app/shared/domain/enums';
import { computeNuggetScores, type ComputeNuggetScoresInput } from '../analytics/nugget-scores';
import { roundTo } from '../analytics/statistics';
import type { FactorName, InputUnit, NuggetScores } from '../types';
import { MAIN_INPUTS, mainInputValue, type MainInput } from './main-inputs';

/*
 * Counterfactuals (engine/README.md "Counterfactuals"): for each factor, the smallest change of its
 * main input (main-inputs.ts) that moves the grade one step up and one step down, searched within the
 * input's realistic range (the 1st to 99th percentile across the graded universe of the date). Every
 * candidate is graded by computeNuggetScores itself, and a stated value is graded once more as stated
 * (rounded to the decimals it is shown with) before it is returned.
 */

export interface RealisticRange {
  low: number;
  high: number;
}

export type GradeShift =
  | { outcome: 'reachable'; grade: Grade; value: number }
  /** No value of the input within the realistic range gives that grade. */
  | { outcome: 'unreachable'; grade: Grade };

export interface FactorCounterfactual {
  factor: FactorName;
  input: string;
  unit: InputUnit;
  /** The input as the grader scored it; null when the symbol has none (then no shift is searched). */
  current: number | null;
  range: RealisticRange | null;
  /** Null at A+ (up) or D (down), and when `current` or `range` is null. */
  up: GradeShift | null;
  down: GradeShift | null;
}

/** Samples per side of the current value, at equal distances, before bisecting a crossing. */
const SCAN_STEPS = 60;
const MAX_BISECT_STEPS = 40;
const LOW_PERCENTILE = 0.01;
const HIGH_PERCENTILE = 0.99;

/** Percentile by linear interpolation between closest ranks (the "R-7" definition). */
function percentileOfSorted(sorted: readonly number[], share: number): number {
  const position = (sorted.length - 1) * share;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

/** The 1st-99th percentile of `values` (finite ones), null under two values. */
export function realisticRangeOf(values: readonly number[]): RealisticRange | null {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length < 2) return null;
  return {
    low: percentileOfSorted(sorted, LOW_PERCENTILE),
    high: percentileOfSorted(sorted, HIGH_PERCENTILE),
  };
}

/** Each main input's realistic range across the universe's scores of one date. */
export function realisticRanges(universe: readonly NuggetScores[]): Map<string, RealisticRange | null> {
  return new Map(
    MAIN_INPUTS.map((main) => [
      main.input,
      realisticRangeOf(universe.flatMap((scores) => mainInputValue(scores, main) ?? [])),
    ]),
  );
}

/** The grade the grader gives with the main input at `value`; null when the input cannot carry it. */
export function gradeWith(input: ComputeNuggetScoresInput, main: MainInput, value: number): Grade | null {
  const changed = main.apply(input, value);
  return changed ? computeNuggetScores(changed).investment_grade : null;
}

/** The stated value: the crossing rounded away from the current value to the shown decimals. */
function statedValue(crossing: number, direction: 1 | -1, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = crossing * scale;
  const rounded = direction > 0 ? Math.ceil(scaled - 1e-9) : Math.floor(scaled + 1e-9);
  return roundTo(rounded / scale, decimals);
}

/** The crossing into `target` between `outside` and `inside` (graded as target), as stated, or null. */
function statedCrossing(
  input: ComputeNuggetScoresInput,
  main: MainInput,
  crossing: { outside: number; inside: number; direction: 1 | -1 },
  target: Grade,
  range: RealisticRange,
): number | null {
  let { outside, inside } = crossing;
  const precision = 10 ** -(main.decimals + 1);
  for (let round = 0; round < MAX_BISECT_STEPS && Math.abs(inside - outside) > precision; round += 1) {
    const middle = (outside + inside) / 2;
    if (gradeWith(input, main, middle) === target) inside = middle;
    else outside = middle;
  }
  const stated = statedValue(inside, crossing.direction, main.decimals);
  const inRange = stated >= range.low && stated <= range.high;
  return inRange && gradeWith(input, main, stated) === target ? stated : null;
}

/**
 * The nearest value of the main input giving each target grade. Both sides of the current value are
 * scanned outwards at equal distances, so the first crossing found is the nearest (to one scan step;
 * the bisection then finds it to a tenth of the shown decimals). A crossing whose stated value does not
 * grade as the target (a band narrower than the shown decimals) or leaves the range is passed over.
 */
function nearestValues(
  input: ComputeNuggetScoresInput,
  main: MainInput,
  current: number,
  range: RealisticRange,
  targets: readonly Grade[],
): Map<Grade, number> {
  const found = new Map<Grade, number>();
  const reach = Math.max(range.high - current, current - range.low);
  if (!(reach > 0) || targets.length === 0) return found;
  const step = reach / SCAN_STEPS;
  const currentGrade = gradeWith(input, main, current);
  const sides = ([1, -1] as const).map((direction) => ({
    direction,
    previous: current,
    previousGrade: currentGrade,
  }));
  for (let index = 1; index <= SCAN_STEPS && found.size < targets.length; index += 1) {
    const nearest = new Map<Grade, number>();
    for (const side of sides) {
      const sample = current + side.direction * step * index;
      if (sample > range.high + step || sample < range.low - step) continue;
      const grade = gradeWith(input, main, sample);
      for (const target of targets) {
        // Only where the scan enters the target grade: a crossing passed over is not tried again.
        if (grade !== target || side.previousGrade === target || found.has(target)) continue;
        const crossing = { outside: side.previous, inside: sample, direction: side.direction };
        const stated = statedCrossing(input, main, crossing, target, range);
        const best = nearest.get(target);
        if (stated !== null && (best === undefined || Math.abs(stated - current) < Math.abs(best - current)))
          nearest.set(target, stated);
      }
      side.previous = sample;
      side.previousGrade = grade;
    }
    for (const [target, value] of nearest) found.set(target, value);
  }
  return found;
}

function shiftOf(found: ReadonlyMap<Grade, number>, target: Grade | undefined): GradeShift | null {
  if (target === undefined) return null;
  const value = found.get(target);
  return value === undefined
    ? { outcome: 'unreachable', grade: target }
    : { outcome: 'reachable', grade: target, value };
}

/**
 * Every factor's counterfactuals for one symbol: `input` is what the grader graded (its risk metrics,
 * the fundamentals known on the date, the price), `ranges` the universe's (realisticRanges).
 */
export function computeCounterfactuals(
  input: ComputeNuggetScoresInput,
  ranges: ReadonlyMap<string, RealisticRange | null>,
): { grade: Grade; composite: number; factors: FactorCounterfactual[] } {
  const scores = computeNuggetScores(input);
  const rank = GRADES.indexOf(scores.investment_grade);
  const up = GRADES[rank - 1];
  const down = GRADES[rank + 1];
  const factors = MAIN_INPUTS.map((main): FactorCounterfactual => {
    const current = mainInputValue(scores, main);
    const range = ranges.get(main.input) ?? null;
    const base = { factor: main.factor, input: main.input, unit: main.unit, current, range };
    if (current === null || range === null) return { ...base, up: null, down: null };
    const targets = [up, down].filter((grade): grade is Grade => grade !== undefined);
    const found = nearestValues(input, main, current, range, targets);
    return { ...base, up: shiftOf(found, up), down: shiftOf(found, down) };
  });
  return {
    grade: scores.investment_grade,
    composite: scores.composite_rationality_score,
    factors,
  };
}
