import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Recommendation } from '@app/shared/domain/entities/market';
import { formatCurrency, formatNumber } from '@app/shared/domain/rules/formatting';
import {
  gradeBadgeVariant,
  gradeToSpeculationLevel,
  speculationBadgeColour,
} from '@app/shared/domain/rules/grades';
import { isFactorWithoutData } from '@app/shared/domain/rules/score-factors';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge, type BadgeVariant } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { formatMarketDate } from '@/kit/market/market-date';

const SPECULATION_VARIANT: Record<'green' | 'yellow' | 'red', BadgeVariant> = {
  green: 'success',
  yellow: 'warning',
  red: 'destructive',
};

function NuggetPick({ item }: { item: Recommendation }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { language } = usePreferences();
  const scores = item.nugget_scores;
  const grade = scores.investment_grade;
  const level = gradeToSpeculationLevel(grade);
  return (
    <div className="dashboard__nugget" data-testid="nugget-item">
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Text fontWeight="bold">{item.symbol}</Text>
        <Badge variant={gradeBadgeVariant(grade)}>{grade}</Badge>
      </Flex>
      <Text className="app-muted">{item.name}</Text>
      <Badge variant={SPECULATION_VARIANT[speculationBadgeColour(level)]}>
        {t('common:speculation.value', { level: t(`common:speculation.levels.${level}`) })}
      </Badge>
      <dl className="app-definition-list">
        <dt>{t('dashboard:price')}</dt>
        <dd>{formatCurrency(item.current_price, language)}</dd>
        {/* After-hours only where the store has such a price (the replayed history has none). */}
        {item.after_hours_price !== null ? (
          <>
            <dt>{t('dashboard:afterHours')}</dt>
            <dd>{formatCurrency(item.after_hours_price, language)}</dd>
          </>
        ) : null}
        <dt>{t('dashboard:compositeScore')}</dt>
        <dd>{formatNumber(scores.composite_rationality_score, language, 1)}</dd>
        <dt>{t('dashboard:financialHealth')}</dt>
        {isFactorWithoutData(scores, 'financial_health') ? (
          <dd className="app-muted" title={t('common:noData.description')}>
            {t('common:noData.label')}
          </dd>
        ) : (
          <dd>{formatNumber(scores.financial_health_score, language, 1)}</dd>
        )}
      </dl>
      {/* The whole sentence, wrapped: a reason cut mid-word says nothing (issue 28). */}
      <Text className="dashboard__nugget-text" data-testid="nugget-pick-text">
        {scores.key_nuggets[0] ?? ''}
      </Text>
      <Text className="app-muted" fontSize="small" data-testid="nugget-pick-as-of">
        {t('dashboard:asOf', { date: formatMarketDate(item.as_of, language) })}
      </Text>
    </div>
  );
}

/**
 * docs/product.md "Screens", dashboard: the top picks, each with its grade, speculation level and key nugget.
 */
export function NuggetPicks({
  picks,
  replayDate,
}: {
  picks: readonly Recommendation[];
  /** In replay, the market clock's date the picks were graded at; null on live data. */
  replayDate: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  return (
    <Card data-testid="nugget-recommendations">
      <Heading level={2} className="app-card-title">
        {t('nuggets.title')}
      </Heading>
      <Text className="app-muted">
        {replayDate
          ? t('nuggets.subtitleReplay', { date: formatMarketDate(replayDate, language) })
          : t('nuggets.subtitle')}
      </Text>
      <div className="app-grid app-grid--3 dashboard__nuggets">
        {picks.map((item) => (
          <NuggetPick key={item.id} item={item} />
        ))}
      </div>
    </Card>
  );
}
