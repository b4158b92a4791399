import { Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { TIERS } from '@app/shared/domain/enums';
import { Card } from '@/kit/ui/card';

/** Part 2 section 2: the static comparison, free / middle / top columns. */
const COMPARISON_ROWS = [
  { key: 'portfolioTracking', cells: ['yes', 'yes', 'yes'] },
  { key: 'dailyRecommendations', cells: ['yes', 'yes', 'yes'] },
  { key: 'riskAnalysis', cells: ['basic', 'yes', 'yes'] },
  { key: 'realTimePrices', cells: ['no', 'yes', 'yes'] },
  { key: 'extendedHours', cells: ['no', 'yes', 'yes'] },
  { key: 'personalisedInsights', cells: ['no', 'no', 'yes'] },
  { key: 'prioritySupport', cells: ['no', 'no', 'yes'] },
] as const;

function Cell({ value }: { value: 'yes' | 'basic' | 'no' }) {
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
                {row.cells.map((cell, index) => (
                  <td key={TIERS[index]}>
                    <Cell value={cell} />
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
