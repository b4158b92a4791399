import type { FactorName, FactorScore, InputValue, SubScore } from '../types';
import { COMPOSITE_WEIGHTS } from '@app/shared/domain/rules/score-factors';
import { roundTo } from './statistics';

/*
 * How every factor of the nugget scores is built (methodology: engine/README.md "Nugget scores"):
 * a weighted mean of sub-scores, each mapping one real input linearly onto 0-100 between two
 * documented anchors. Missing inputs are dropped and the remaining weights renormalised; a factor
 * with no input at all scores a neutral 50, is marked 'no_data' and gets no weight in the composite.
 */

/** Composite weights (shared, so the methodology page states the ones the engine uses). */
export const FACTOR_WEIGHTS: Record<FactorName, number> = COMPOSITE_WEIGHTS;

export const NEUTRAL_SCORE = 50;

export interface ComponentSpec {
  name: string;
  value: number | null;
  unit: SubScore['unit'];
  weight: number;
  /** Maps the (non-null) value to 0-100. */
  toScore: (value: number) => number;
}

export function buildFactor(
  name: FactorName,
  specs: readonly ComponentSpec[],
  inputs: Record<string, InputValue>,
  higherIsBetter: boolean,
): FactorScore {
  const components: SubScore[] = specs.map((spec) => ({
    name: spec.name,
    // A value with no finite figure (debt over a negative equity) is scored, not shown or stored.
    value: spec.value !== null && Number.isFinite(spec.value) ? spec.value : null,
    unit: spec.unit,
    score: spec.value === null ? null : roundTo(spec.toScore(spec.value), 2),
    weight: spec.weight,
  }));
  const available = components.filter((component) => component.score !== null);
  const totalWeight = components.reduce((sum, component) => sum + component.weight, 0);
  const availableWeight = available.reduce((sum, component) => sum + component.weight, 0);
  const score =
    availableWeight > 0
      ? available.reduce((sum, component) => sum + (component.score as number) * component.weight, 0) /
        availableWeight
      : NEUTRAL_SCORE;
  return {
    name,
    score: roundTo(score, 1),
    weight: FACTOR_WEIGHTS[name],
    effective_weight: 0,
    status: availableWeight === 0 ? 'no_data' : availableWeight < totalWeight ? 'partial' : 'ok',
    higher_is_better: higherIsBetter,
    inputs,
    components,
  };
}
