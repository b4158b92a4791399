import type { NuggetScores, ScoreFactor } from '../entities/market';

/** The engine's factor names behind the per-factor scores of a recommendation. */
export type ScoreFactorName = 'financial_health' | 'growth_quality' | 'value' | 'momentum' | 'risk';

/**
 * The composite's weights (functions/src/engine/README.md "Nugget scores"); risk enters as
 * (100 - risk score). They sum to 1. The engine scores with them and the methodology page states them.
 */
export const COMPOSITE_WEIGHTS: Readonly<Record<ScoreFactorName, number>> = {
  financial_health: 0.25,
  growth_quality: 0.15,
  value: 0.2,
  momentum: 0.15,
  risk: 0.25,
};

/**
 * True when the engine had no input for the factor (no annual report: an index, a crypto asset): its
 * score is then a neutral 50 left out of the composite, which a site should show as "no data" rather
 * than as a middling result. Without the factor breakdown nothing can be said, so it answers false.
 */
export function isFactorWithoutData(scores: Pick<NuggetScores, 'factors'>, factor: ScoreFactorName): boolean {
  return scores.factors?.some((entry) => entry.name === factor && entry.score === null) ?? false;
}

/** Which way a factor moved the grade, from its contribution (engine README "key_nuggets"). */
export type FactorDirection = 'up' | 'down' | 'neutral' | 'noData';

/** The neutral factor score: a factor at 50 neither lifts nor lowers the composite. */
export const NEUTRAL_FACTOR_SCORE = 50;

/**
 * The composite points a factor adds (+) or removes (-) relative to a neutral 50: its weight in the
 * composite x (its score - 50), risk counted as 100 - score because a higher risk score is worse.
 * Rounded to 0.1 point, as the card shows it; null when the factor had no data.
 */
export function factorContribution(factor: Pick<ScoreFactor, 'name' | 'score' | 'weight'>): number | null {
  if (factor.score === null) return null;
  const oriented = factor.name === 'risk' ? 100 - factor.score : factor.score;
  const points = factor.weight * (oriented - NEUTRAL_FACTOR_SCORE);
  return Math.round(points * 10) / 10 || 0;
}

export function factorDirection(factor: Pick<ScoreFactor, 'name' | 'score' | 'weight'>): FactorDirection {
  const points = factorContribution(factor);
  if (points === null) return 'noData';
  return points > 0 ? 'up' : points < 0 ? 'down' : 'neutral';
}

/** The factor that adds the most points to the composite (what carries a good grade); null if none adds any. */
export function carryingFactor<Factor extends Pick<ScoreFactor, 'name' | 'score' | 'weight'>>(
  factors: readonly Factor[],
): Factor | null {
  let best: Factor | null = null;
  let bestPoints = 0;
  for (const factor of factors) {
    const points = factorContribution(factor) ?? 0;
    if (points > bestPoints) {
      best = factor;
      bestPoints = points;
    }
  }
  return best;
}
