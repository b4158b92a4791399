import type { Grade, InputValue, Recommendation, RecommendationAction } from '../types.js';
import { clamp, roundTo } from './statistics.js';

/*
 * Recommendation model (methodology: market/README.md).
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

/** Spec part 1 section 9: 85 A+, 75 A, 65 B+, 55 B, 45 B-, 35 C, below D. */
export const GRADE_THRESHOLDS: readonly { minimum: number; grade: Grade }[] = [
  { minimum: 85, grade: 'A+' },
  { minimum: 75, grade: 'A' },
  { minimum: 65, grade: 'B+' },
  { minimum: 55, grade: 'B' },
  { minimum: 45, grade: 'B-' },
  { minimum: 35, grade: 'C' },
];

export function convertScoreToGrade(score: number): Grade {
  return GRADE_THRESHOLDS.find((threshold) => score >= threshold.minimum)?.grade ?? 'D';
}

/**
 * Spec part 1 section 9 maps grades to Strong Buy / Buy / Hold / Weak Hold / Sell / Strong Sell.
 * The engine's action vocabulary has no Weak Hold, so B- is HOLD.
 */
export function convertGradeToAction(grade: Grade): RecommendationAction {
  switch (grade) {
    case 'A+':
      return 'STRONG_BUY';
    case 'A':
    case 'B+':
      return 'BUY';
    case 'B':
    case 'B-':
      return 'HOLD';
    case 'C':
      return 'SELL';
    case 'D':
      return 'STRONG_SELL';
  }
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
    action: convertGradeToAction(input.grade),
    current_price: input.currentPrice,
    target_price: roundTo(input.currentPrice * (1 + expected / 100), 2),
    expected_return_6m: roundTo(expected, 2),
    confidence_score: roundTo(computeConfidence(input.dataCompleteness, input.orientedFactorScores), 2),
    timeframe: RECOMMENDATION_TIMEFRAME,
    model_inputs: modelInputs,
  };
}
