import Stripe from 'stripe';
import { CardRejectedError } from './billing-errors';
import { intentResultOf } from './stripe-intents';
import { StripeSubscriptions } from './stripe-subscriptions';
import type {
  CardChargeRequest,
  CardPaymentGateway,
  CreatePaymentMethodRequest,
  PaymentMethod,
} from './payment-gateway';
import type { CardChargeResult, DeclineCode } from './charge-result';

/**
 * The Stripe gateway (PAYMENT_GATEWAY=stripe): Stripe charges, our state machine decides. Calls and
 * objects, all in Stripe's API reference (stripe.com/docs/api):
 *
 * - a card is a PaymentMethod made by Stripe.js in the browser (the number never reaches us), attached
 *   to the account's Customer (`POST /v1/customers`, `POST /v1/payment_methods/{id}/attach`);
 * - a charge is a PaymentIntent confirmed at once (`POST /v1/payment_intents`, `confirm=true`,
 *   `off_session` for renewals), its id our charge id; `requires_action` is 3-D Secure, answered in the
 *   browser by Stripe.js with the intent's `client_secret` (our challenge id), then read back
 *   (`GET /v1/payment_intents/{id}`);
 * - a refund is `POST /v1/refunds` on the intent.
 *
 * Every write carries an idempotency key derived from the request's key, so a retried request is charged
 * once by Stripe. The webhook route (stripe-webhook.ts) settles what the browser did not report back.
 */

export interface StripeGatewayOptions {
  secretKey: string;
  /** Another server than Stripe's own API: the tests' Stripe-format server (tests/stripe-simulator). */
  apiUrl?: string;
}

export function createStripeClient(options: StripeGatewayOptions): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

/** Stripe's card error codes (stripe.com/docs/error-codes) to the card form's field and message. */
function rejectionOf(error: Stripe.errors.StripeError): CardRejectedError | null {
  switch (error.code) {
    case 'invalid_number':
    case 'incorrect_number':
      return new CardRejectedError('BILLING_CARD_NUMBER_INVALID', {}, 'number');
    case 'invalid_cvc':
    case 'incorrect_cvc':
      return new CardRejectedError('BILLING_CARD_CVC_INVALID', { digits: 3 }, 'cvc');
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
    case 'expired_card':
      return new CardRejectedError('BILLING_CARD_EXPIRED_UNDATED', {}, 'exp_month');
    default:
      return null;
  }
}

function declineCodeOf(error: Stripe.errors.StripeError): DeclineCode {
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required')
    return 'authentication_required';
  return 'card_declined';
}

export class StripePaymentGateway implements CardPaymentGateway {
  readonly name = 'stripe';
  /** Plans as Stripe Subscriptions on Prices: Stripe renews, prorates and retries (stripe-subscriptions.ts). */
  readonly subscriptions: StripeSubscriptions;

  constructor(private readonly stripe: Stripe) {
    this.subscriptions = new StripeSubscriptions(stripe);
  }

  /** Stripe's signature checks (`constructEvent`), for the webhook route. */
  get webhooks(): Stripe['webhooks'] {
    return this.stripe.webhooks;
  }

  async createPaymentMethod(request: CreatePaymentMethodRequest): Promise<PaymentMethod> {
    if (request.source.kind !== 'token') {
      // With Stripe on, a card number sent to our API is refused unread: only Stripe.js may see it.
      throw new CardRejectedError('BILLING_CARD_FORM_MISMATCH', {}, 'payment_method');
    }
    const customerId =
      request.processorCustomerId ??
      (
        await this.stripe.customers.create(
          { metadata: { user_id: request.customerId } },
          { idempotencyKey: `customer:${request.customerId}` },
        )
      ).id;
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.attach(request.source.token, { customer: customerId });
    } catch (error: unknown) {
      const rejection = error instanceof Stripe.errors.StripeError ? rejectionOf(error) : null;
      throw rejection ?? error;
    }
    const card = method.card;
    if (!card) throw new CardRejectedError('BILLING_CARD_FORM_MISMATCH', {}, 'payment_method');
    return {
      id: method.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      processorCustomerId: customerId,
    };
  }

  async chargeCard(request: CardChargeRequest): Promise<CardChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          ...(request.processorCustomerId ? { customer: request.processorCustomerId } : {}),
          payment_method: request.paymentMethodId,
          allowed_payment_method_types: ['card'],
          confirm: true,
          off_session: request.offSession,
          // Paid with the customer present, the card is also saved for the renewals charged without
          // them (Stripe's "Save payment details during payment"), so 3-D Secure rules allow them.
          ...(request.offSession ? {} : { setup_future_usage: 'off_session' as const }),
          description: request.description,
          metadata: { user_id: request.customerId, request_key: request.idempotencyKey },
        },
        { idempotencyKey: `charge:${request.idempotencyKey}` },
      );
      return intentResultOf(intent);
    } catch (error: unknown) {
      // A decline is an error carrying the intent (stripe.com/docs/declines).
      if (error instanceof Stripe.errors.StripeCardError) {
        const chargeId = error.payment_intent?.id ?? `declined:${request.idempotencyKey}`;
        return { status: 'declined', chargeId, declineCode: declineCodeOf(error) };
      }
      throw error;
    }
  }

  /**
   * Stripe.js answered the challenge in the browser: the intent says how it ended. A customer who gives
   * up ('fail') cancels the intent, so it can never be captured later.
   */
  async confirmAuthentication(request: {
    chargeId: string;
    challengeId: string;
    outcome: 'approve' | 'fail';
  }): Promise<CardChargeResult> {
    const intent = await this.stripe.paymentIntents.retrieve(request.chargeId);
    const open = intent.status === 'requires_action' || intent.status === 'requires_payment_method';
    if (request.outcome === 'fail' && open) {
      await this.stripe.paymentIntents.cancel(
        request.chargeId,
        {},
        { idempotencyKey: `cancel:${intent.id}` },
      );
      return { status: 'declined', chargeId: intent.id, declineCode: 'authentication_failed' };
    }
    // A failed challenge leaves the intent open: Stripe.js may try it again on the same intent, so
    // until the customer gives up ('fail') or it succeeds, the payment still waits.
    if (open && intent.client_secret) {
      return { status: 'requires_action', chargeId: intent.id, challengeId: intent.client_secret };
    }
    return intentResultOf(intent);
  }

  async refundCharge(request: {
    idempotencyKey: string;
    chargeId: string;
    amountCents: number;
    reason: string;
  }): Promise<{ refundId: string }> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: request.chargeId,
        amount: request.amountCents,
        reason: 'requested_by_customer',
        metadata: { reason: request.reason },
      },
      { idempotencyKey: `refund:${request.idempotencyKey}` },
    );
    return { refundId: refund.id };
  }

  /** Stripe's customer portal (cards, invoices), for the billing page's link. */
  async createPortalSession(request: { processorCustomerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: request.processorCustomerId,
      return_url: request.returnUrl,
    });
    return session.url;
  }

  /** The intent as Stripe holds it now: webhooks read it rather than trust an event's older copy. */
  async chargeStatus(chargeId: string): Promise<CardChargeResult> {
    return intentResultOf(await this.stripe.paymentIntents.retrieve(chargeId));
  }
}
