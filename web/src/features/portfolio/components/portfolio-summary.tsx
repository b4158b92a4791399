import { Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import { ASSET_TYPES } from '@app/shared/domain/enums';
import { formatMoney, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { FIGURE_SECTIONS } from '@/lib/figure-links';
import { formatMarketDate } from '@/kit/market/market-date';

type PortfolioSummary = PortfolioResponse['summary'];

const AllocationChart = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.AllocationChart })),
);

/** One card per asset type: value, count and share of the portfolio, in the portfolio's `currency`. */
export function AssetTypeCards({ summary, currency }: { summary: PortfolioSummary; currency: string }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  return (
    <div className="app-grid app-grid--3">
      {ASSET_TYPES.map((assetType) => {
        const entry = summary.by_type[assetType] ?? { total_value: 0, count: 0, percent: 0 };
        return (
          <Card key={assetType} data-testid={`type-card-${assetType}`}>
            <Text fontWeight="bold">{t(`common:assetTypesPlural.${assetType}`)}</Text>
            <Text className="portfolio__type-value">
              {formatMoney(entry.total_value, currency, language)}
            </Text>
            <Text className="app-muted">{t('portfolio:typeCard.assetCount', { count: entry.count })}</Text>
            <Text className="app-muted">
              {t('portfolio:typeCard.percentOfPortfolio', {
                percent: formatNumber(entry.percent, language, 1),
              })}
            </Text>
          </Card>
        );
      })}
    </div>
  );
}

/** The allocation by type (chart, loaded on demand) beside the totals. */
export function AllocationCard({
  summary,
  currency,
  replayDate,
}: {
  summary: PortfolioSummary;
  /** The currency of every amount (the ledger's base currency, PortfolioResponse `currency`). */
  currency: string;
  /** In replay, the market clock's date the portfolio was valued at; null on live data. */
  replayDate: string | null;
}) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const money = (value: number) => formatMoney(value, currency, language);
  return (
    <Card id={FIGURE_SECTIONS.allocation}>
      <Heading level={2} className="app-card-title">
        {t('analysis.allocationByType')}
      </Heading>
      <Flex gap="large" wrap="wrap" alignItems="center">
        <div className="portfolio__allocation-chart" data-testid="allocation-chart">
          <Suspense fallback={<Loader />}>
            <AllocationChart
              language={language}
              currency={currency}
              slices={ASSET_TYPES.map((assetType) => ({
                assetType,
                value: summary.by_type[assetType]?.total_value ?? 0,
                percent: summary.by_type[assetType]?.percent ?? 0,
              }))}
            />
          </Suspense>
        </div>
        <dl className="app-definition-list">
          <dt>{t('totals.totalValue')}</dt>
          <dd data-testid="portfolio-total-value">{money(summary.total_value)}</dd>
          {summary.total_cost !== null ? (
            <>
              <dt>{t('totals.costBasis')}</dt>
              <dd data-testid="portfolio-total-cost">{money(summary.total_cost)}</dd>
            </>
          ) : null}
          {summary.total_gain !== null ? (
            <>
              <dt>{t('totals.totalGain')}</dt>
              <dd data-testid="portfolio-total-gain">{money(summary.total_gain)}</dd>
            </>
          ) : null}
          <dt>
            {replayDate
              ? t('totals.dayChangeOn', { date: formatMarketDate(replayDate, language) })
              : t('totals.dayChange')}
          </dt>
          <dd>{money(summary.day_change_amount)}</dd>
          {summary.monthly_return_percent !== null ? (
            <>
              <dt>{t('totals.monthlyReturn')}</dt>
              <dd>
                {/* Two decimals, as the transactions page's "1 month" row shows the same figure. */}
                <span data-testid="portfolio-monthly-return">
                  {formatPercent(summary.monthly_return_percent, language, {
                    signed: true,
                    maximumFractionDigits: 2,
                  })}
                </span>
                {summary.monthly_return_period ? (
                  <span className="app-muted">
                    {' '}
                    (
                    {t('common:replay.period', {
                      from: formatMarketDate(summary.monthly_return_period.from, language),
                      to: formatMarketDate(summary.monthly_return_period.to, language),
                    })}
                    )
                  </span>
                ) : null}
              </dd>
            </>
          ) : null}
        </dl>
      </Flex>
    </Card>
  );
}
