import type { ContextualRecommendation } from '@app/shared/domain/entities/catalysts';
import type { ContextualAction, Grade } from '@app/shared/domain/enums';
import { isHighImpact, MEDIUM_IMPACT_THRESHOLD } from '@app/shared/domain/rules/catalysts';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { SymbolAnalysis } from '../types';
import type { ScoredCatalyst } from './build-catalyst';
import { CATALYST_TYPE_NAMES, formatLocalNumber, SENTIMENT_NAMES } from './catalyst-names';

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
 * Price target and expected return are the engine's (a headline does not move the model's target).
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
): ContextualAction {
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

const HOLDING_PERIODS: Record<ContextualAction, string> = {
  STRONG_BUY: '3-6 months',
  BUY: '3-6 months',
  HOLD: '3-6 months',
  WATCH: 'Re-evaluate within 2-4 weeks',
  AVOID: 'Stay out until the risk is resolved',
};

const ACTION_NAMES: Record<ContextualAction, LocalizedText> = {
  STRONG_BUY: { en: 'Strong buy', fr: 'Achat fort', es: 'Compra fuerte' },
  BUY: { en: 'Buy', fr: 'Achat', es: 'Compra' },
  WATCH: { en: 'Watch', fr: 'Surveiller', es: 'Vigilar' },
  HOLD: { en: 'Hold', fr: 'Conserver', es: 'Mantener' },
  AVOID: { en: 'Avoid', fr: 'Éviter', es: 'Evitar' },
};

function buildReasoning(
  action: ContextualAction,
  catalyst: ScoredCatalyst,
  analysis: SymbolAnalysis,
  replay: boolean,
): LocalizedText {
  const { catalyst: item } = catalyst;
  const grade = analysis.nugget_scores.investment_grade;
  const composite = analysis.nugget_scores.composite_rationality_score;
  const score = {
    en: formatLocalNumber(composite, 1, 'en'),
    fr: formatLocalNumber(composite, 1, 'fr'),
    es: formatLocalNumber(composite, 1, 'es'),
  };
  const impact = item.impact_score.toFixed(0);
  const sentiment = SENTIMENT_NAMES[item.sentiment_label];
  const type = CATALYST_TYPE_NAMES[item.event_type];
  const replayNote = {
    en: replay ? ' Prices are a historical replay.' : '',
    fr: replay ? ' Les prix sont une relecture historique.' : '',
    es: replay ? ' Los precios son una reproducción histórica.' : '',
  };
  return {
    en: `${ACTION_NAMES[action].en}: a ${sentiment.en} ${type.en} catalyst (impact ${impact}/100) meets an engine grade of ${grade} (score ${score.en}). The news confirms or tempers the grade; it never replaces it.${replayNote.en}`,
    fr: `${ACTION_NAMES[action].fr} : un catalyseur de type ${type.fr}, de tonalité ${sentiment.fr} (impact ${impact}/100), rencontre une note moteur de ${grade} (score ${score.fr}). L'actualité confirme ou nuance la note, sans jamais la remplacer.${replayNote.fr}`,
    es: `${ACTION_NAMES[action].es}: un catalizador de tipo ${type.es}, de tono ${sentiment.es} (impacto ${impact}/100), coincide con una calificación del motor de ${grade} (puntuación ${score.es}). La noticia confirma o matiza la calificación; nunca la sustituye.${replayNote.es}`,
  };
}

function buildRiskFactors(catalyst: ScoredCatalyst, analysis: SymbolAnalysis, replay: boolean): string[] {
  const risks: string[] = [];
  const risk = analysis.risk_metrics;
  if (risk.volatility_regime === 'HIGH' && risk.volatility_1month !== null) {
    risks.push(`High volatility: ${risk.volatility_1month.toFixed(1)} % annualised over one month`);
  }
  if (risk.max_drawdown !== null && risk.max_drawdown <= -20) {
    risks.push(`Drawdown of ${risk.max_drawdown.toFixed(1)} % within the last year`);
  }
  if (analysis.nugget_scores.data_completeness < 0.5) {
    risks.push('Scored on price behaviour only: no fundamentals for this date');
  }
  if (catalyst.catalyst.sentiment_label === 'negative') risks.push('Negative news flow');
  if (catalyst.catalyst.event_type === 'regulatory') risks.push('Regulatory or legal outcome still open');
  const ratio = analysis.volume_analysis.volume_ratio_20d;
  if (ratio !== null && ratio >= 2) risks.push(`Unusual volume: ${ratio.toFixed(1)}x the 20-day average`);
  if (replay) risks.push('Historical replay data, not live prices');
  return risks;
}

export function buildContextualRecommendation(input: {
  catalyst: ScoredCatalyst;
  analysis: SymbolAnalysis;
  name: string;
  replay: boolean;
}): ContextualRecommendation {
  const { catalyst, analysis } = input;
  const item = catalyst.catalyst;
  const nugget = analysis.nugget_scores;
  const action = decideContextualAction(nugget.investment_grade, item.sentiment_label, item.impact_score);
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
    reasoning: reasoning.en,
    reasoning_localized: reasoning,
    keywords: item.keywords,
    published_date: item.published_date,
    source: item.source,
    risk_factors: buildRiskFactors(catalyst, analysis, input.replay),
    time_sensitivity: decideTimeSensitivity(item.impact_score, catalyst.hours_ago),
    holding_period: HOLDING_PERIODS[action],
    expected_return: analysis.recommendation.expected_return_6m,
  };
}
