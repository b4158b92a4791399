import { message, type Message } from '@app/shared/messages/message';
import type { SymbolAnalysis } from './types';

/*
 * The reasoning sentence of a recommendation, built only from the analysis: grade, composite score,
 * the two key nuggets that moved the score most, target, expected return and confidence
 * (methodology: README.md, "Recommendation model"). A message, so each reader gets it in their
 * language, even from a stored row (the admin review queue keeps the message, not a text).
 */

export function buildRecommendationReasoning(name: string, analysis: SymbolAnalysis): Message {
  const nuggets = analysis.nugget_scores;
  const recommendation = analysis.recommendation;
  return message('RECOMMENDATION_REASONING', {
    name,
    grade: nuggets.investment_grade,
    score: nuggets.composite_rationality_score,
    because: nuggets.key_nuggets.slice(0, 2).map((nugget) => message('SENTENCE', { text: nugget.message })),
    target: recommendation.target_price,
    expected: recommendation.expected_return_6m,
    confidence: Math.round(recommendation.confidence_score * 100),
  });
}
