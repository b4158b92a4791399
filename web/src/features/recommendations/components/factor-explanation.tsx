import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ScoreFactor } from '@app/shared/domain/entities/market';
import { riskLabel, scoreColour } from '@app/shared/domain/rules/display-thresholds';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import {
  factorContribution,
  factorDirection,
  type FactorDirection,
  type ScoreFactorName,
} from '@app/shared/domain/rules/score-factors';
import { isGlossaryTerm, type GlossaryTerm } from '@app/shared/domain/rules/score-glossary';
import { usePreferences } from '@/kit/preferences/preferences';
import { useGlossaryValue } from './glossary-value';
import { GlossaryLabel } from './glossary-label';
import { toneClass } from './tone';

/** The glossary entry of each factor's score. */
const FACTOR_TERMS: Record<ScoreFactorName, GlossaryTerm> = {
  financial_health: 'financial_health_score',
  growth_quality: 'growth_quality_score',
  value: 'value_score',
  momentum: 'momentum_score',
  risk: 'risk_level',
};

const DIRECTION_TONE: Record<FactorDirection, string> = {
  up: 'rec-tone rec-tone--green',
  down: 'rec-tone rec-tone--red',
  neutral: 'app-muted',
  noData: 'app-muted',
};

const DIRECTION_KEY = {
  up: 'directionUp',
  down: 'directionDown',
  neutral: 'directionNeutral',
  noData: 'directionNoData',
} as const;

const SENTENCE_KEY = {
  up: 'sentenceUp',
  down: 'sentenceDown',
  neutral: 'sentenceNeutral',
  noData: 'sentenceNoData',
} as const;

const RISK_SENTENCE_KEY = {
  up: 'riskSentenceUp',
  down: 'riskSentenceDown',
  neutral: 'riskSentenceNeutral',
  noData: 'sentenceNoData',
} as const;

/**
 * One factor of "Why this grade" in plain words (issue 28): its label, its score (risk on the one
 * 1-10 risk level), which way and by how many composite points it moved the grade, its sentence
 * (the server's, naming the figure that drove it, else ours), and on a 'full' detail the figures
 * behind it, each with its glossary label and unit. No engine field name reaches the screen.
 */
export function FactorExplanation({ factor }: { factor: ScoreFactor }) {
  const { t } = useTranslation(['glossary', 'recommendations', 'common', 'terms']);
  const { language } = usePreferences();
  const figure = useGlossaryValue();
  const direction = factorDirection(factor);
  const points = factorContribution(factor);
  const isRisk = factor.name === 'risk';
  const term = FACTOR_TERMS[factor.name as ScoreFactorName] as GlossaryTerm | undefined;
  // In a sentence the factor is named as the server names it ("La santé financière ...").
  const label = t(`terms:factors.${factor.name as ScoreFactorName}`, {
    defaultValue: t('glossary:otherFigure'),
  });
  const level = riskLevel(factor.score);
  const levelLabel = t(`recommendations:risk.${riskLabel(level)}`);
  const scoreText =
    factor.score === null
      ? t('common:noData.label')
      : isRisk
        ? t('glossary:riskLevelValue', { level, label: levelLabel })
        : t('glossary:factorScore', { score: formatNumber(factor.score, language, 1) });
  const fallbackSentence = isRisk
    ? t(`glossary:${RISK_SENTENCE_KEY[direction]}`, { level, label: levelLabel, factor: label })
    : t(`glossary:${SENTENCE_KEY[direction]}`, {
        factor: label,
        score: factor.score === null ? '' : formatNumber(factor.score, language, 1),
      });
  const inputs = Object.entries(factor.inputs ?? {});

  return (
    <li data-testid="factor-explanation" data-factor={factor.name} data-direction={direction}>
      <Text fontWeight="bold">
        <span data-testid="factor-label">{term ? <GlossaryLabel term={term} /> : label}</span>:{' '}
        <span
          data-testid="factor-score"
          className={factor.score === null || isRisk ? undefined : toneClass(scoreColour(factor.score))}
        >
          {scoreText}
        </span>{' '}
        <span className="app-muted">
          ({t('glossary:weightShare', { weight: formatNumber(factor.weight * 100, language, 1) })})
        </span>
      </Text>
      <Text data-testid="factor-direction" className={DIRECTION_TONE[direction]}>
        {t(`glossary:${DIRECTION_KEY[direction]}`, {
          points: formatNumber(Math.abs(points ?? 0), language, 1),
        })}
      </Text>
      <Text data-testid="factor-sentence">{factor.note ?? fallbackSentence}</Text>
      {inputs.length > 0 ? (
        <>
          <Text as="span" className="app-muted">
            {isRisk ? t('glossary:riskMeasures') : t('glossary:figures')}:
          </Text>
          <ul className="rec-factor-inputs">
            {inputs.map(([name, value]) =>
              isGlossaryTerm(name) ? (
                <li key={name} data-testid="factor-input">
                  <GlossaryLabel term={name} />:{' '}
                  <span data-testid="factor-input-value">{figure(name, value)}</span>{' '}
                  <span className="app-muted" data-testid="factor-input-unit">
                    ({t(`glossary:terms.${name}.unit`)})
                  </span>
                </li>
              ) : null,
            )}
          </ul>
        </>
      ) : null}
    </li>
  );
}
