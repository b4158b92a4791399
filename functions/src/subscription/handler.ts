import type { Tier } from '@app/shared/domain/enums';
import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import { createInvoicesRepository } from '../data/invoices-repository';
import { createUsageRepository } from '../data/usage-repository';
import { createUsersRepository } from '../data/users-repository';
import type { AuthContext } from '../platform/auth-context';
import { UnauthorizedError } from '../platform/errors';
import { createAreaHandler } from '../platform/http-handler';
import { createIdempotentOperation, idempotencyKeyOf } from '../platform/idempotency';
import { currentRequestScope } from '../platform/request-scope';
import { createPaymentGateway } from '../billing/payment-gateway';
import {
  checkFeature,
  getMySubscription,
  getTiers,
  getUsageStats,
  listInvoices,
  useFeature,
  type SubscriptionDeps,
} from './subscription-service';
import { upgradeSubscription, type UpgradeResponse } from './upgrade-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

interface HandlerDeps extends SubscriptionDeps {
  /** Runs an upgrade at most once per Idempotency-Key. */
  upgradeOnce: ReturnType<typeof createIdempotentOperation<{ tier: Tier }, UpgradeResponse>>;
}

function createDeps(): HandlerDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  return {
    users: createUsersRepository(client, config.TABLE_USERS),
    usage: createUsageRepository(client, config.TABLE_USAGE),
    invoices: createInvoicesRepository(client, config.TABLE_USERS),
    gateway: createPaymentGateway(config.PAYMENT_GATEWAY),
    now: () => new Date(),
    upgradeOnce: createIdempotentOperation({
      operation: 'subscription.upgrade',
      client,
      tableName: config.TABLE_IDEMPOTENCY,
    }),
  };
}

/** null is the demo visitor of the optional-user routes. */
function userIdOf(auth: AuthContext): string | null {
  return auth.kind === 'user' ? auth.userId : null;
}

/** `user` routes are refused before this runs without a token; this guards a misconfigured route. */
function requireUserId(auth: AuthContext): string {
  if (auth.kind !== 'user') throw new UnauthorizedError('Please login to use this feature');
  return auth.userId;
}

/** Tags the request's metrics and cost record with the caller's tier (the demo visitor stays 'anonymous'). */
function tagTier(tier: string, demo = false): void {
  const scope = currentRequestScope();
  if (scope && !demo) scope.tier = tier;
}

export const handler = createAreaHandler(
  'subscription',
  {
    tiers: async () => getTiers(),
    mySubscription: async ({ auth }, deps) => {
      const response = await getMySubscription(userIdOf(auth), deps);
      tagTier(response.subscription.tier, response.demo);
      return response;
    },
    checkFeature: async ({ auth, params }, deps) => {
      const response = await checkFeature(userIdOf(auth), params.feature, deps);
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
    upgrade: async ({ auth, params, headers }, deps) => {
      const userId = requireUserId(auth);
      const key = idempotencyKeyOf(headers);
      const response = await deps.upgradeOnce(
        { key, callerId: userId, payload: { tier: params.tier } },
        (payload) => upgradeSubscription(userId, payload.tier, deps),
      );
      tagTier(response.tier);
      return response;
    },
    invoices: async ({ auth }, deps) => listInvoices(requireUserId(auth), deps),
  },
  { createDeps, recordCost: saveCostRecordToUsageTable },
);
