import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { Recommendation } from '@app/shared/domain/entities/market';
import { formatCurrency, formatDate, formatPercent } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';

const PriceTargetChart = lazy(() => import('./price-target-chart'));

/** About a year of daily bars behind the card's price. */
const PRICE_DAYS = 365;

/**
 * The card's price chart: the closes to the card's as-of date, the rational target, and, for a
 * signed-in holder of the asset, the purchase (from the portfolio list the portfolio screen shares).
 */
export function PriceTargetPanel({
  recommendation,
  signedIn,
}: {
  recommendation: Recommendation;
  signedIn: boolean;
}) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const history = useRouteQuery(contract.ai.priceHistory, {
    params: { symbol: recommendation.symbol },
    query: { days: PRICE_DAYS },
  });
  const portfolio = useRouteQuery(contract.portfolio.list, undefined, { enabled: signedIn });
  const holding = portfolio.data?.assets.find((asset) => asset.symbol === recommendation.symbol);
  const purchase =
    holding?.purchase_date && holding.purchase_price !== null
      ? { date: holding.purchase_date, price: holding.purchase_price }
      : null;
  const bars = (history.data?.bars ?? []).filter((bar) => bar.date <= recommendation.as_of);
  const first = bars[0];
  const date = (value: string) => formatDate(value, language, 'UTC');
  const money = (value: number) => formatCurrency(value, language);
  const gap =
    ((recommendation.target_price - recommendation.current_price) / recommendation.current_price) * 100;
  return (
    <Card className="price-target">
      <Heading level={4} fontSize="medium">
        {t('price.title')}
      </Heading>
      {history.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : history.isError || !first ? (
        <Text className="app-muted">{t('price.loadFailed')}</Text>
      ) : (
        <figure className="score-history__figure">
          <Suspense fallback={<Loader aria-label={t('loading')} />}>
            <div aria-hidden="true">
              <PriceTargetChart
                bars={bars}
                target={recommendation.target_price}
                asOf={recommendation.as_of}
                purchase={purchase}
                language={language}
                labels={{ target: t('price.target'), asOf: t('price.asOf'), bought: t('price.bought') }}
              />
            </div>
          </Suspense>
          <figcaption>
            <Text data-testid="price-target-summary">
              {t('price.summary', {
                from: date(first.date),
                to: date(recommendation.as_of),
                price: money(recommendation.current_price),
                asOf: date(recommendation.as_of),
                target: money(recommendation.target_price),
                gap: formatPercent(gap, language, { signed: true, maximumFractionDigits: 1 }),
              })}
            </Text>
            {purchase ? (
              <Text data-testid="price-target-purchase">
                {t('price.purchase', { date: date(purchase.date), price: money(purchase.price) })}
              </Text>
            ) : null}
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
