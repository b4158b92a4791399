import type { ContextualRecommendation } from '@app/shared/domain/entities/catalysts';
import type { ContextualAction, Grade } from '@app/shared/domain/enums';
import { isHighImpact, MEDIUM_IMPACT_THRESHOLD } from '@app/shared/domain/rules/catalyst-thresholds';
import { message, type Message } from '@app/shared/messages/message';
import type { SymbolAnalysis } from '../types';
import type { ScoredCatalyst } from './build-catalyst';

/*
 * Contextual recommendation = a catalyst joined with the engine's analysis of its symbol
 * (README.md "Contextual recommendations"). The catalyst can only confirm or temper what the
 * engine's grade says; it never turns a weak grade into a buy (anti-speculation):
 *
 *   grade group     positive catalyst                    neutral   negative catalyst
 *   A+, A           STRONG_BUY if impact > 80, else BUY   HOLD      WATCH
 *   B+, B           BUY if impact > 60, else WATCH        HOLD      AVOID if impact > 60, else WATCH
 *   B-, C, D        WATCH                                 WATCH     AVOID
 *
 * Price target and expected return are the engine's (a headline does not move the model's target),
 * and the label agrees with them: a buy needs a positive expected return, an avoid a negative one;
 * otherwise the cell says WATCH (issue 45: no "Avoid" beside a target above the price).
 * Confidence = 0.7 x engine confidence + 0.3 x catalyst strength / 100, so it stays below 0.93.
 */

type GradeGroup = 'strong' | 'good' | 'weak';

export function groupGrade(grade: Grade): GradeGroup {
  if (grade === 'A+' || grade === 'A') return 'strong';
  if (grade === 'B+' || grade === 'B') return 'good';
  return 'weak';
}

export function decideContextualAction(
  grade: Grade,
  sentimentLabel: string,
  impactScore: number,
  expectedReturn: number,
): ContextualAction {
  const action = actionOfTable(grade, sentimentLabel, impactScore);
  if ((action === 'BUY' || action === 'STRONG_BUY') && !(expectedReturn > 0)) return 'WATCH';
  if (action === 'AVOID' && !(expectedReturn < 0)) return 'WATCH';
  return action;
}

function actionOfTable(grade: Grade, sentimentLabel: string, impactScore: number): ContextualAction {
  const group = groupGrade(grade);
  if (sentimentLabel === 'positive') {
    if (group === 'strong') return isHighImpact(impactScore) ? 'STRONG_BUY' : 'BUY';
    if (group === 'good') return impactScore > MEDIUM_IMPACT_THRESHOLD ? 'BUY' : 'WATCH';
    return 'WATCH';
  }
  if (sentimentLabel === 'negative') {
    if (group === 'strong') return 'WATCH';
    if (group === 'good') return impactScore > MEDIUM_IMPACT_THRESHOLD ? 'AVOID' : 'WATCH';
    return 'AVOID';
  }
  return group === 'weak' ? 'WATCH' : 'HOLD';
}

export function computeContextualConfidence(engineConfidence: number, catalystStrength: number): number {
  return Math.round((0.7 * engineConfidence + 0.3 * (catalystStrength / 100)) * 1000) / 1000;
}

/** HIGH: a high-impact catalyst of the last day; MEDIUM: medium impact or fresh; else LOW. */
export function decideTimeSensitivity(impactScore: number, hoursAgo: number): 'HIGH' | 'MEDIUM' | 'LOW' {
  if (isHighImpact(impactScore) && hoursAgo <= 24) return 'HIGH';
  if (impactScore > MEDIUM_IMPACT_THRESHOLD || hoursAgo <= 24) return 'MEDIUM';
  return 'LOW';
}

const HOLDING_PERIODS: Record<ContextualAction, Message> = {
  STRONG_BUY: message('CATALYST_HOLD_3_TO_6_MONTHS'),
  BUY: message('CATALYST_HOLD_3_TO_6_MONTHS'),
  HOLD: message('CATALYST_HOLD_3_TO_6_MONTHS'),
  WATCH: message('CATALYST_REEVALUATE_2_TO_4_WEEKS'),
  AVOID: message('CATALYST_STAY_OUT'),
};

function buildReasoning(
  action: ContextualAction,
  catalyst: ScoredCatalyst,
  analysis: SymbolAnalysis,
  replay: boolean,
): Message {
  const { catalyst: item } = catalyst;
  const params = {
    action,
    sentiment: item.sentiment_label,
    type: item.event_type,
    impact: Math.round(item.impact_score),
    grade: analysis.nugget_scores.investment_grade,
    score: analysis.nugget_scores.composite_rationality_score,
  };
  return replay ? message('CATALYST_REASONING_REPLAY', params) : message('CATALYST_REASONING', params);
}

function buildRiskFactors(catalyst: ScoredCatalyst, analysis: SymbolAnalysis, replay: boolean): Message[] {
  const risks: Message[] = [];
  const risk = analysis.risk_metrics;
  if (risk.volatility_regime === 'HIGH' && risk.volatility_1month !== null) {
    risks.push(message('CATALYST_RISK_HIGH_VOLATILITY', { volatility: risk.volatility_1month }));
  }
  if (risk.max_drawdown !== null && risk.max_drawdown <= -20) {
    risks.push(message('CATALYST_RISK_DRAWDOWN', { drawdown: risk.max_drawdown }));
  }
  if (analysis.nugget_scores.data_completeness < 0.5) risks.push(message('CATALYST_RISK_NO_FUNDAMENTALS'));
  if (catalyst.catalyst.sentiment_label === 'negative') risks.push(message('CATALYST_RISK_NEGATIVE_NEWS'));
  if (catalyst.catalyst.event_type === 'regulatory') risks.push(message('CATALYST_RISK_REGULATORY'));
  const ratio = analysis.volume_analysis.volume_ratio_20d;
  if (ratio !== null && ratio >= 2) risks.push(message('CATALYST_RISK_UNUSUAL_VOLUME', { ratio }));
  if (replay) risks.push(message('CATALYST_RISK_REPLAY'));
  return risks;
}

/** The contract's contextual recommendation with its texts as messages, worded when answered. */
export type ContextualRecommendationDraft = Omit<
  ContextualRecommendation,
  'reasoning' | 'risk_factors' | 'holding_period'
> & {
  reasoning: Message;
  risk_factors: Message[];
  holding_period: Message;
};

export function buildContextualRecommendation(input: {
  catalyst: ScoredCatalyst;
  analysis: SymbolAnalysis;
  name: string;
  replay: boolean;
}): ContextualRecommendationDraft {
  const { catalyst, analysis } = input;
  const item = catalyst.catalyst;
  const nugget = analysis.nugget_scores;
  const action = decideContextualAction(
    nugget.investment_grade,
    item.sentiment_label,
    item.impact_score,
    analysis.recommendation.expected_return_6m,
  );
  const reasoning = buildReasoning(action, catalyst, analysis, input.replay);
  return {
    symbol: analysis.symbol,
    name: input.name,
    action,
    confidence: computeContextualConfidence(analysis.recommendation.confidence_score, item.catalyst_strength),
    current_price: analysis.current_price,
    target_price: analysis.recommendation.target_price,
    catalyst_type: item.event_type,
    catalyst_title: item.title,
    catalyst_impact: item.impact_score,
    catalyst_sentiment: item.sentiment_score,
    catalyst_strength: item.catalyst_strength,
    catalyst_url: item.url,
    sample: item.sample,
    price_as_of: analysis.price_date,
    investment_grade: nugget.investment_grade,
    composite_score: nugget.composite_rationality_score,
    financial_health: nugget.financial_health_score,
    risk_score: nugget.risk_score,
    reasoning,
    keywords: item.keywords,
    published_date: item.published_date,
    source: item.source,
    risk_factors: buildRiskFactors(catalyst, analysis, input.replay),
    time_sensitivity: decideTimeSensitivity(item.impact_score, catalyst.hours_ago),
    holding_period: HOLDING_PERIODS[action],
    expected_return: analysis.recommendation.expected_return_6m,
  };
}
