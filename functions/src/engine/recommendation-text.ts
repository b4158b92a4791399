import { numberFormat } from '@app/shared/domain/rules/formatting';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { SymbolAnalysis } from './types';

/*
 * The reasoning sentence of a recommendation, in en, fr and es, built only from the analysis: grade,
 * composite score, the two key nuggets that moved the score most, target, expected return and
 * confidence (methodology: README.md, "Recommendation model").
 */

const LOCALES: Record<keyof LocalizedText, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };

function formatNumber(language: keyof LocalizedText, value: number, decimals: number): string {
  return numberFormat(LOCALES[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function buildRecommendationReasoning(name: string, analysis: SymbolAnalysis): LocalizedText {
  const nuggets = analysis.nugget_scores;
  const recommendation = analysis.recommendation;
  const top = nuggets.key_nuggets.slice(0, 2);
  const confidence = Math.round(recommendation.confidence_score * 100);
  const build = (language: keyof LocalizedText): string => {
    const score = formatNumber(language, nuggets.composite_rationality_score, 1);
    const target = formatNumber(language, recommendation.target_price, 2);
    const expected = `${recommendation.expected_return_6m > 0 ? '+' : ''}${formatNumber(language, recommendation.expected_return_6m, 1)} %`;
    const because = top.map((nugget) => `${nugget.text[language]}.`).join(' ');
    switch (language) {
      case 'fr':
        return `${name} : note ${nuggets.investment_grade} (rationalité ${score}/100). ${because} Objectif ${target} à 3-6 mois (${expected}), confiance ${confidence} %.`;
      case 'es':
        return `${name}: nota ${nuggets.investment_grade} (racionalidad ${score}/100). ${because} Objetivo ${target} a 3-6 meses (${expected}), confianza ${confidence} %.`;
      default:
        return `${name}: grade ${nuggets.investment_grade} (rationality ${score}/100). ${because} Target ${target} in 3-6 months (${expected}), confidence ${confidence} %.`;
    }
  };
  return { en: build('en'), fr: build('fr'), es: build('es') };
}
