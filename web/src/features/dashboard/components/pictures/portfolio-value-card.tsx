import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import { formatDate, formatMoney } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { useNearViewport } from '@/kit/ui/use-near-viewport';

const PortfolioValueChart = lazy(() => import('./portfolio-value-chart'));

/**
 * The portfolio's value over time on the dashboard: the ledger's performance series (the answer the
 * dashboard already loads for the returns), drawn when it comes near the screen (it is below the first
 * screen on a phone), with its summary in words from the start.
 */
export function PortfolioValueCard({ performance }: { performance: PerformanceResponse }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const [chartBox, near] = useNearViewport<HTMLDivElement>();
  const series = performance.series;
  const first = series[0];
  const last = series.at(-1);
  const currency = performance.base_currency;
  const money = (value: number) => formatMoney(value, currency, language);
  const date = (value: string) => formatDate(value, language, 'UTC');
  return (
    <Card data-testid="portfolio-value">
      <Heading level={2} className="app-card-title">
        {t('portfolioValue.title')}
      </Heading>
      {!first || !last || series.length < 2 ? (
        <Text className="app-muted">{t('portfolioValue.empty')}</Text>
      ) : (
        <figure className="dashboard__figure">
          <div ref={chartBox} className="dashboard__value-chart" aria-hidden="true">
            {near ? (
              <Suspense fallback={<Loader aria-label={t('loading')} />}>
                <PortfolioValueChart
                  series={series}
                  currency={currency}
                  language={language}
                  labels={{
                    value: t('portfolioValue.value'),
                    invested: t('portfolioValue.invested'),
                    benchmark: performance.benchmark
                      ? t('portfolioValue.benchmark', { benchmark: performance.benchmark.symbol })
                      : null,
                  }}
                />
              </Suspense>
            ) : null}
          </div>
          <figcaption>
            <Text data-testid="portfolio-value-summary">
              {t('portfolioValue.summary', {
                from: date(first.date),
                to: date(last.date),
                first: money(first.value_base),
                last: money(last.value_base),
                invested: money(last.invested_base),
              })}
            </Text>
            <Text className="app-muted">
              {t('portfolioValue.caption', { date: date(performance.market_date), currency })}
            </Text>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
