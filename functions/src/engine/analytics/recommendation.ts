import type { Grade, InputValue, Recommendation, RecommendationAction } from '../types';
import {
  gradeToRecommendation,
  LOWEST_GRADE,
  recommendationToAction,
  scoreToGrade,
} from '@app/shared/domain/rules/grades';
import { clamp, roundTo } from './statistics';

/*
 * Recommendation model (methodology: engine/README.md).
 *
 * Expected 6-month return: a score of 50 expects nothing; 100 expects half a 6-month standard
 * deviation, 0 minus half. sigma_6m = annualised 1-month volatility x sqrt(0.5). Clamped to
 * +/-25 % so a volatile asset never shows a lottery-ticket target (anti-speculation). Half a sigma
 * keeps targets within the range a 6-month move reaches about 70 % of the time.
 */

export const EXPECTED_RETURN_SIGMA_MULTIPLE = 0.5;
export const EXPECTED_RETURN_CLAMP_PERCENT = 25;
/** Used when the series is too short to measure volatility: a typical single stock. */
export const FALLBACK_ANNUAL_VOLATILITY_PERCENT = 20;
export const RECOMMENDATION_TIMEFRAME = '3-6 months';

/**
 * Grade of a computed composite. The thresholds live once, in the shared rules (docs/product.md "Business
 * rules and limits"); a computed composite is always a finite number, so it is never ungraded.
 */
export function gradeOfComposite(score: number): Grade {
  return scoreToGrade(score) ?? LOWEST_GRADE;
}

/**
 * Engine action of a grade, from the shared grade table; the grade table's "Weak Hold" (B-) has no action
 * of its own, so `recommendationToAction` folds it into HOLD.
 */
export function actionOfGrade(grade: Grade): RecommendationAction {
  return recommendationToAction(gradeToRecommendation(grade));
}

export function computeSixMonthSigma(volatility1Month: number | null): number {
  return (volatility1Month ?? FALLBACK_ANNUAL_VOLATILITY_PERCENT) * Math.sqrt(0.5);
}

/** Expected 6-month price return in percent from the composite score and the volatility. */
export function computeExpectedReturn6m(compositeScore: number, volatility1Month: number | null): number {
  const sigma = computeSixMonthSigma(volatility1Month);
  const raw = ((compositeScore - 50) / 50) * EXPECTED_RETURN_SIGMA_MULTIPLE * sigma;
  return clamp(raw, -EXPECTED_RETURN_CLAMP_PERCENT, EXPECTED_RETURN_CLAMP_PERCENT);
}

/**
 * Upside over downside of a one-sigma band around the expected 6-month return:
 * (sigma + mu) / (sigma - mu). 1 when nothing is expected; between 1/3 and 3 by construction.
 */
export function computeRiskRewardRatio(compositeScore: number, volatility1Month: number | null): number {
  const sigma = computeSixMonthSigma(volatility1Month);
  const expected = computeExpectedReturn6m(compositeScore, volatility1Month);
  return (sigma + expected) / (sigma - expected);
}

/**
 * Confidence 0-1: 0.25 + 0.35 x data completeness + 0.30 x factor agreement, so at most 0.9 (a
 * model fed with public history should never claim certainty). Agreement is 1 minus the standard
 * deviation of the factor scores (risk inverted) over 50: factors that all point the same way agree.
 */
export function computeConfidence(dataCompleteness: number, orientedFactorScores: readonly number[]): number {
  let agreement = 0;
  if (orientedFactorScores.length > 0) {
    const mean = orientedFactorScores.reduce((sum, score) => sum + score, 0) / orientedFactorScores.length;
    const variance =
      orientedFactorScores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / orientedFactorScores.length;
    agreement = 1 - clamp(Math.sqrt(variance) / 50, 0, 1);
  }
  return 0.25 + 0.35 * clamp(dataCompleteness, 0, 1) + 0.3 * agreement;
}

export interface BuildRecommendationInput {
  grade: Grade;
  compositeScore: number;
  currentPrice: number;
  volatility1Month: number | null;
  dataCompleteness: number;
  orientedFactorScores: readonly number[];
}

export function buildRecommendation(input: BuildRecommendationInput): Recommendation {
  const expected = computeExpectedReturn6m(input.compositeScore, input.volatility1Month);
  const modelInputs: Record<string, InputValue> = {
    composite_rationality_score: input.compositeScore,
    volatility_1month: input.volatility1Month,
    volatility_used: input.volatility1Month ?? FALLBACK_ANNUAL_VOLATILITY_PERCENT,
    sigma_6m: roundTo(computeSixMonthSigma(input.volatility1Month), 4),
    data_completeness: roundTo(input.dataCompleteness, 4),
  };
  return {
    action: actionOfGrade(input.grade),
    current_price: input.currentPrice,
    target_price: roundTo(input.currentPrice * (1 + expected / 100), 2),
    expected_return_6m: roundTo(expected, 2),
    confidence_score: roundTo(computeConfidence(input.dataCompleteness, input.orientedFactorScores), 2),
    timeframe: RECOMMENDATION_TIMEFRAME,
    model_inputs: modelInputs,
  };
}
