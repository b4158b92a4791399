import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/kit/preferences/preferences';
import type { StripeSetup } from '../stripe-js';

export interface StripeChallengeProps {
  setup: StripeSetup;
  /** The waiting PaymentIntent's client secret (the billing summary's pending challenge id). */
  clientSecret: string;
  /** The amount, formatted. */
  amount: string;
  busy: boolean;
  /** Tells our API how it ended: it reads the intent back from Stripe ('approve') or cancels it ('fail'). */
  onAnswer: (outcome: 'approve' | 'fail') => void;
  testId: string;
}

/**
 * 3-D Secure with the Stripe gateway: Stripe.js shows the bank's challenge (`handleNextAction`), then
 * our API reads the PaymentIntent's outcome from Stripe; the customer may also give up the payment.
 * A challenge that failed leaves the payment waiting, so it can be tried again.
 */
export function StripeChallenge({
  setup,
  clientSecret,
  amount,
  busy,
  onAnswer,
  testId,
}: StripeChallengeProps) {
  const { t } = useTranslation('subscription');
  const { language } = usePreferences();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const verify = async () => {
    setWorking(true);
    setFailure(null);
    try {
      const factory = await setup.load();
      const { error } = await factory(setup.publishableKey, { locale: language }).handleNextAction({
        clientSecret,
      });
      if (error) setFailure(error.message ?? t('checkout.stripe.failed'));
      else onAnswer('approve');
    } catch {
      setFailure(t('checkout.stripe.unavailable'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div data-testid={testId}>
      <Text fontWeight="bold">{t('checkout.challengeTitle')}</Text>
      <Text>{t('checkout.stripe.challengeBody', { amount })}</Text>
      {failure ? (
        <Text role="alert" className="subscription__error">
          {failure}
        </Text>
      ) : null}
      <Flex gap="small" marginTop="small">
        <Button variation="primary" isDisabled={busy || working} onClick={() => void verify()}>
          {working ? t('checkout.stripe.verifying') : t('checkout.stripe.verify')}
        </Button>
        <Button isDisabled={busy || working} onClick={() => onAnswer('fail')}>
          {t('checkout.stripe.giveUp')}
        </Button>
      </Flex>
    </div>
  );
}
