import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { contract } from '@app/shared/api/contract';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import type { CallOutput } from '@/kit/api/api-client';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';

/** The next billing and the invoices (none until they have loaded; never for a demo visitor). */
export function BillingCard({
  data,
}: {
  data: CallOutput<typeof contract.subscription.invoices> | undefined;
}) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  return (
    <Card data-testid="billing">
      <Heading level={2} className="app-card-title">
        {t('subscription:billing.title')}
      </Heading>
      {data?.next_billing_date && data.next_billing_amount !== null ? (
        <Text>
          {t('subscription:billing.nextBilling')}:{' '}
          <strong>
            {t('subscription:billing.nextBillingValue', {
              amount: formatCurrency(data.next_billing_amount, language),
              date: formatDate(data.next_billing_date, language),
            })}
          </strong>
        </Text>
      ) : null}
      <Text fontWeight="bold" marginTop="small">
        {t('subscription:billing.invoices')}
      </Text>
      {!data || data.invoices.length === 0 ? (
        <Text className="app-muted">{t('subscription:billing.noInvoices')}</Text>
      ) : (
        <div className="subscription__table-wrap">
          <table className="subscription__table" data-testid="invoices">
            <thead>
              <tr>
                <th scope="col">{t('subscription:billing.date')}</th>
                <th scope="col">{t('subscription:billing.plan')}</th>
                <th scope="col">{t('subscription:billing.amount')}</th>
                <th scope="col">{t('subscription:billing.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatDate(invoice.created_at, language)}</td>
                  <td>{t(`common:tiers.${invoice.tier}`)}</td>
                  <td>{formatCurrency(invoice.amount, language)}</td>
                  <td>{t(`subscription:billing.statuses.${invoice.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Flex gap="small" wrap="wrap" marginTop="small">
        {/* Part 2 section 2: these three buttons do nothing. */}
        <Button size="small" onClick={() => undefined}>
          {t('subscription:billing.updatePayment')}
        </Button>
        <Button size="small" onClick={() => undefined}>
          {t('subscription:billing.history')}
        </Button>
        <Button size="small" onClick={() => undefined}>
          {t('subscription:billing.cancel')}
        </Button>
      </Flex>
    </Card>
  );
}
