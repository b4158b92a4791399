import type { Grade } from '../enums';

/**
 * The glossary of every figure a score card can show (issue 28; methodology:
 * functions/src/engine/README.md): each name the engine emits as a factor input, each volume and
 * risk measure, and the card's own scores. A name maps to how its value is written; its label, unit
 * and one-line meaning live in the `glossary` i18n namespace under `terms.<name>`, in en, fr and es.
 * The sites never print a name itself: a name missing here is shown as its label "Other figure".
 */

/** How a value is written: the site formats it in the reader's language and adds the unit. */
export const GLOSSARY_FORMATS = [
  /** Already in percent, written 23.4 %. */
  'percent',
  /** A change in percent, written with its sign: +4.2 %. */
  'signedPercent',
  /** A change in percentage points, with its sign: +1.5 pts. */
  'signedPoints',
  /** A plain ratio or multiple: 1.52. */
  'ratio',
  /** US dollars. */
  'usd',
  /** US dollars written in billions: 12.3 bn. */
  'usdBillions',
  /** 'true' / 'false' (the API's text for a flag), written yes / no. */
  'flag',
  /** Where the figures come from ('10-K 2023-09-30', 'screener'): a data reference, not words. */
  'source',
  /** One of the engine's levels (LOW, MODERATE, HIGH; BULLISH...): written as its translated word. */
  'level',
  /** A whole number of shares (running totals). */
  'shares',
  /** A score from 0 to 100. */
  'score',
  /** A grade, A+ to D. */
  'grade',
  /** The 1-10 risk level. */
  'riskLevel',
] as const;
export type GlossaryFormat = (typeof GLOSSARY_FORMATS)[number];

export const SCORE_GLOSSARY = {
  // Financial health (annual report, else the screener snapshot).
  source: 'source',
  profit_margin_pct: 'percent',
  debt_to_equity: 'ratio',
  negative_equity: 'flag',
  current_ratio: 'ratio',
  return_on_equity_pct: 'percent',
  eps_ttm: 'usd',
  market_cap: 'usdBillions',
  // Growth quality.
  revenue_growth_pct: 'signedPercent',
  earnings_growth_pct: 'signedPercent',
  operating_margin_change_pts: 'signedPoints',
  // Value.
  price: 'usd',
  pe_ratio: 'ratio',
  eps_split_adjusted: 'usd',
  eps_split_factor: 'ratio',
  dividend_yield_pct: 'percent',
  // Momentum and risk (prices alone).
  momentum_1w: 'signedPercent',
  momentum_1m: 'signedPercent',
  momentum_3m: 'signedPercent',
  volatility_1month: 'percent',
  volatility_regime: 'level',
  max_drawdown: 'percent',
  sharpe_estimation: 'ratio',
  // Volume analysis.
  volume_breakout: 'flag',
  volume_ratio_20d: 'ratio',
  volume_surge_level: 'level',
  obv_trend: 'level',
  accumulation_distribution: 'shares',
  // The card's scores.
  investment_grade: 'grade',
  composite_rationality_score: 'score',
  financial_health_score: 'score',
  growth_quality_score: 'score',
  value_score: 'score',
  momentum_score: 'score',
  risk_level: 'riskLevel',
  confidence_score: 'percent',
  risk_reward_ratio: 'ratio',
  target_price: 'usd',
  expected_return: 'signedPercent',
} as const satisfies Record<string, GlossaryFormat>;

export type GlossaryTerm = keyof typeof SCORE_GLOSSARY;
export const GLOSSARY_TERMS = Object.keys(SCORE_GLOSSARY) as GlossaryTerm[];

export function isGlossaryTerm(name: string): name is GlossaryTerm {
  return Object.prototype.hasOwnProperty.call(SCORE_GLOSSARY, name);
}

/** The page anchor of a term on the methodology page's glossary. */
export function glossaryAnchor(term: GlossaryTerm): string {
  return `glossary-${term.replace(/_/g, '-')}`;
}

/** Grades from which the engine advises buying (engine README "Recommendation model"). */
export const GOOD_GRADES: readonly Grade[] = ['A+', 'A', 'B+'];
