import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { BillingDocumentsResponseSchema } from '@app/shared/domain/entities/billing';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import type { z } from 'zod';
import { usePreferences } from '@/kit/preferences/preferences';

type Documents = z.infer<typeof BillingDocumentsResponseSchema>;

/** The columns both tables share: number, date, plan, amount (and the invoice's status). */
function HeaderRow({ withStatus }: { withStatus: boolean }) {
  const { t } = useTranslation('subscription');
  return (
    <thead>
      <tr>
        <th scope="col">{t('billing.number')}</th>
        <th scope="col">{t('billing.date')}</th>
        <th scope="col">{t('billing.plan')}</th>
        <th scope="col">{t('billing.amount')}</th>
        {withStatus ? <th scope="col">{t('billing.status')}</th> : null}
      </tr>
    </thead>
  );
}

/** Invoices and credit notes, newest first, each with its number, date, plan and amount. */
export function BillingHistory({ documents }: { documents: Documents }) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  const money = (cents: number) => formatCurrency(cents / 100, language);
  return (
    <div data-testid="billing-history">
      <Text fontWeight="bold" marginTop="small">
        {t('subscription:billing.invoices')}
      </Text>
      {documents.invoices.length === 0 ? (
        <Text className="app-muted">{t('subscription:billing.noInvoices')}</Text>
      ) : (
        <div className="subscription__table-wrap">
          <table className="subscription__table" data-testid="invoices">
            <HeaderRow withStatus />
            <tbody>
              {documents.invoices.map((invoice) => {
                const credit = invoice.lines.find((line) => line.kind === 'proration_credit');
                return (
                  <tr key={invoice.number}>
                    <td>{invoice.number}</td>
                    <td>{formatDate(invoice.issued_at, language)}</td>
                    <td>
                      {t('subscription:billing.planValue', {
                        plan: t(`common:tiers.${invoice.plan.tier}`),
                        cycle: t(`subscription:billing.cycles.${invoice.plan.cycle}`),
                      })}
                    </td>
                    <td>
                      {money(invoice.total_cents)}
                      {credit ? (
                        <Text as="span" className="app-muted" fontSize="small" display="block">
                          {t('subscription:billing.prorationLine', {
                            amount: money(-credit.amount_cents),
                            days: credit.remaining_days,
                            total: credit.days_in_period,
                          })}
                        </Text>
                      ) : null}
                    </td>
                    <td>
                      {invoice.refunded_by
                        ? t('subscription:billing.refundedBy', { note: invoice.refunded_by })
                        : t('subscription:billing.statuses.paid')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Text fontWeight="bold" marginTop="small">
        {t('subscription:billing.creditNotes')}
      </Text>
      {documents.credit_notes.length === 0 ? (
        <Text className="app-muted">{t('subscription:billing.noCreditNotes')}</Text>
      ) : (
        <div className="subscription__table-wrap">
          <table className="subscription__table" data-testid="credit-notes">
            <HeaderRow withStatus={false} />
            <tbody>
              {documents.credit_notes.map((note) => (
                <tr key={note.number}>
                  <td>{note.number}</td>
                  <td>{formatDate(note.issued_at, language)}</td>
                  <td>{t('subscription:billing.ofInvoice', { invoice: note.invoice_number })}</td>
                  <td>-{money(note.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
