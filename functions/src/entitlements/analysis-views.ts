import type { z } from 'zod';
import type {
  DetailLevel,
  NuggetScoresSchema,
  RecommendationSchema,
  SymbolAnalysisSchema,
} from '@app/shared/domain/entities/market';

/**
 * What a plan shows of an analysis (subscription README, "Entitlements", advanced_recommendations):
 * every tier gets the grade, the composite score and each factor's score with its one plain sentence;
 * the factors' inputs, volume analysis, risk metrics and the full reasoning are 'full' only. The server
 * builds the full answer and these functions take out what the plan does not include, so a FREE
 * caller never receives a premium field (the sites only display what they are sent).
 */

type NuggetScores = z.input<typeof NuggetScoresSchema>;
type SymbolAnalysis = z.input<typeof SymbolAnalysisSchema>;
type Recommendation = z.input<typeof RecommendationSchema>;

/** Factor inputs are 'full' only; the note (one plain sentence) stays. */
export function nuggetScoresAt(scores: NuggetScores, level: DetailLevel | 'summary'): NuggetScores {
  if (level === 'full' || !scores.factors) return scores;
  return { ...scores, factors: scores.factors.map(({ inputs: _inputs, ...factor }) => factor) };
}

export function symbolAnalysisAt(analysis: SymbolAnalysis, level: DetailLevel): SymbolAnalysis {
  if (level === 'full') return { ...analysis, detail_level: 'full' };
  const { volume_analysis: _volume, risk_metrics: _risk, reasoning: _reasoning, ...basic } = analysis;
  return { ...basic, nugget_scores: nuggetScoresAt(analysis.nugget_scores, level), detail_level: 'basic' };
}

/** The list shows each card's face ('summary'); a detail is 'basic' or 'full'. */
export function recommendationAt(item: Recommendation, level: DetailLevel | 'summary'): Recommendation {
  if (level === 'full') return { ...item, detail_level: 'full' };
  const { reasoning: _reasoning, volume_analysis: _volume, risk_metrics: _risk, ...face } = item;
  return { ...face, nugget_scores: nuggetScoresAt(item.nugget_scores, level), detail_level: level };
}

/** The nugget-analysis route's answer at a level: volume and risk metrics are 'full' only. */
export function nuggetAnalysisAt<
  Answer extends { nugget_scores: NuggetScores; volume_analysis?: unknown; risk_metrics?: unknown },
>(answer: Answer, level: DetailLevel): Answer & { detail_level: DetailLevel } {
  if (level === 'full') return { ...answer, detail_level: 'full' };
  const { volume_analysis: _volume, risk_metrics: _risk, ...basic } = answer;
  return {
    ...(basic as Answer),
    nugget_scores: nuggetScoresAt(answer.nugget_scores, level),
    detail_level: 'basic',
  };
}
