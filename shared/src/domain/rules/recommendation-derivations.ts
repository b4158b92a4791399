import type { Grade, SpeculationLevel } from '../enums';

/**
 * Values the recommendation screens derive from the engine's raw fields (docs/product.md "Entities"), and the
 * fallbacks used when a symbol's analysis fails (docs/product.md "Errors and empty results", "Business rules
 * and limits").
 */

/**
 * Score used when none could be computed (docs/product.md "Business rules and limits"). 50 is the middle of
 * the 0-100 scale.
 */
export const FALLBACK_SCORE = 50;
/** Price used by the dashboard when a symbol has none (docs/product.md "Business rules and limits"). */
export const FALLBACK_PRICE = 150;

/** Expected return shown when target or current price is missing, or current is 0. */
export const DEFAULT_EXPECTED_RETURN_PERCENT = 5;
export const DEFAULT_TIMEFRAME = '3-6 months';

export const RISK_LEVEL_MAX = 10;
/** Risk level of a recommendation without a risk score: the level of the fallback risk score 50. */
export const DEFAULT_RISK_LEVEL = FALLBACK_SCORE / 10;

/** A premarket move larger than this (in percent, either way) flags extended-hours activity. */
export const EXTENDED_HOURS_THRESHOLD_PERCENT = 0.5;

/** Substrings that mark a crypto symbol (BTC-USD, ETH-USD, SOL-USD, WBTC...). */
export const CRYPTO_SYMBOL_MARKERS = ['-USD', 'BTC', 'ETH'] as const;

export const ANALYSIS_FAILED_ERROR = 'Analysis failed';
export const NUGGET_ANALYSIS_FAILED_ERROR = 'Nugget analysis failed';
/**
 * docs/product.md "Errors and empty results" fixes grade B for a failed nugget analysis, although
 * scoreToGrade(50) is B-.
 */
export const FAILED_NUGGET_GRADE: Grade = 'B';
/**
 * Not a documented rule (docs/product.md names no fallback ratio): 1 means "reward equals risk", the neutral
 * value, like the 50s around it.
 */
export const FAILED_NUGGET_RISK_REWARD_RATIO = 1;

/**
 * Products like 0.845 * 100 give 84.49999999999999; cutting to 12 significant digits removes
 * that noise so that values written with few decimals round the way a person expects.
 */
function withoutFloatNoise(value: number): number {
  return Number(value.toPrecision(12));
}

/** Rounds half away from zero, so +2.5 and -2.5 round alike in magnitude. */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function isUsableNumber(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** Confidence 0-1 as a whole percent, kept within 0-100. */
export function confidencePercent(confidence: number): number {
  const percent = roundHalfAwayFromZero(withoutFloatNoise(confidence * 100));
  return Math.min(100, Math.max(0, percent));
}

/**
 * (target - current) / current in percent, rounded to 2 decimals. A missing price, or a current
 * price of 0 or below (no meaningful base), gives the documented default 5.
 */
export function expectedReturnPercent(
  targetPrice: number | null | undefined,
  currentPrice: number | null | undefined,
): number {
  if (!isUsableNumber(targetPrice) || !isUsableNumber(currentPrice) || currentPrice <= 0) {
    return DEFAULT_EXPECTED_RETURN_PERCENT;
  }
  const percent = ((targetPrice - currentPrice) / currentPrice) * 100;
  return roundHalfAwayFromZero(withoutFloatNoise(percent * 100)) / 100;
}

/**
 * Risk level 0-10 from the nugget risk score 0-100 (docs/product.md "Entities": "risk level 0-10, capped at
 * 10"): score / 10, rounded to a whole level because the risk labels use whole bands ("4 to 6"), and kept
 * within 0-10 (one screen's text says 1-10, but a score below 5 honestly rounds to 0). Without a score the
 * level is 5, the level of the fallback score 50.
 */
export function riskLevel(riskScore: number | null | undefined): number {
  if (!isUsableNumber(riskScore)) return DEFAULT_RISK_LEVEL;
  const level = roundHalfAwayFromZero(withoutFloatNoise(riskScore / 10));
  return Math.min(RISK_LEVEL_MAX, Math.max(0, level));
}

/**
 * The documented heuristic (docs/product.md "Business rules and limits"), kept as is: crypto if the symbol
 * contains -USD, BTC or ETH, else stock. Case-insensitive because users type symbols. Alternatives never come
 * from a symbol alone.
 */
export function assetTypeFromSymbol(symbol: string): 'crypto' | 'stock' {
  const upper = symbol.toUpperCase();
  return CRYPTO_SYMBOL_MARKERS.some((marker) => upper.includes(marker)) ? 'crypto' : 'stock';
}

export function isExtendedHours(premarketChangePercent: number | null | undefined): boolean {
  if (!isUsableNumber(premarketChangePercent)) return false;
  return Math.abs(premarketChangePercent) > EXTENDED_HOURS_THRESHOLD_PERCENT;
}

/** A batch entry for a symbol whose rationality analysis failed (matches BatchAnalysisItemSchema). */
export interface FailedAnalysisEntry {
  symbol: string;
  rationality_score: number;
  speculation_level: SpeculationLevel;
  current_price: null;
  recommendation: null;
  error: string;
}

export function buildFailedAnalysis(symbol: string): FailedAnalysisEntry {
  return {
    symbol,
    rationality_score: FALLBACK_SCORE,
    speculation_level: 'UNKNOWN',
    current_price: null,
    recommendation: null,
    error: ANALYSIS_FAILED_ERROR,
  };
}

/** A batch entry for a symbol whose nugget analysis failed (matches BatchNuggetItemSchema). */
export interface FailedNuggetAnalysisEntry {
  symbol: string;
  nugget_scores: {
    investment_grade: Grade;
    composite_rationality_score: number;
    financial_health_score: number;
    growth_quality_score: number;
    value_score: number;
    momentum_score: number;
    risk_score: number;
    risk_reward_ratio: number;
    key_nuggets: string[];
  };
  error: string;
}

/**
 * docs/product.md "Errors and empty results" fixes composite 50, grade B, health 50 and risk 50; the other
 * scores it does not name get the same neutral 50 so the card shows no invented strength or weakness.
 */
export function buildFailedNuggetAnalysis(symbol: string): FailedNuggetAnalysisEntry {
  return {
    symbol,
    nugget_scores: {
      investment_grade: FAILED_NUGGET_GRADE,
      composite_rationality_score: FALLBACK_SCORE,
      financial_health_score: FALLBACK_SCORE,
      growth_quality_score: FALLBACK_SCORE,
      value_score: FALLBACK_SCORE,
      momentum_score: FALLBACK_SCORE,
      risk_score: FALLBACK_SCORE,
      risk_reward_ratio: FAILED_NUGGET_RISK_REWARD_RATIO,
      key_nuggets: [],
    },
    error: NUGGET_ANALYSIS_FAILED_ERROR,
  };
}
