import { routes } from '@app/shared/api/areas/subscription';
import { getConfig, loadConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import { createBillingDocumentsRepository } from '../data/billing-documents-repository';
import { createBillingRepository } from '../data/billing-repository';
import { createUsageRepository } from '../data/usage-repository';
import { createUsersRepository } from '../data/users-repository';
import { createBillingService } from '../billing/billing-service';
import { createReceiptDeps } from '../billing/billing-receipts';
import { createSqsMailQueue } from '../notifications/mail-queue';
import { createQueueClient } from '../platform/queue-client';
import { createPaymentGateway } from '../billing/create-payment-gateway';
import type { AuthContext } from '../platform/auth-context';
import { createStripeRouteDeps, openBillingPortal, type StripeRouteDeps } from './stripe-routes';
import { handleStripeWebhook } from '../billing/stripe-webhook';
import { message } from '@app/shared/messages/message';
import { UnauthorizedError } from '../platform/errors';
import { createAreaHandler } from '../platform/http-handler';
import { idempotencyKeyOf } from '../platform/idempotency';
import { currentRequestScope } from '../platform/request-scope';
import {
  cancelPlan,
  choosePlan,
  confirmPayment,
  getBilling,
  keepPlan,
  listBillingDocuments,
  quotePlan,
  requestRefund,
  retryPayment,
  savePaymentMethod,
  type BillingRoutesDeps,
} from './billing-routes';
import {
  checkFeature,
  getMySubscription,
  getTiers,
  getUsageStats,
  useFeature,
  type SubscriptionDeps,
} from './subscription-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';

type HandlerDeps = SubscriptionDeps & BillingRoutesDeps & { stripe: StripeRouteDeps };

function createDeps(): HandlerDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  const now = () => new Date();
  const gateway = createPaymentGateway(config);
  const billing = {
    repository: createBillingRepository(client, {
      users: config.TABLE_USERS,
      idempotency: config.TABLE_IDEMPOTENCY,
    }),
    service: createBillingService({ gateway, now }),
    gateway,
    now,
    receipts: createReceiptDeps(
      createSqsMailQueue(createQueueClient(config), config.MAIL_QUEUE_URL),
      createUsersRepository(client, config.TABLE_USERS),
    ),
  };
  return {
    users: createUsersRepository(client, config.TABLE_USERS),
    usage: createUsageRepository(client, config.TABLE_USAGE),
    // The local stack sets DEMO_USER_ID after its seed, i.e. after the first getConfig(): read it fresh.
    demoUserId: loadConfig().DEMO_USER_ID ?? null,
    ...billing,
    documents: createBillingDocumentsRepository(client, config.TABLE_USERS),
    stripe: createStripeRouteDeps(config, gateway, billing, client),
  };
}

/** null is the demo visitor of the optional-user routes. */
function userIdOf(auth: AuthContext): string | null {
  return auth.kind === 'user' ? auth.userId : null;
}

/** `user` routes are refused before this runs without a token; this guards a misconfigured route. */
function requireUserId(auth: AuthContext): string {
  if (auth.kind !== 'user') throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
  return auth.userId;
}

/** Tags the request's metrics and cost record with the caller's tier (the demo visitor stays 'anonymous'). */
function tagTier(tier: string, demo = false): void {
  const scope = currentRequestScope();
  if (scope && !demo) scope.tier = tier;
}

export const handler = createAreaHandler(
  'subscription',
  routes,
  {
    tiers: async ({ language }) => getTiers(language),
    mySubscription: async ({ auth, language }, deps) => {
      const response = await getMySubscription(userIdOf(auth), language, deps);
      tagTier(response.subscription.tier, response.demo);
      return response;
    },
    checkFeature: async ({ auth, params, language }, deps) => {
      const response = await checkFeature(userIdOf(auth), params.feature, language, deps);
      tagTier(response.user_tier, response.demo);
      return response;
    },
    useFeature: async ({ auth, params }, deps) => {
      const response = await useFeature(requireUserId(auth), params.feature, deps);
      tagTier(response.user_tier);
      return response;
    },
    usageStats: async ({ auth }, deps) => {
      const response = await getUsageStats(userIdOf(auth), deps);
      tagTier(response.user_tier, response.demo);
      return response;
    },
    // The billing lifecycle (billing-routes.ts over functions/src/billing/).
    invoices: async ({ auth }, deps) => listBillingDocuments(requireUserId(auth), deps),
    billing: async ({ auth }, deps) => getBilling(requireUserId(auth), deps),
    billingQuote: async ({ auth, query }, deps) => quotePlan(requireUserId(auth), query, deps),
    savePaymentMethod: async ({ auth, headers, body }, deps) =>
      savePaymentMethod(
        requireUserId(auth),
        idempotencyKeyOf(headers),
        body.card ? { kind: 'card', card: body.card } : { kind: 'token', token: body.payment_method ?? '' },
        deps,
      ),
    choosePlan: async ({ auth, headers, body }, deps) =>
      choosePlan(requireUserId(auth), idempotencyKeyOf(headers), body, deps),
    cancelPlan: async ({ auth, headers }, deps) =>
      cancelPlan(requireUserId(auth), idempotencyKeyOf(headers), deps),
    keepPlan: async ({ auth, headers }, deps) =>
      keepPlan(requireUserId(auth), idempotencyKeyOf(headers), deps),
    confirmPayment: async ({ auth, headers, body }, deps) =>
      confirmPayment(requireUserId(auth), idempotencyKeyOf(headers), body.outcome, deps),
    retryPayment: async ({ auth, headers }, deps) =>
      retryPayment(requireUserId(auth), idempotencyKeyOf(headers), deps),
    requestRefund: async ({ auth, headers }, deps) =>
      requestRefund(requireUserId(auth), idempotencyKeyOf(headers), deps),
    billingPortal: async ({ auth }, deps) => openBillingPortal(requireUserId(auth), deps),
    stripeWebhook: async ({ headers, readRawBody }, deps) =>
      handleStripeWebhook(readRawBody(), headers['stripe-signature'], deps.stripe.webhook),
  },
  { createDeps, recordCost: saveCostRecordToUsageTable, readSessionState: readSessionStateFromUsersTable },
);
