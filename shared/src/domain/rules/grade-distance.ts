import type { Grade } from '../enums';
import { GRADE_THRESHOLDS, LOWEST_GRADE } from './grades';

/*
 * How far a composite score sits from the grades around it (the bands of GRADE_THRESHOLDS), and which
 * factor would move it across a band soonest. A factor moves the composite by its effective weight
 * times its own move (risk counted inverted: a lower risk score raises the composite).
 */

export interface DistanceFactor<Name extends string = string> {
  name: Name;
  score: number;
  effective_weight: number;
  higher_is_better: boolean;
}

export interface GradeStep {
  grade: Grade;
  /** The band's edge: the next grade's lowest score (up) or this grade's lowest score (down). */
  edge: number;
  /** Composite points between the score and that edge. */
  points: number;
}

export interface ClosestFactor<Name extends string = string> {
  name: Name;
  direction: 'up' | 'down';
  /** Signed move of the factor's own score that would cross the edge (risk falls to lift the grade). */
  factor_points: number;
}

export interface GradeDistance<Name extends string = string> {
  /** The next grade up and the points missing to reach it; null at A+. */
  up: GradeStep | null;
  /** The grade below and the margin above this grade's floor; null at D. */
  down: GradeStep | null;
  /** The factor needing the smallest move of its own score to change the grade; null when none can. */
  closest: ClosestFactor<Name> | null;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function gradeDistance<Name extends string>(
  composite: number,
  factors: readonly DistanceFactor<Name>[],
): GradeDistance<Name> {
  const index = GRADE_THRESHOLDS.findIndex((threshold) => composite >= threshold.minScore);
  const current = index === -1 ? null : GRADE_THRESHOLDS[index];
  const above = index === -1 ? GRADE_THRESHOLDS.at(-1) : index > 0 ? GRADE_THRESHOLDS[index - 1] : undefined;
  const below = index === -1 ? undefined : (GRADE_THRESHOLDS[index + 1]?.grade ?? LOWEST_GRADE);
  const up = above
    ? { grade: above.grade, edge: above.minScore, points: round(above.minScore - composite) }
    : null;
  const down =
    current && below
      ? { grade: below, edge: current.minScore, points: round(composite - current.minScore) }
      : null;

  let closest: ClosestFactor<Name> | null = null;
  for (const factor of factors) {
    if (!(factor.effective_weight > 0)) continue;
    const oriented = factor.higher_is_better ? factor.score : 100 - factor.score;
    const options: { direction: 'up' | 'down'; move: number }[] = [];
    if (up) options.push({ direction: 'up', move: up.points / factor.effective_weight });
    // Falling below the floor takes a little more than the margin; the margin is the distance shown.
    if (down) options.push({ direction: 'down', move: down.points / factor.effective_weight });
    for (const option of options) {
      const reachable =
        option.direction === 'up' ? oriented + option.move <= 100 : oriented - option.move >= 0;
      if (!reachable || (closest && Math.abs(closest.factor_points) <= option.move)) continue;
      const sign = (option.direction === 'up') === factor.higher_is_better ? 1 : -1;
      closest = { name: factor.name, direction: option.direction, factor_points: round(sign * option.move) };
    }
  }
  return { up, down, closest };
}
