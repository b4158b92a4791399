import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import { isLanguage } from '@/kit/preferences/preferences';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';

export interface DeletionConfirmProps {
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/**
 * The step between the password and the deletion (docs/accounts.md "Delete my account"): what is lost,
 * and for an active paid plan its period end and the money-back refund still due, which deleting does not
 * ask for (docs/product.md's billing rules: 30 days, once per customer).
 */
export function DeletionConfirm({ busy, onConfirm, onKeep }: DeletionConfirmProps) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const billing = useRouteQuery(contract.subscription.billing);
  const summary = billing.data;
  const paid = summary && summary.status !== 'free' && summary.tier !== 'FREE' ? summary : null;
  return (
    <Flex
      direction="column"
      gap="small"
      data-testid="delete-confirm"
      role="alertdialog"
      aria-labelledby="delete-confirm-title"
    >
      <Heading level={3} id="delete-confirm-title">
        {t('settings:privacy.confirmTitle')}
      </Heading>
      <Text>{t('settings:privacy.confirmBody')}</Text>
      {paid?.period_end ? (
        <Alert variation="warning" data-testid="delete-paid-plan">
          {t('settings:privacy.paidPlan', {
            plan: t(`common:tiers.${paid.tier}`),
            date: formatDate(paid.period_end, language),
          })}
        </Alert>
      ) : null}
      {paid?.refund ? (
        <Alert variation="warning" data-testid="delete-refund-due">
          {t('settings:privacy.refundDue', {
            amount: formatCurrency(paid.refund.amount_cents / 100, language),
            date: formatDate(paid.refund.deadline, language),
          })}{' '}
          <Link to="/subscription">{t('settings:privacy.toBilling')}</Link>
        </Alert>
      ) : null}
      <Flex wrap="wrap">
        <Button variation="destructive" onClick={onConfirm} isLoading={busy} isDisabled={billing.isLoading}>
          {t('settings:privacy.confirm')}
        </Button>
        <Button onClick={onKeep}>{t('settings:privacy.keep')}</Button>
      </Flex>
    </Flex>
  );
}
