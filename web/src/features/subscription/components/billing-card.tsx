import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contract } from '@app/shared/api/contract';
import type {
  BillingAnswer,
  BillingDocumentsResponseSchema,
  BillingSummary,
} from '@app/shared/domain/entities/billing';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useMessageCodeText, useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';
import { BillingHistory } from './billing-history';
import { PaymentCardForm } from './payment-card-form';
import { PaymentChallenge } from './payment-challenge';
import { PortalLink } from './portal-link';

type Documents = z.infer<typeof BillingDocumentsResponseSchema>;
type Confirming = 'cancel' | 'refund' | 'card' | null;

export interface BillingCardProps {
  billing: BillingSummary;
  documents: Documents | undefined;
}

/**
 * The plan's billing: card on file, next billing or the scheduled change, the grace period, and the
 * buttons that act on it (Update Payment, History, Cancel, Keep my plan, Retry payment, the 30-day
 * refund). Each write asks for confirmation first and says what it did.
 */
export function BillingCard({ billing, documents }: BillingCardProps) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const serverMessage = useServerMessage();
  const codeText = useMessageCodeText();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const cancel = useRouteMutation(contract.subscription.cancelPlan);
  const keep = useRouteMutation(contract.subscription.keepPlan);
  const retry = useRouteMutation(contract.subscription.retryPayment);
  const refund = useRouteMutation(contract.subscription.requestRefund);
  const confirmPayment = useRouteMutation(contract.subscription.confirmPayment);
  const money = (cents: number) => formatCurrency(cents / 100, language);
  const date = (iso: string) => formatDate(iso, language);
  const busy = cancel.isPending || keep.isPending || retry.isPending || refund.isPending;

  const done = (title: string, description?: string) => (answer: BillingAnswer) => {
    setConfirming(null);
    if (answer.outcome === 'payment_declined') {
      toast.show({
        variant: 'error',
        title: t('subscription:billing.toasts.failed'),
        description: codeText(answer.message_code, answer.message_params) ?? undefined,
      });
      return;
    }
    // The bank asks for confirmation: the pending payment's challenge shows on this card, no toast yet.
    if (answer.outcome === 'requires_authentication') return;
    toast.show({ variant: 'success', title, description });
  };
  const onError = (error: unknown) => {
    setConfirming(null);
    toast.show({
      variant: 'error',
      title: t('subscription:billing.toasts.failed'),
      description: serverMessage(error) ?? undefined,
    });
  };

  const scheduled = billing.scheduled_change;
  const card = billing.payment_method;
  const cancellable = billing.status !== 'free' && scheduled?.kind !== 'cancel';

  return (
    <Card data-testid="billing">
      <Heading level={2} className="app-card-title">
        {t('subscription:billing.title')}
      </Heading>
      <Text>
        {t('subscription:billing.paymentMethod')}:{' '}
        <strong data-testid="billing-card">
          {card
            ? t('subscription:billing.cardValue', {
                brand: card.brand,
                last4: card.last4,
                month: String(card.exp_month).padStart(2, '0'),
                year: card.exp_year,
              })
            : t('subscription:billing.noCard')}
        </strong>
      </Text>
      {billing.next_billing ? (
        <Text data-testid="next-billing">
          {t('subscription:billing.nextBilling')}:{' '}
          <strong>
            {t('subscription:billing.nextBillingValue', {
              amount: money(billing.next_billing.amount_cents),
              date: date(billing.next_billing.date),
            })}
          </strong>
        </Text>
      ) : null}
      {scheduled ? (
        <Flex alignItems="center" gap="small" wrap="wrap" data-testid="scheduled-change">
          <Text>
            {scheduled.kind === 'cancel' || !scheduled.plan
              ? t('subscription:billing.endsOn', { date: date(scheduled.effective_at) })
              : t('subscription:billing.changesOn', {
                  plan: t(`common:tiers.${scheduled.plan.tier}`),
                  date: date(scheduled.effective_at),
                })}
          </Text>
          <Button
            size="small"
            isDisabled={busy}
            onClick={() =>
              keep.mutate(undefined, { onSuccess: done(t('subscription:billing.toasts.kept')), onError })
            }
          >
            {t('subscription:billing.keepPlan')}
          </Button>
        </Flex>
      ) : null}
      {billing.status === 'past_due' && billing.grace_ends_at ? (
        <Alert variation="warning" data-testid="past-due">
          {t('subscription:billing.pastDue', { date: date(billing.grace_ends_at) })}{' '}
          <Button
            size="small"
            isDisabled={busy}
            onClick={() =>
              retry.mutate(undefined, { onSuccess: done(t('subscription:billing.toasts.paid')), onError })
            }
          >
            {t('subscription:billing.retry')}
          </Button>
        </Alert>
      ) : null}
      {billing.refund ? (
        <Text className="app-muted" data-testid="refund-offer">
          {t('subscription:billing.refundOffer', {
            amount: money(billing.refund.amount_cents),
            date: date(billing.refund.deadline),
          })}
        </Text>
      ) : null}
      {billing.pending_payment ? (
        <PaymentChallenge
          challengeId={billing.pending_payment.challenge_id}
          amount={money(billing.pending_payment.amount_cents)}
          busy={confirmPayment.isPending}
          testId="billing-challenge"
          onAnswer={(outcome) =>
            confirmPayment.mutate(
              { body: { outcome } },
              { onSuccess: done(t('subscription:billing.toasts.paid')), onError },
            )
          }
        />
      ) : null}
      <Flex gap="small" wrap="wrap" marginTop="small">
        <Button size="small" onClick={() => setConfirming('card')}>
          {t('subscription:billing.updatePayment')}
        </Button>
        <Button size="small" aria-expanded={historyOpen} onClick={() => setHistoryOpen((open) => !open)}>
          {historyOpen ? t('subscription:billing.hideHistory') : t('subscription:billing.history')}
        </Button>
        {cancellable ? (
          <Button size="small" onClick={() => setConfirming('cancel')}>
            {t('subscription:billing.cancel')}
          </Button>
        ) : null}
        {billing.refund ? (
          <Button size="small" onClick={() => setConfirming('refund')}>
            {t('subscription:billing.refund')}
          </Button>
        ) : null}
        {billing.portal_available ? <PortalLink /> : null}
      </Flex>
      {historyOpen && documents ? <BillingHistory documents={documents} /> : null}
      {confirming === 'card' ? (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={t('subscription:billing.updateTitle')}
          closeLabel={t('subscription:billing.back')}
        >
          <PaymentCardForm onSaved={done(t('subscription:billing.toasts.cardSaved'))} />
        </Dialog>
      ) : null}
      {confirming === 'cancel' || confirming === 'refund' ? (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={
            confirming === 'cancel'
              ? t('subscription:billing.cancelTitle')
              : t('subscription:billing.refundTitle')
          }
          closeLabel={t('subscription:billing.back')}
        >
          <Text>
            {confirming === 'cancel'
              ? t('subscription:billing.cancelConfirm', {
                  date: billing.period_end ? date(billing.period_end) : '',
                })
              : t('subscription:billing.refundConfirm', { amount: money(billing.refund?.amount_cents ?? 0) })}
          </Text>
          <Flex gap="small" marginTop="medium">
            <Button
              variation="primary"
              isDisabled={busy}
              onClick={() =>
                confirming === 'cancel'
                  ? cancel.mutate(undefined, {
                      onSuccess: done(t('subscription:billing.toasts.cancelled')),
                      onError,
                    })
                  : refund.mutate(undefined, {
                      onSuccess: (answer) =>
                        done(
                          t('subscription:billing.toasts.refundedTitle'),
                          t('subscription:billing.toasts.refunded', {
                            amount: money(answer.amount_cents ?? 0),
                          }),
                        )(answer),
                      onError,
                    })
              }
            >
              {t('subscription:billing.confirm')}
            </Button>
            <Button onClick={() => setConfirming(null)}>{t('subscription:billing.back')}</Button>
          </Flex>
        </Dialog>
      ) : null}
    </Card>
  );
}
