import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { BillingAnswer } from '@app/shared/domain/entities/billing';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import type { StripeElements, StripeJs, StripeSetup } from '../stripe-js';

export interface StripeCardFormProps {
  setup: StripeSetup;
  onSaved: (answer: BillingAnswer) => void;
}

type Loading = 'loading' | 'ready' | 'unavailable';

/**
 * The card form of the Stripe gateway: Stripe's Payment Element, in Stripe's own frames, in the
 * visitor's language. Saving asks Stripe.js for a PaymentMethod and sends our API only its id
 * (`payment_method`), so no card number ever reaches our servers (stripe-js.ts). Nothing is charged here.
 */
export function StripeCardForm({ setup, onSaved }: StripeCardFormProps) {
  const { t } = useTranslation('subscription');
  const { language } = usePreferences();
  const serverMessage = useServerMessage();
  const save = useRouteMutation(contract.subscription.savePaymentMethod);
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [loading, setLoading] = useState<Loading>('loading');
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    setup
      .load()
      .then((factory) => {
        const target = mountPoint.current;
        if (cancelled || !target) return;
        const js = factory(setup.publishableKey, { locale: language });
        const elements = js.elements({
          mode: 'setup',
          currency: 'usd',
          paymentMethodCreation: 'manual',
          paymentMethodTypes: ['card'],
          locale: language,
        });
        const element = elements.create('payment');
        element.on('ready', () => {
          if (!cancelled) setLoading('ready');
        });
        element.mount(target);
        stripe.current = { js, elements };
        destroy = () => element.destroy();
      })
      .catch(() => {
        if (!cancelled) setLoading('unavailable');
      });
    return () => {
      cancelled = true;
      stripe.current = null;
      destroy();
    };
  }, [setup, language, attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = stripe.current;
    if (!current || working) return;
    setFailure(null);
    setWorking(true);
    try {
      // Stripe checks its fields and shows their problems on them (submit's error names them too).
      const checked = await current.elements.submit();
      if (checked.error) {
        setFailure(checked.error.message ?? t('checkout.stripe.failed'));
        return;
      }
      const made = await current.js.createPaymentMethod({ elements: current.elements });
      if (made.error || !made.paymentMethod) {
        setFailure(made.error?.message ?? t('checkout.stripe.failed'));
        return;
      }
      await new Promise<void>((resolve) => {
        save.mutate(
          { body: { payment_method: made.paymentMethod?.id as string } },
          {
            onSuccess: onSaved,
            onError: (error) => setFailure(serverMessage(error) ?? t('billing.toasts.failed')),
            onSettled: () => resolve(),
          },
        );
      });
    } finally {
      setWorking(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('checkout.cardStep')}
      data-testid="stripe-card-form"
    >
      <Flex direction="column" gap="small">
        <Text className="app-muted" fontSize="small">
          {t('checkout.stripe.secureNote')}
        </Text>
        {loading === 'loading' ? <Loader aria-label={t('checkout.stripe.loading')} /> : null}
        {loading === 'unavailable' ? (
          <Alert variation="error" role="alert">
            <Flex direction="column" gap="xs" alignItems="flex-start">
              <Text>{t('checkout.stripe.unavailable')}</Text>
              <Button
                size="small"
                onClick={() => {
                  setLoading('loading');
                  setAttempt((count) => count + 1);
                }}
              >
                {t('checkout.stripe.retry')}
              </Button>
            </Flex>
          </Alert>
        ) : null}
        <div ref={mountPoint} data-testid="stripe-payment-element" />
        {failure ? (
          <Text role="alert" className="subscription__error">
            {failure}
          </Text>
        ) : null}
        <Button type="submit" variation="primary" isDisabled={loading !== 'ready' || working}>
          {working ? t('checkout.savingCard') : t('checkout.saveCard')}
        </Button>
      </Flex>
    </form>
  );
}
