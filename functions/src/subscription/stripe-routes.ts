import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../config';
import { PortalUnavailableError } from '../billing/billing-errors';
import { accountOf, runBillingRequest, type BillingStoreDeps } from '../billing/billing-store';
import type { CardPaymentGateway } from '../billing/payment-gateway';
import { StripePaymentGateway } from '../billing/stripe-gateway';
import type { StripeWebhookDeps } from '../billing/stripe-webhook';
import { createStripeEventsRepository } from '../data/stripe-events-repository';

/**
 * The two routes that exist for Stripe (billing/stripe-gateway.ts): its webhook and the link to its
 * customer portal. With the sandbox gateway the webhook verifies nothing (400) and the portal is a 409.
 */

export interface StripeRouteDeps {
  webhook: StripeWebhookDeps;
  /** Null with the sandbox gateway. */
  gateway: StripePaymentGateway | null;
  portalReturnUrl: string;
}

export function createStripeRouteDeps(
  config: Pick<
    Config,
    'STRIPE_WEBHOOK_SECRET' | 'TABLE_IDEMPOTENCY' | 'PUBLIC_SITE_URL' | 'STRIPE_PORTAL_RETURN_PATH'
  >,
  gateway: CardPaymentGateway,
  billing: BillingStoreDeps,
  client: DynamoDBDocumentClient,
): StripeRouteDeps {
  const stripe = gateway instanceof StripePaymentGateway ? gateway : null;
  return {
    gateway: stripe,
    portalReturnUrl: new URL(config.STRIPE_PORTAL_RETURN_PATH, config.PUBLIC_SITE_URL).href,
    webhook: {
      webhooks: stripe?.webhooks ?? null,
      webhookSecret: stripe ? (config.STRIPE_WEBHOOK_SECRET ?? null) : null,
      events: createStripeEventsRepository(client, config.TABLE_IDEMPOTENCY),
      runBilling: (userId, key, operation) => runBillingRequest(userId, key, operation, billing),
      now: billing.now,
    },
  };
}

export async function openBillingPortal(
  userId: string,
  deps: { stripe: StripeRouteDeps; repository: BillingStoreDeps['repository'] },
): Promise<{ url: string }> {
  const customer = accountOf(userId, await deps.repository.load(userId)).paymentMethod?.processorCustomerId;
  if (!deps.stripe.gateway || !customer) throw new PortalUnavailableError();
  const url = await deps.stripe.gateway.createPortalSession({
    processorCustomerId: customer,
    returnUrl: deps.stripe.portalReturnUrl,
  });
  return { url };
}
