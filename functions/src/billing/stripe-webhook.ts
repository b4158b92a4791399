import type Stripe from 'stripe';
import type { StripeEventsRepository } from '../data/stripe-events-repository';
import { WebhookSignatureError } from './billing-errors';
import type { BillingOperation } from './billing-store';
import type { BillingReply } from './billing-service';

/**
 * Stripe's webhook (POST /api/subscription/billing/stripe-webhook, public): what Stripe tells us after
 * the fact: a 3-D Secure payment completed in the browser that the site never reported back, and what
 * Stripe did to the subscription on its own (a renewal paid or failed, a retry that collected it, the
 * period end of a cancelled subscription).
 *
 * 1. The signature is checked with Stripe's library (`webhooks.constructEvent`, HMAC-SHA256 of the raw
 *    body under the endpoint's secret, with its timestamp tolerance); a bad one is 400 and nothing is
 *    read. Without a webhook secret (the sandbox gateway) every signature is bad.
 * 2. Idempotent by event id: an event recorded as processed (stripe-events-repository.ts, conditional
 *    put) is acknowledged again and changes nothing. Processing itself runs as a billing request keyed
 *    by the event id, so two deliveries at once are one request (the second waits or gets the answer).
 * 3. Ordering cannot matter: an event only names what moved. A `payment_intent.*` event settles the
 *    pending payment from the intent as Stripe holds it now (billing-service.ts `settlePendingPayment`);
 *    an `invoice.*` or `customer.subscription.*` event brings the account to the subscription's
 *    invoices as Stripe holds them now (`reconcileWithProcessor`), never to the event's copy.
 * 4. Any other event type is acknowledged and ignored (2xx, so Stripe does not retry it).
 */

const INTENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

const SUBSCRIPTION_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

export const HANDLED_EVENT_TYPES = [...INTENT_EVENT_TYPES, ...SUBSCRIPTION_EVENT_TYPES] as const;

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

/**
 * Whose account an event concerns: our user id in the metadata we set on intents and subscriptions
 * (an invoice carries its subscription's, `parent.subscription_details.metadata`); null for an event
 * we do not use or an object another integration made.
 */
function userOf(event: Stripe.Event): { userId: string; intentId: string | null } | null {
  const object = event.data.object as {
    id?: string;
    metadata?: Record<string, string> | null;
    parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
  };
  if ((INTENT_EVENT_TYPES as readonly string[]).includes(event.type)) {
    const userId = object.metadata?.user_id;
    return userId ? { userId, intentId: object.id ?? null } : null;
  }
  if (!(SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.type)) return null;
  const userId = object.metadata?.user_id ?? object.parent?.subscription_details?.metadata?.user_id;
  return userId ? { userId, intentId: null } : null;
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
  const concerned = userOf(event);
  if (concerned) {
    const key = `stripe-event:${event.id}`;
    const { intentId } = concerned;
    await deps.runBilling(concerned.userId, key, (service, account) =>
      intentId
        ? service.settlePendingPayment(account, { key, chargeId: intentId })
        : service.reconcileWithProcessor(account, { key }),
    );
    outcome = 'processed';
  }
  const recorded = await deps.events.recordProcessed(event.id, { type: event.type, outcome, at: deps.now() });
  return answer(recorded ? outcome : 'duplicate');
}
