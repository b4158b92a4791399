import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { PortfolioAttributionResponse } from '@app/shared/domain/entities/portfolio-attribution';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { FIGURE_SECTIONS } from '@/lib/figure-links';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import './explanations.css';

const AttributionChart = lazy(() => import('./attribution-chart'));

/** The chart's figures as a table: a row per holding, a column per factor, the totals last. */
function AttributionTable({ attribution }: { attribution: PortfolioAttributionResponse }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const points = (value: number) => formatNumber(value, language, 1);
  return (
    <ScrollRegion label={t('attribution.tableCaption')}>
      <table className="explanations-attribution__table" data-testid="attribution-table">
        <caption>{t('attribution.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attribution.holding')}</th>
            {attribution.factors.map(({ factor }) => (
              <th scope="col" key={factor}>
                {t(`attribution.factors.${factor}`)}
              </th>
            ))}
            <th scope="col">{t('attribution.total')}</th>
          </tr>
        </thead>
        <tbody>
          {attribution.holdings.map((holding) => (
            <tr key={holding.symbol} data-symbol={holding.symbol}>
              <th scope="row">{holding.name}</th>
              {attribution.factors.map(({ factor }) => (
                <td key={factor}>
                  {points(holding.contributions.find((row) => row.factor === factor)?.points ?? 0)}
                </td>
              ))}
              <td>{points(holding.points)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('attribution.allHoldings')}</th>
            {attribution.factors.map(({ factor, points: total }) => (
              <td key={factor}>{points(total)}</td>
            ))}
            <td>{points(attribution.factors.reduce((sum, row) => sum + row.points, 0))}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/**
 * Who drives the portfolio's grade (docs/product.md "Portfolio attribution"): a stacked bar per
 * factor, the same figures as a table, and one sentence per holding as the server words it.
 */
export function AttributionCard() {
  const { t, i18n } = useTranslation('charts');
  const { language } = usePreferences();
  const answer = useRouteQuery(contract.portfolio.attribution);
  if (answer.isPending) return <Loader aria-label={t('loading')} />;
  if (answer.isError) {
    return <Text role="alert">{serverMessageOf(answer.error, i18n) ?? t('attribution.loadFailed')}</Text>;
  }
  const attribution = answer.data;
  const date = formatDate(attribution.market_date, language, 'UTC');
  return (
    <Card
      className="explanations-attribution"
      data-testid="portfolio-attribution"
      id={FIGURE_SECTIONS.attribution}
    >
      <Heading level={3} fontSize="large">
        {t('attribution.title')}
      </Heading>
      {attribution.score === null ? (
        <Text>{t('attribution.empty', { date })}</Text>
      ) : (
        <>
          <Text className="app-muted">
            {t('attribution.description', {
              score: formatNumber(attribution.score, language, 1),
              grade: attribution.grade,
            })}
          </Text>
          <Suspense fallback={<Loader aria-label={t('loading')} />}>
            <AttributionChart attribution={attribution} />
          </Suspense>
          <AttributionTable attribution={attribution} />
          <ul className="explanations-attribution__sentences">
            {attribution.holdings.map((holding) => (
              <li key={holding.symbol}>{holding.text}</li>
            ))}
          </ul>
        </>
      )}
      {attribution.unscored.length > 0 ? (
        <Text className="app-muted">
          {t('attribution.unscored', { date, symbols: attribution.unscored.join(', ') })}
        </Text>
      ) : null}
    </Card>
  );
}
