import type Stripe from 'stripe';
import type { StripeEventsRepository } from '../data/stripe-events-repository';
import { WebhookSignatureError } from './billing-errors';
import type { BillingOperation } from './billing-store';
import type { BillingReply } from './billing-service';

/**
 * Stripe's webhook (POST /api/subscription/billing/stripe-webhook, public): what Stripe tells us after
 * the fact, chiefly a 3-D Secure payment completed in the browser that the site never reported back.
 *
 * 1. The signature is checked with Stripe's library (`webhooks.constructEvent`, HMAC-SHA256 of the raw
 *    body under the endpoint's secret, with its timestamp tolerance); a bad one is 400 and nothing is
 *    read. Without a webhook secret (the sandbox gateway) every signature is bad.
 * 2. Idempotent by event id: an event recorded as processed (stripe-events-repository.ts, conditional
 *    put) is acknowledged again and changes nothing. Processing itself runs as a billing request keyed
 *    by the event id, so two deliveries at once are one request (the second waits or gets the answer).
 * 3. Ordering cannot matter: a `payment_intent.*` event only names the intent; its state is read from
 *    Stripe now (billing-service.ts `settlePendingPayment`), never taken from the event's copy.
 * 4. Any other event type is acknowledged and ignored (2xx, so Stripe does not retry it).
 */

export const HANDLED_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

export interface StripeWebhookDeps {
  /** Null with the sandbox gateway: no event can verify. */
  webhooks: Stripe['webhooks'] | null;
  webhookSecret: string | null;
  events: StripeEventsRepository;
  runBilling: (userId: string, key: string, operation: BillingOperation) => Promise<BillingReply>;
  now: () => Date;
}

export interface StripeWebhookAnswer {
  received: true;
  event_id: string;
  outcome: 'processed' | 'duplicate' | 'ignored';
}

function verifiedEvent(
  rawBody: string,
  signature: string | undefined,
  deps: StripeWebhookDeps,
): Stripe.Event {
  if (!deps.webhooks || !deps.webhookSecret) throw new WebhookSignatureError('no webhook secret configured');
  if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
  try {
    return deps.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch (error: unknown) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'signature check failed');
  }
}

function isHandled(type: string): type is (typeof HANDLED_EVENT_TYPES)[number] {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | undefined,
  deps: StripeWebhookDeps,
): Promise<StripeWebhookAnswer> {
  const event = verifiedEvent(rawBody, signature, deps);
  const answer = (outcome: StripeWebhookAnswer['outcome']): StripeWebhookAnswer => ({
    received: true,
    event_id: event.id,
    outcome,
  });
  if (await deps.events.wasProcessed(event.id)) return answer('duplicate');
  let outcome: StripeWebhookAnswer['outcome'] = 'ignored';
  if (isHandled(event.type)) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const userId = intent.metadata?.user_id;
    // An intent we did not make (no user id: another integration on the account) is not ours to settle.
    if (userId) {
      await deps.runBilling(userId, `stripe-event:${event.id}`, (service, account) =>
        service.settlePendingPayment(account, { key: `stripe-event:${event.id}`, chargeId: intent.id }),
      );
      outcome = 'processed';
    }
  }
  const recorded = await deps.events.recordProcessed(event.id, { type: event.type, outcome, at: deps.now() });
  return answer(recorded ? outcome : 'duplicate');
}
