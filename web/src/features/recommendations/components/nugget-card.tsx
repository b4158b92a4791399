import { Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { NuggetScores } from '@app/shared/domain/entities/market';
import { riskLabel, scoreColour } from '@app/shared/domain/rules/display-thresholds';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { isFactorWithoutData, type ScoreFactorName } from '@app/shared/domain/rules/score-factors';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { toneClass } from './tone';
import { HowComputedLink } from './glossary-label';

type ScoreKey = 'financialHealth' | 'growthQuality' | 'value' | 'momentum';

/** The engine's factor behind each score of the card. */
const FACTOR_OF: Record<ScoreKey, ScoreFactorName> = {
  financialHealth: 'financial_health',
  growthQuality: 'growth_quality',
  value: 'value',
  momentum: 'momentum',
};

export interface NuggetCardProps {
  scores: NuggetScores;
  /** The compact form: the figures in one tight grid. */
  compact?: boolean;
}

/**
 * docs/product.md "Screens", recommendations: the nugget analysis card, full or compact. Risk reads on the
 * product's one scale, the 1-10 risk level (issue 28); the sentences live once, in "Why this grade", not
 * here.
 */
export function NuggetCard({ scores, compact = false }: NuggetCardProps) {
  const { t } = useTranslation(['recommendations', 'common']);
  const { language } = usePreferences();
  const score = (value: number) => formatNumber(value, language, 1);
  const rows: { key: ScoreKey; value: number }[] = [
    { key: 'financialHealth', value: scores.financial_health_score },
    { key: 'growthQuality', value: scores.growth_quality_score },
    { key: 'value', value: scores.value_score },
    { key: 'momentum', value: scores.momentum_score },
  ];
  const level = riskLevel(scores.risk_score);

  return (
    <Card className={compact ? 'rec-nugget rec-nugget--compact' : 'rec-nugget'}>
      <Heading level={compact ? 4 : 3} fontSize={compact ? 'small' : 'large'}>
        {compact ? t('nugget.compactTitle') : t('nugget.title')}
      </Heading>
      <dl className="rec-metrics">
        <div>
          <dt>{t('nugget.investmentGrade')}</dt>
          <dd>
            <Badge variant="info">{scores.investment_grade}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('nugget.compositeScore')}</dt>
          <dd className={toneClass(scoreColour(scores.composite_rationality_score))}>
            {score(scores.composite_rationality_score)}
          </dd>
        </div>
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{t(`nugget.${row.key}`)}</dt>
            {isFactorWithoutData(scores, FACTOR_OF[row.key]) ? (
              <dd className="app-muted" title={t('common:noData.description')}>
                {t('common:noData.label')}
              </dd>
            ) : (
              <dd className={toneClass(scoreColour(row.value))}>{score(row.value)}</dd>
            )}
          </div>
        ))}
        {/* The card's face already shows the risk level above the compact form. */}
        {compact ? null : (
          <div>
            <dt>{t('card.riskLevel')}</dt>
            <dd data-testid="nugget-risk-level">
              {t('card.riskLevelValue', { level })} · {t(`risk.${riskLabel(level)}`)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('nugget.riskReward')}</dt>
          <dd>{formatNumber(scores.risk_reward_ratio, language, 2)}</dd>
        </div>
      </dl>
      <HowComputedLink />
    </Card>
  );
}
