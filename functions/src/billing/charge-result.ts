/*
 * What a card charge comes back as, from the sandbox or Stripe: the gateway (payment-gateway.ts) and a
 * processor's subscriptions (processor-subscriptions.ts) both return it, so it lives apart from both.
 */

export type DeclineCode = 'card_declined' | 'authentication_required' | 'authentication_failed';

export type CardChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'requires_action'; chargeId: string; challengeId: string }
  | { status: 'declined'; chargeId: string; declineCode: DeclineCode };
