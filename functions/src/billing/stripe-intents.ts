import type Stripe from 'stripe';
import type { CardChargeResult, DeclineCode } from './charge-result';

/** A PaymentIntent's state as our charge result (a decline names why: 3-D Secure failed or needed). */
export function intentResultOf(intent: Stripe.PaymentIntent): CardChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
  if (intent.status === 'requires_action' && intent.client_secret) {
    return { status: 'requires_action', chargeId: intent.id, challengeId: intent.client_secret };
  }
  const lastError = intent.last_payment_error;
  const declineCode: DeclineCode =
    lastError?.code === 'payment_intent_authentication_failure'
      ? 'authentication_failed'
      : lastError?.code === 'authentication_required'
        ? 'authentication_required'
        : 'card_declined';
  return { status: 'declined', chargeId: intent.id, declineCode };
}
