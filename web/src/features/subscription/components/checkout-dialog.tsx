import { Alert, Button, Flex, Loader, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { BillingCycle, PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type { BillingAnswer, BillingSummary } from '@app/shared/domain/entities/billing';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { useMessageCodeText, useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';
import { PaymentCardForm } from './payment-card-form';
import { PaymentChallenge } from './payment-challenge';

export interface CheckoutDialogProps {
  /** The plan the visitor chose; the cycle can still be changed here. */
  plan: PaidPlan;
  billing: BillingSummary;
  onClose: () => void;
}

type Step = 'card' | 'confirm' | 'challenge';

const CYCLES: readonly BillingCycle[] = ['monthly', 'annual'];

/**
 * Checkout: the card (the sandbox's form, or Stripe's Payment Element when the Stripe gateway is on), then the confirmation step with the price, any proration
 * credit, what is charged now and the billing date, and only then the charge. A bank challenge is
 * answered in a third step; a declined card sends the visitor back to the card with the reason.
 */
export function CheckoutDialog({ plan, billing, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const codeText = useMessageCodeText();
  const serverMessage = useServerMessage();
  const [cycle, setCycle] = useState<BillingCycle>(plan.cycle);
  const [step, setStep] = useState<Step>(billing.payment_method ? 'confirm' : 'card');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<BillingAnswer['billing']['pending_payment']>(
    billing.pending_payment,
  );
  const quote = useRouteQuery(
    contract.subscription.billingQuote,
    { query: { tier: plan.tier, cycle } },
    { enabled: step === 'confirm' },
  );
  const choose = useRouteMutation(contract.subscription.choosePlan);
  const confirm = useRouteMutation(contract.subscription.confirmPayment);
  const money = (cents: number) => formatCurrency(cents / 100, language);
  const date = (iso: string) => formatDate(iso, language);
  const planName = t(`common:tiers.${plan.tier}`);
  const card = billing.payment_method;

  const settle = (answer: BillingAnswer) => {
    setProblem(null);
    if (answer.outcome === 'paid') {
      toast.show({
        variant: 'success',
        title: t('subscription:billing.toasts.paid'),
        description: t('subscription:checkout.paid', {
          plan: planName,
          date: answer.period_end ? date(answer.period_end) : '',
        }),
      });
      onClose();
    } else if (answer.outcome === 'change_scheduled' && answer.change) {
      toast.show({
        variant: 'success',
        title: t('subscription:billing.toasts.scheduled'),
        description: t('subscription:checkout.scheduled', {
          plan: planName,
          date: date(answer.change.effective_at),
        }),
      });
      onClose();
    } else if (answer.outcome === 'requires_authentication') {
      setPending(answer.billing.pending_payment);
      setStep('challenge');
    } else {
      setProblem(
        codeText(answer.message_code, answer.message_params) ?? t('subscription:billing.toasts.failed'),
      );
      setStep('card');
    }
  };
  const onCardSaved = () => {
    setProblem(null);
    setStep('confirm');
  };
  const onError = (error: unknown) =>
    setProblem(serverMessage(error) ?? t('subscription:billing.toasts.failed'));
  const answerChallenge = (outcome: 'approve' | 'fail') =>
    confirm.mutate({ body: { outcome } }, { onSuccess: settle, onError });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('subscription:checkout.title', { plan: planName })}
      closeLabel={t('subscription:billing.back')}
    >
      <Flex direction="column" gap="medium" data-testid="checkout">
        {problem ? (
          <Alert variation="error" role="alert" data-testid="checkout-problem">
            {problem}
          </Alert>
        ) : null}
        {step === 'card' ? <PaymentCardForm onSaved={onCardSaved} /> : null}
        {step === 'confirm' ? (
          <>
            <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
              <Text>
                {card
                  ? t('subscription:checkout.usingCard', { brand: card.brand, last4: card.last4 })
                  : t('subscription:billing.noCard')}
              </Text>
              <Button size="small" onClick={() => setStep('card')}>
                {t('subscription:checkout.changeCard')}
              </Button>
            </Flex>
            <RadioGroupField
              legend={t('subscription:checkout.cycle')}
              name="cycle"
              direction="row"
              value={cycle}
              onChange={(event) => setCycle(event.target.value as BillingCycle)}
            >
              {CYCLES.map((option) => (
                <Radio key={option} value={option}>
                  {t(`subscription:billing.cycles.${option}`)}
                </Radio>
              ))}
            </RadioGroupField>
            {quote.isPending ? <Loader aria-label={t('subscription:loading')} /> : null}
            {quote.isError ? (
              <Alert variation="error" role="alert">
                {serverMessage(quote.error) ?? t('subscription:billing.toasts.failed')}
              </Alert>
            ) : null}
            {quote.data ? (
              <>
                <dl className="subscription__quote" data-testid="checkout-quote">
                  <dt>{t('subscription:checkout.price')}</dt>
                  <dd>{money(quote.data.price_cents)}</dd>
                  {quote.data.credit ? (
                    <>
                      <dt>
                        {t('subscription:checkout.credit', {
                          days: quote.data.credit.remaining_days,
                          total: quote.data.credit.days_in_period,
                          invoice: quote.data.credit.invoice_number,
                        })}
                      </dt>
                      <dd>-{money(quote.data.credit_cents)}</dd>
                    </>
                  ) : null}
                  <dt>
                    {quote.data.kind === 'scheduled'
                      ? t('subscription:checkout.chargedOn', { date: date(quote.data.charged_at) })
                      : t('subscription:checkout.dueNow')}
                  </dt>
                  <dd data-testid="checkout-amount">{money(quote.data.amount_due_cents)}</dd>
                  <dt>{t('subscription:checkout.nextBilling')}</dt>
                  <dd data-testid="checkout-next-billing">{date(quote.data.next_billing_date)}</dd>
                </dl>
                {quote.data.kind === 'scheduled' ? (
                  <Text className="app-muted">
                    {t('subscription:checkout.scheduledNote', {
                      date: date(quote.data.charged_at),
                      plan: planName,
                      amount: money(quote.data.amount_due_cents),
                    })}
                  </Text>
                ) : null}
                <Button
                  variation="primary"
                  isDisabled={choose.isPending || !card}
                  onClick={() =>
                    choose.mutate({ body: { tier: plan.tier, cycle } }, { onSuccess: settle, onError })
                  }
                >
                  {choose.isPending
                    ? t('subscription:checkout.paying')
                    : quote.data.kind === 'scheduled'
                      ? t('subscription:checkout.schedule', { date: date(quote.data.charged_at) })
                      : t('subscription:checkout.pay', { amount: money(quote.data.amount_due_cents) })}
                </Button>
              </>
            ) : null}
          </>
        ) : null}
        {step === 'challenge' && pending ? (
          <PaymentChallenge
            challengeId={pending.challenge_id}
            amount={money(pending.amount_cents)}
            busy={confirm.isPending}
            onAnswer={answerChallenge}
          />
        ) : null}
      </Flex>
    </Dialog>
  );
}
