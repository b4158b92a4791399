import type { NuggetScores } from '../entities/market';

/** The engine's factor names behind the per-factor scores of a recommendation. */
export type ScoreFactorName = 'financial_health' | 'growth_quality' | 'value' | 'momentum' | 'risk';

/**
 * True when the engine had no input for the factor (no annual report: an index, a crypto asset): its
 * score is then a neutral 50 left out of the composite, which a site should show as "no data" rather
 * than as a middling result. Without the factor breakdown nothing can be said, so it answers false.
 */
export function isFactorWithoutData(scores: Pick<NuggetScores, 'factors'>, factor: ScoreFactorName): boolean {
  return scores.factors?.some((entry) => entry.name === factor && entry.score === null) ?? false;
}
