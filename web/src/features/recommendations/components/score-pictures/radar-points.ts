import type { NuggetScores } from '@app/shared/domain/entities/market';
import type { FactorName } from '@app/shared/domain/entities/score-history';

/** The five factors in the radar's order (clockwise from the top). */
export const RADAR_FACTORS = ['financial_health', 'growth_quality', 'value', 'momentum', 'risk'] as const;

const SCORE_FIELD = {
  financial_health: 'financial_health_score',
  growth_quality: 'growth_quality_score',
  value: 'value_score',
  momentum: 'momentum_score',
  risk: 'risk_score',
} as const satisfies Record<FactorName, keyof NuggetScores>;

export interface RadarPoint {
  factor: FactorName;
  /** The factor's score as the API sent it (risk as is: higher is riskier, the axis label says so). */
  score: number;
}

/** The radar's points: the card's factor scores, unchanged. */
export function radarPointsOf(scores: NuggetScores): RadarPoint[] {
  return RADAR_FACTORS.map((factor) => ({ factor, score: scores[SCORE_FIELD[factor]] }));
}
