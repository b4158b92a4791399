import { Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { TIERS, type Tier } from '@app/shared/domain/enums';
import { Card } from '@/kit/ui/card';

type CellValue = 'yes' | 'basic' | 'no';
const flag = (value: boolean): CellValue => (value ? 'yes' : 'no');

/**
 * docs/product.md "Screens", subscription: which plan includes what, read from the tier catalogue the server
 * enforces (so a row cannot promise what no plan delivers): free / middle / top columns.
 */
const COMPARISON_ROWS = [
  { key: 'portfolioTracking', cell: () => 'yes' },
  { key: 'dailyRecommendations', cell: () => 'yes' },
  {
    key: 'riskAnalysis',
    cell: (tier) => (TIER_CATALOGUE[tier].features.advanced_recommendations ? 'yes' : 'basic'),
  },
  { key: 'realTimePrices', cell: (tier) => flag(TIER_CATALOGUE[tier].features.real_time_prices) },
  { key: 'advancedAnalytics', cell: (tier) => flag(TIER_CATALOGUE[tier].features.advanced_analytics) },
  { key: 'customAlerts', cell: (tier) => flag(TIER_CATALOGUE[tier].features.custom_alerts) },
  { key: 'prioritySupport', cell: (tier) => flag(TIER_CATALOGUE[tier].features.priority_support) },
] as const satisfies readonly { key: string; cell: (tier: Tier) => CellValue }[];

function Cell({ value }: { value: CellValue }) {
  const { t } = useTranslation('subscription');
  if (value === 'basic') return <>{t('comparison.basic')}</>;
  return value === 'yes' ? (
    <span className="subscription__tick" role="img" aria-label={t('comparison.included')}>
      ✓
    </span>
  ) : (
    <span className="app-muted" role="img" aria-label={t('comparison.notIncluded')}>
      —
    </span>
  );
}

/** Which plan includes what, as a table. */
export function ComparisonTable() {
  const { t } = useTranslation(['subscription', 'common']);
  return (
    <Card>
      <Heading level={2} className="app-card-title">
        {t('subscription:comparison.title')}
      </Heading>
      <div className="subscription__table-wrap">
        <table className="subscription__table">
          <thead>
            <tr>
              <th scope="col">{t('subscription:comparison.feature')}</th>
              {TIERS.map((tier) => (
                <th scope="col" key={tier}>
                  {t(`common:tiers.${tier}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.key}>
                <th scope="row">{t(`subscription:comparison.rows.${row.key}`)}</th>
                {TIERS.map((tier) => (
                  <td key={tier}>
                    <Cell value={row.cell(tier)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
