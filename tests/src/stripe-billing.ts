import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { createBillingRepository } from '@app/functions/data/billing-repository';
import { createBillingDocumentsRepository } from '@app/functions/data/billing-documents-repository';
import { createStripeEventsRepository } from '@app/functions/data/stripe-events-repository';
import { keys } from '@app/functions/data/keys';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createBillingService } from '@app/functions/billing/billing-service';
import { accountOf, runBillingRequest, type BillingOperation } from '@app/functions/billing/billing-store';
import { createStripeClient, StripePaymentGateway } from '@app/functions/billing/stripe-gateway';
import { handleStripeWebhook, type StripeWebhookDeps } from '@app/functions/billing/stripe-webhook';
import { billingQuote } from '@app/functions/billing/billing-views';
import { withProcessorPreview } from '@app/functions/billing/subscription-lifecycle';
import { tableName } from '@app/infra/lib/table-definitions';
import type { QueuedMail } from '@app/functions/notifications/mail-queue';
import { StripeSimulator } from '../stripe-simulator/stripe-simulator';

/**
 * The billing stack with the Stripe gateway, as the subscription Lambda builds it (subscription/
 * handler.ts, stripe-routes.ts), pointed at the Stripe-format server and at the local stack's DynamoDB,
 * with a clock the test moves. One investor per harness: a profile item of its own, FREE.
 */

export const WEBHOOK_SECRET = 'whsec_lifecycle_test_secret';

export async function stripeBillingHarness(startAt: string) {
  let now = new Date(startAt);
  const clock = () => now;
  const simulator = new StripeSimulator(clock);
  await simulator.start();
  const stripe = createStripeClient({ secretKey: 'sk_test_lifecycle', apiUrl: simulator.url });
  const gateway = new StripePaymentGateway(stripe);
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const users = tableName('local', 'users');
  /** The receipts queued, in French (the investor's language here). */
  const mails: QueuedMail[] = [];
  const deps = {
    repository: createBillingRepository(client, { users, idempotency: tableName('local', 'idempotency') }),
    service: createBillingService({ gateway, now: clock }),
    now: clock,
    receipts: {
      mailQueue: { enqueue: async (mail: QueuedMail) => void mails.push(mail) },
      findRecipient: async () => ({ email: 'stripe-investor@example.test', language: 'fr' as const }),
    },
  };
  const documents = createBillingDocumentsRepository(client, users);
  const userId = `stripe-${ulid()}`;
  await client.send(
    new PutCommand({
      TableName: users,
      Item: { ...keys.userProfile(userId), entity: 'profile', subscription_tier: 'FREE' },
    }),
  );
  let keyCount = 0;
  const run = (operation: BillingOperation, key = `form-${(keyCount += 1)}`) =>
    runBillingRequest(userId, key, operation, deps);
  const webhook: StripeWebhookDeps = {
    webhooks: gateway.webhooks,
    webhookSecret: WEBHOOK_SECRET,
    events: createStripeEventsRepository(client, tableName('local', 'idempotency')),
    runBilling: (id, key, operation) => runBillingRequest(id, key, operation, deps),
    now: clock,
  };

  const account = async () => accountOf(userId, await deps.repository.load(userId));

  return {
    simulator,
    gateway,
    /** A Stripe client on the same server, to read what Stripe holds as a test would in the dashboard. */
    stripe,
    mails,
    userId,
    at(iso: string) {
      now = new Date(iso);
    },
    /** Moves Stripe's test clock to the harness's time: renewals and retries fall due at Stripe. */
    advanceStripe(iso: string) {
      now = new Date(iso);
      simulator.advance();
    },
    account,
    /** What entitlements read: the profile's tier. */
    profileTier: async () =>
      (await client.send(new GetCommand({ TableName: users, Key: keys.userProfile(userId) }))).Item
        ?.subscription_tier as string,
    /**
     * The account made one from before Stripe kept subscriptions (billing-service.ts `pay`): its plan
     * stays, with no processor subscription, so its charges are one-off payment intents of ours.
     */
    forgetProcessorSubscription: () =>
      client.send(
        new UpdateCommand({
          TableName: users,
          Key: keys.billingAccount(userId),
          UpdateExpression: 'SET #account.#held = :none',
          ExpressionAttributeNames: { '#account': 'account', '#held': 'processorSubscription' },
          ExpressionAttributeValues: { ':none': null },
        }),
      ),
    invoices: () => documents.listInvoices(userId),
    creditNotes: () => documents.listCreditNotes(userId),
    saveCard: (token: string) =>
      run((service, account) =>
        service.savePaymentMethod(account, {
          key: `card-${token}-${keyCount}`,
          source: { kind: 'token', token },
        }),
      ),
    /** The quote route's figures: with Stripe, an upgrade's are Stripe's invoice preview. */
    quote: async (plan: PaidPlan) => {
      const current = await account();
      return withProcessorPreview(gateway, current, plan, billingQuote(current, plan, now), now);
    },
    /** Our own quote, without asking Stripe. */
    ownQuote: async (plan: PaidPlan) => billingQuote(await account(), plan, now),
    choosePlan: (plan: PaidPlan) => {
      const key = `plan-${(keyCount += 1)}`;
      return run((service, account) => service.choosePlan(account, { key, plan }), key);
    },
    keep: () => {
      const key = `keep-${(keyCount += 1)}`;
      return run((service, current) => service.withdrawScheduledChange(current, { key }), key);
    },
    cancel: () => {
      const key = `cancel-${(keyCount += 1)}`;
      return run((service, account) => service.cancel(account, { key }), key);
    },
    /** The site reporting how Stripe.js's challenge ended. */
    confirm: (outcome: 'approve' | 'fail') => {
      const key = `confirm-${(keyCount += 1)}`;
      return run((service, account) => service.confirmAuthentication(account, { key, outcome }), key);
    },
    retry: () => {
      const key = `retry-${(keyCount += 1)}`;
      return run((service, account) => service.retryPayment(account, { key }), key);
    },
    refund: () => {
      const key = `refund-${(keyCount += 1)}`;
      return run((service, account) => service.requestRefund(account, { key }), key);
    },
    renewalJob: () => {
      const key = `renewal-job:${now.toISOString()}`;
      return run((service, account) => service.runDueRenewal(account), key);
    },
    /** Stripe posting one of the events it recorded, signed with the endpoint's secret. */
    deliver: (eventId: string, secret = WEBHOOK_SECRET) => {
      const event = simulator.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      const { payload, header } = simulator.signedDelivery(event, secret);
      return handleStripeWebhook(payload, header, webhook);
    },
    /** The events Stripe recorded of these types, oldest first. */
    eventsOf: (...types: string[]) => simulator.events.filter((event) => types.includes(event.type)),
    deliverRaw: (payload: string, header: string | undefined) =>
      handleStripeWebhook(payload, header, webhook),
    stop: () => simulator.stop(),
  };
}
