import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useStripeSetup } from '../stripe-js';
import { StripeChallenge } from './stripe-challenge';

export interface PaymentChallengeProps {
  /** The billing summary's pending payment: its challenge id (Stripe: the intent's client secret). */
  challengeId: string;
  /** The amount, formatted. */
  amount: string;
  busy: boolean;
  onAnswer: (outcome: 'approve' | 'fail') => void;
  /** Tells the checkout's challenge from the billing card's (both show while the checkout is open). */
  testId?: string;
}

/**
 * A payment waiting for the bank's confirmation (3-D Secure), wherever it shows (the checkout, or the
 * billing card after an on-session retry): Stripe.js's challenge with the Stripe gateway, the sandbox's
 * stand-in buttons otherwise.
 */
export function PaymentChallenge({
  challengeId,
  amount,
  busy,
  onAnswer,
  testId = 'checkout-challenge',
}: PaymentChallengeProps) {
  const { t } = useTranslation('subscription');
  const stripe = useStripeSetup();
  if (stripe) {
    return (
      <StripeChallenge
        setup={stripe}
        clientSecret={challengeId}
        amount={amount}
        busy={busy}
        onAnswer={onAnswer}
        testId={testId}
      />
    );
  }
  return (
    <div data-testid={testId}>
      <Text fontWeight="bold">{t('checkout.challengeTitle')}</Text>
      <Text>{t('checkout.challengeBody', { amount })}</Text>
      <Flex gap="small" marginTop="small">
        {(['approve', 'fail'] as const).map((outcome) => (
          <Button
            key={outcome}
            variation={outcome === 'approve' ? 'primary' : undefined}
            isDisabled={busy}
            onClick={() => onAnswer(outcome)}
          >
            {t(`checkout.${outcome}`)}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
