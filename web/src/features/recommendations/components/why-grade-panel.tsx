import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { NuggetScores } from '@app/shared/domain/entities/market';
import { GRADE_THRESHOLDS } from '@app/shared/domain/rules/grades';
import { scoreColour } from '@app/shared/domain/rules/display-thresholds';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { toneClass } from './tone';
import { FactorExplanation } from './factor-explanation';
import { HowComputedLink } from './glossary-label';

export interface WhyGradePanelProps {
  /** A recommendation's nugget scores, or the same read back from a fact sheet (explainedScoresOf). */
  scores: Pick<NuggetScores, 'investment_grade' | 'composite_rationality_score' | 'factors'>;
}

/**
 * "Why this grade", the one place for the reasoning (issue 28): each factor in a plain sentence, which
 * way it moved the grade and, on a 'full' detail, the figures behind it with their units (issue 12).
 */
export function WhyGradePanel({ scores }: WhyGradePanelProps) {
  const { t } = useTranslation('recommendations');
  const { language } = usePreferences();
  const threshold = GRADE_THRESHOLDS.find((entry) => entry.grade === scores.investment_grade);
  return (
    <Card className="rec-why-grade">
      <Heading level={3} fontSize="large">
        {t('whyGrade.title')}
      </Heading>
      <Text>{t('whyGrade.description')}</Text>
      {threshold ? (
        <Text className="app-muted">
          {t('whyGrade.threshold', {
            grade: threshold.grade,
            min: formatNumber(threshold.minScore, language, 0),
          })}
        </Text>
      ) : null}
      <Text>
        {t('nugget.compositeScore')}:{' '}
        <span className={toneClass(scoreColour(scores.composite_rationality_score))}>
          {formatNumber(scores.composite_rationality_score, language, 1)}
        </span>
      </Text>
      <ul className="rec-factors">
        {(scores.factors ?? []).map((factor) => (
          <FactorExplanation key={factor.name} factor={factor} />
        ))}
      </ul>
      <HowComputedLink />
    </Card>
  );
}
