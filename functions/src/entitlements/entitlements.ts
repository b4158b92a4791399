import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { featureAccess } from '@app/shared/domain/catalogue/tiers';
import type { Feature, QuotaFeature, Tier } from '@app/shared/domain/enums';
import { DEMO_TIER } from '@app/shared/domain/rules/tier-order-and-caps';
import { remaining } from '@app/shared/domain/rules/usage';
import type { Config } from '../config';
import {
  createUsageRepository,
  usageByFeature,
  utcDayOf,
  type DailyQuotaFeature,
  type UsageRepository,
} from '../data/usage-repository';
import { createUsersRepository, type UsersRepository } from '../data/users-repository';
import type { AuthContext } from '../platform/auth-context';
import { QuotaExceededError } from '../platform/errors';
import { liftingTierFor, tierLimits, upgradeMessageFor } from './feature-gate';

/**
 * What a caller is entitled to right now: tier, limits and usage. Other areas use this module rather
 * than reading the tables themselves (the market area consumes ai_recommendations through `consumeQuota`,
 * the portfolio reads the holdings limit through `resolveEntitlements`).
 */

export interface EntitlementsDeps {
  users: Pick<UsersRepository, 'get'>;
  usage: Pick<UsageRepository, 'getSnapshot' | 'consumeDaily'>;
  /** The seeded demo investor whose portfolio the demo visitor sees (its positions are "used"). */
  demoUserId?: string | null;
}

/** Repositories for `resolveEntitlements` and `consumeQuota`, for areas that do not build their own. */
export function createEntitlementsDeps(
  client: DynamoDBDocumentClient,
  config: Pick<Config, 'TABLE_USERS' | 'TABLE_USAGE'>,
): EntitlementsDeps {
  return {
    users: createUsersRepository(client, config.TABLE_USERS),
    usage: createUsageRepository(client, config.TABLE_USAGE),
  };
}

export interface Entitlements {
  tier: Tier;
  /** The demo visitor: the demo plan (DEMO_TIER), read-only, nothing stored, nothing counted. */
  demo: boolean;
  limits: Record<QuotaFeature, number>;
  usage: Record<QuotaFeature, number>;
  /** The UTC day the daily counters belong to. */
  usageDate: string;
  startedAt: string | null;
  expiresAt: string | null;
}

const NO_USAGE: Record<QuotaFeature, number> = {
  portfolio_assets: 0,
  ai_recommendations: 0,
  market_alerts: 0,
  analyst_questions: 0,
};

/**
 * The caller's entitlements at `now`. `userId` null is the demo visitor (no token): the demo plan
 * (Premium, as everywhere else the demo shows), read-only, nothing used. A signed-in user without a
 * profile yet is on FREE, the tier every account starts on.
 */
export async function resolveEntitlements(
  userId: string | null,
  deps: EntitlementsDeps,
  now: Date,
): Promise<Entitlements> {
  const usageDate = utcDayOf(now);
  if (userId === null) {
    // The demo visitor uses nothing of their own, but the plan card counts the positions shown beside
    // it: the demo investor's, counted where every user's are (docs/product.md "Roles, plans and demo mode").
    const shown = deps.demoUserId ? (await deps.usage.getSnapshot(deps.demoUserId, usageDate)).holdings : 0;
    return {
      tier: DEMO_TIER,
      demo: true,
      limits: tierLimits(DEMO_TIER),
      usage: { ...NO_USAGE, portfolio_assets: shown },
      usageDate,
      startedAt: null,
      expiresAt: null,
    };
  }
  const [user, snapshot] = await Promise.all([
    deps.users.get(userId),
    deps.usage.getSnapshot(userId, usageDate),
  ]);
  const tier = user?.subscription_tier ?? 'FREE';
  return {
    tier,
    demo: false,
    limits: tierLimits(tier),
    usage: usageByFeature(snapshot),
    usageDate,
    startedAt: user?.subscription_started_at ?? null,
    expiresAt: user?.subscription_expires_at ?? null,
  };
}

/** The plan a request is served under: the signed-in user's tier, or the demo plan without a token. */
export interface CallerPlan {
  tier: Tier;
  userId: string | null;
  demo: boolean;
}

export async function resolveCallerPlan(
  auth: AuthContext,
  users: { get(userId: string): Promise<{ subscription_tier: Tier } | null> },
): Promise<CallerPlan> {
  if (auth.kind !== 'user') return { tier: DEMO_TIER, userId: null, demo: true };
  const user = await users.get(auth.userId);
  return { tier: user?.subscription_tier ?? 'FREE', userId: auth.userId, demo: false };
}

/** Refuses an on/off feature the tier lacks: 403 naming the tier that lifts it (the upgrade message). */
export function assertFeature(tier: Tier, feature: Feature): void {
  if (featureAccess(tier, feature).allowed) return;
  throw new QuotaExceededError(upgradeMessageFor(tier, feature), liftingTierFor(tier, feature), tier);
}

export interface QuotaConsumption {
  feature: DailyQuotaFeature;
  tier: Tier;
  /** Units used today, including this one. */
  used: number;
  limit: number;
  /** Units left today; null when unlimited. */
  remaining: number | null;
  usageDate: string;
}

/**
 * Throws QuotaExceededError when today's `feature` quota of `userId` is used up, counting nothing: a
 * route that charges two quotas checks the second before charging the first, so a refusal by either
 * leaves the stored counts unchanged (docs/product.md "The analyst"). `consumeQuota` still decides.
 */
export async function assertQuotaLeft(
  userId: string,
  feature: DailyQuotaFeature,
  now: Date,
  deps: EntitlementsDeps,
): Promise<void> {
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const limit = tierLimits(tier)[feature];
  if (limit < 0) return;
  const snapshot = await deps.usage.getSnapshot(userId, utcDayOf(now));
  if (snapshot.daily[feature] < limit) return;
  throw new QuotaExceededError(upgradeMessageFor(tier, feature), liftingTierFor(tier, feature), tier);
}

/**
 * Counts one unit of a daily quota for `userId` on the UTC day of `now`, or throws QuotaExceededError
 * (403 with the upgrade message naming the tier that lifts the limit) when today's limit is reached.
 * The limit check and the count are one conditional write, so concurrent calls never exceed it.
 */
export async function consumeQuota(
  userId: string,
  feature: DailyQuotaFeature,
  now: Date,
  deps: EntitlementsDeps,
): Promise<QuotaConsumption> {
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const limit = tierLimits(tier)[feature];
  const usageDate = utcDayOf(now);
  const result = await deps.usage.consumeDaily(userId, feature, usageDate, limit, now);
  if (!result.consumed) {
    throw new QuotaExceededError(upgradeMessageFor(tier, feature), liftingTierFor(tier, feature), tier);
  }
  const left = remaining(result.used, limit);
  return {
    feature,
    tier,
    used: result.used,
    limit,
    remaining: Number.isFinite(left) ? left : null,
    usageDate,
  };
}
