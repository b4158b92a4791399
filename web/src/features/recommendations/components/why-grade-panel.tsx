import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NuggetScores, ScoreFactor } from '@app/shared/domain/entities/market';
import { GRADE_THRESHOLDS } from '@app/shared/domain/rules/grades';
import { scoreColour, riskScoreColour } from '@app/shared/domain/rules/display-thresholds';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { toneClass } from './tone';

/** The engine's factor names and the nugget label each one reads as. */
const FACTOR_LABELS = {
  financial_health: 'nugget.financialHealth',
  growth_quality: 'nugget.growthQuality',
  value: 'nugget.value',
  momentum: 'nugget.momentum',
  risk: 'nugget.riskScore',
} as const;

function factorLabelKey(name: string) {
  return name in FACTOR_LABELS ? FACTOR_LABELS[name as keyof typeof FACTOR_LABELS] : null;
}

/** An input's value: a number in the reader's format, a flag as yes or no, else as the engine gave it. */
function InputValue({ value }: { value: number | string | null }) {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  if (value === null) return <>–</>;
  if (typeof value === 'number') return <>{formatNumber(value, language, 2)}</>;
  if (value === 'true' || value === 'false') return <>{t(value === 'true' ? 'status.yes' : 'status.no')}</>;
  // A source reference (10-K and its dates, the screener): a data identifier, not words of any language.
  return <span lang="zxx">{value}</span>;
}

function FactorRow({ factor }: { factor: ScoreFactor }) {
  const { t } = useTranslation('recommendations');
  const { language } = usePreferences();
  const labelKey = factorLabelKey(factor.name);
  const colour =
    factor.score === null
      ? null
      : factor.name === 'risk'
        ? riskScoreColour(factor.score)
        : scoreColour(factor.score);
  return (
    <li>
      <Text fontWeight="bold">
        {labelKey ? t(labelKey) : factor.name}:{' '}
        {factor.score === null || colour === null ? (
          <span className="app-muted">{t('whyGrade.notScored')}</span>
        ) : (
          <span className={toneClass(colour)}>{formatNumber(factor.score, language, 1)}</span>
        )}{' '}
        <span className="app-muted">
          ({t('whyGrade.weight', { weight: formatNumber(factor.weight * 100, language, 1) })})
        </span>
      </Text>
      {factor.note ? <Text>{factor.note}</Text> : null}
      {factor.inputs ? (
        <>
          <Text as="span" className="app-muted">
            {t('whyGrade.inputs')}:{' '}
          </Text>
          {Object.entries(factor.inputs).map(([name, value], index) => (
            <span key={name}>
              {index > 0 ? ', ' : ''}
              {/* The engine's input name: an identifier, not words of any language (zxx). */}
              <code lang="zxx">{name}</code> = <InputValue value={value} />
            </span>
          ))}
        </>
      ) : null}
    </li>
  );
}

export interface WhyGradePanelProps {
  scores: NuggetScores;
}

/** "Why this grade": each factor's score, weight and the inputs that produced it (issue 12). */
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
          <FactorRow key={factor.name} factor={factor} />
        ))}
      </ul>
      <Link to="/methodology">{t('methodologyLink')}</Link>
    </Card>
  );
}
