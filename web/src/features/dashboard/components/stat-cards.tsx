import { Flex, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import { formatCurrency, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';

function StatCard({
  title,
  value,
  testId,
  hint,
  aside,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  hint: string;
  /** Beside the title (the live marker). */
  aside?: ReactNode;
  /** Between the value and the hint (the score's bar). */
  children?: ReactNode;
}) {
  const heading = <Text className="dashboard__stat-title">{title}</Text>;
  return (
    <Card className="dashboard__stat">
      {aside === undefined ? (
        heading
      ) : (
        <Flex justifyContent="space-between" alignItems="center">
          {heading}
          {aside}
        </Flex>
      )}
      <Text className="dashboard__stat-value" data-testid={testId}>
        {value}
      </Text>
      {children}
      <Text className="app-muted">{hint}</Text>
    </Card>
  );
}

export interface StatCardsProps {
  summary: PortfolioResponse['summary'] | undefined;
  score: number;
  aiLive: boolean;
  /** In replay, the market clock's date every figure belongs to; null on live data. */
  replayDate: string | null;
}

/** Part 1 section 2: total value, monthly return, rationality score and assets analysed. */
export function StatCards({ summary, score, aiLive, replayDate }: StatCardsProps) {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  const monthlyReturn = summary?.monthly_return_percent;
  const period = summary?.monthly_return_period;
  const monthlyHint = period
    ? t('cards.monthlyReturn.hintPeriod', {
        from: formatMarketDate(period.from, language),
        to: formatMarketDate(period.to, language),
      })
    : monthlyReturn === null && summary
      ? t('cards.monthlyReturn.unknown')
      : t('cards.monthlyReturn.hint');
  return (
    <div className="app-grid app-grid--4">
      <StatCard
        title={t('cards.totalValue.title')}
        value={summary ? formatCurrency(summary.total_value, language) : '—'}
        testId="dashboard-total-value"
        hint={
          replayDate
            ? t('cards.totalValue.hintReplay', { date: formatMarketDate(replayDate, language) })
            : t('cards.totalValue.hint')
        }
      />
      <StatCard
        title={t('cards.monthlyReturn.title')}
        value={
          monthlyReturn === null || monthlyReturn === undefined
            ? '—'
            : formatPercent(monthlyReturn, language, { signed: true })
        }
        testId="dashboard-monthly-return"
        hint={monthlyHint}
      />
      <StatCard
        title={t('cards.rationalityScore.title')}
        aside={
          aiLive ? (
            <span className="dashboard__live">
              <span className="dashboard__live-dot" aria-hidden="true" />
              {replayDate ? t('cards.rationalityScore.replay') : t('cards.rationalityScore.live')}
            </span>
          ) : null
        }
        value={t('cards.rationalityScore.value', { score: formatNumber(score, language, 0) })}
        testId="dashboard-score"
        hint={t('cards.rationalityScore.hint')}
      >
        <ProgressBar value={score} label={t('cards.rationalityScore.title')} tone="success" />
      </StatCard>
      <StatCard
        title={t('cards.assetsAnalysed.title')}
        value={summary ? formatNumber(summary.asset_count, language, 0) : '—'}
        testId="dashboard-asset-count"
        hint={t('cards.assetsAnalysed.hint')}
      />
    </div>
  );
}
