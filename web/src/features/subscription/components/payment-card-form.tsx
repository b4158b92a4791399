import type { BillingAnswer } from '@app/shared/domain/entities/billing';
import { useStripeSetup } from '../stripe-js';
import { CardForm } from './card-form';
import { StripeCardForm } from './stripe-card-form';

/**
 * The card form of the gateway in use: Stripe's Payment Element when config.json names a Stripe
 * publishable key (stripe-js.ts), else the sandbox's test-card form. Used by the checkout and by
 * Update Payment alike, so no screen sends a card number to our API with Stripe on.
 */
export function PaymentCardForm({ onSaved }: { onSaved: (answer: BillingAnswer) => void }) {
  const stripe = useStripeSetup();
  return stripe ? <StripeCardForm setup={stripe} onSaved={onSaved} /> : <CardForm onSaved={onSaved} />;
}
