import type {
  FactorName,
  FactorScore,
  NuggetScores,
  PointInTimeFundamentals,
  RiskMetrics,
  SnapshotListing,
} from '../types';
import { NEUTRAL_SCORE } from './factor-score';
import { scoreFinancialHealth, scoreGrowthQuality, scoreValue } from './fundamental-factors';
import { describeKeyNuggets } from './key-nuggets';
import { scoreMomentum, scoreRisk } from './price-factors';
import { computeRiskRewardRatio, gradeOfComposite } from './recommendation';
import { roundTo } from './statistics';

/*
 * Nugget scores (methodology: engine/README.md): five factors (factor-score.ts; price-factors.ts,
 * fundamental-factors.ts) combined into the composite rationality score and its grade. Factors
 * without data get no weight; the others are reweighted.
 */

/** Score counted in the composite: risk is inverted so that higher is always better. */
export function orientFactorScore(factor: FactorScore): number {
  return factor.higher_is_better ? factor.score : 100 - factor.score;
}

export interface ComputeNuggetScoresInput {
  riskMetrics: RiskMetrics;
  fundamentals: PointInTimeFundamentals | null;
  snapshot: SnapshotListing | null;
  price: number;
}

export function computeNuggetScores(input: ComputeNuggetScoresInput): NuggetScores {
  const factors = [
    scoreFinancialHealth(input.fundamentals, input.snapshot),
    scoreGrowthQuality(input.fundamentals, input.snapshot),
    scoreValue(input.fundamentals, input.snapshot, input.price),
    scoreMomentum(input.riskMetrics),
    scoreRisk(input.riskMetrics),
  ];
  const withData = factors.filter((factor) => factor.status !== 'no_data');
  const weightWithData = withData.reduce((sum, factor) => sum + factor.weight, 0);
  for (const factor of withData) factor.effective_weight = roundTo(factor.weight / weightWithData, 4);

  const composite =
    weightWithData > 0
      ? withData.reduce((sum, factor) => sum + orientFactorScore(factor) * factor.weight, 0) / weightWithData
      : NEUTRAL_SCORE;
  const compositeRounded = roundTo(composite, 1);

  // Completeness weighs each factor by the share of its component weight that had data.
  const dataCompleteness = factors.reduce((sum, factor) => {
    const total = factor.components.reduce((acc, component) => acc + component.weight, 0);
    const present = factor.components
      .filter((component) => component.score !== null)
      .reduce((acc, component) => acc + component.weight, 0);
    return sum + factor.weight * (total > 0 ? present / total : 0);
  }, 0);

  const byName = (name: FactorName): FactorScore =>
    factors.find((factor) => factor.name === name) as FactorScore;
  const volatility = input.riskMetrics.volatility_1month;
  return {
    investment_grade: gradeOfComposite(compositeRounded),
    composite_rationality_score: compositeRounded,
    financial_health_score: byName('financial_health').score,
    growth_quality_score: byName('growth_quality').score,
    value_score: byName('value').score,
    momentum_score: byName('momentum').score,
    risk_score: byName('risk').score,
    risk_reward_ratio: roundTo(computeRiskRewardRatio(compositeRounded, volatility), 2),
    key_nuggets: describeKeyNuggets(factors),
    factors,
    data_completeness: roundTo(dataCompleteness, 4),
  };
}
