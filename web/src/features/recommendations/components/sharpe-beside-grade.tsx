import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { NuggetScores } from '@app/shared/domain/entities/market';
import { riskLabel } from '@app/shared/domain/rules/display-thresholds';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { carryingFactor, type ScoreFactorName } from '@app/shared/domain/rules/score-factors';
import { GOOD_GRADES } from '@app/shared/domain/rules/score-glossary';
import { usePreferences } from '@/kit/preferences/preferences';

export interface SharpeBesideGradeProps {
  sharpe: number | null;
  scores: NuggetScores;
}

/**
 * A negative Sharpe ratio beside a good grade looks like a contradiction (issue 28: -0.09 on a grade-A
 * Buy). It is not one: the Sharpe looks back one year and is no input of the grade. This says so and
 * names the factor adding the most points to the composite. Nothing otherwise.
 */
export function SharpeBesideGrade({ sharpe, scores }: SharpeBesideGradeProps) {
  const { t } = useTranslation(['glossary', 'terms', 'recommendations']);
  const { language } = usePreferences();
  if (sharpe === null || sharpe >= 0 || !GOOD_GRADES.includes(scores.investment_grade)) return null;
  const carrier = carryingFactor(scores.factors ?? []);
  if (!carrier || carrier.score === null) return null;
  const sharpeText = formatNumber(sharpe, language, 2);
  const grade = scores.investment_grade;
  // Risk carries a grade by being low: say it on the one 1-10 risk level, not as a 0-100 score.
  const level = riskLevel(carrier.score);
  const sentence =
    carrier.name === 'risk'
      ? t('glossary:sharpeBesideGradeRisk', {
          sharpe: sharpeText,
          grade,
          level,
          label: t(`recommendations:risk.${riskLabel(level)}`),
        })
      : t('glossary:sharpeBesideGrade', {
          sharpe: sharpeText,
          grade,
          factor: t(`terms:factors.${carrier.name as ScoreFactorName}`),
          score: formatNumber(carrier.score, language, 1),
        });
  return (
    <Text className="app-muted" data-testid="sharpe-beside-grade">
      {sentence}
    </Text>
  );
}
