import { message } from '@app/shared/messages/message';
import type { z } from 'zod';
import { TIER_CATALOGUE, type TierDefinition } from '@app/shared/domain/catalogue/tiers';
import type {
  FeatureAccessResponseSchema,
  MySubscriptionResponseSchema,
  TierInfo,
  TiersResponseSchema,
  UsageStatsResponseSchema,
  UseFeatureResponseSchema,
} from '@app/shared/domain/entities/subscription';
import type { Feature, Language, QuotaFeature } from '@app/shared/domain/enums';
import { usagePercentage } from '@app/shared/domain/rules/usage';
import { isDailyQuotaFeature, nextUtcMidnight, type UsageRepository } from '../data/usage-repository';
import type { UsersRepository } from '../data/users-repository';
import { QuotaExceededError } from '../platform/errors';
import { render } from '../platform/messages';
import { consumeQuota, resolveEntitlements, type Entitlements } from '../entitlements/entitlements';
import { decideFeatureAccess, upgradeMessageFor } from '../entitlements/feature-gate';

/** The subscription routes as plain functions of their dependencies (the handler only maps requests). */

export interface SubscriptionDeps {
  users: UsersRepository;
  usage: UsageRepository;
  now: () => Date;
  /** The seeded demo investor: the demo visitor's plan card counts its positions. */
  demoUserId?: string | null;
}

type TiersResponse = z.input<typeof TiersResponseSchema>;
type MySubscriptionResponse = z.input<typeof MySubscriptionResponseSchema>;
type FeatureAccessResponse = z.input<typeof FeatureAccessResponseSchema>;
type UseFeatureResponse = z.input<typeof UseFeatureResponseSchema>;
type UsageStatsResponse = z.input<typeof UsageStatsResponseSchema>;

/**
 * A tier of the catalogue with its name and description in the caller's language;
 * `description_localized` keeps all three for a site that switches language without asking again.
 */
export function toTierInfo(definition: TierDefinition, language: Language): TierInfo {
  return {
    ...definition,
    display_name: render(message('PLAN_NAME', { tier: definition.tier }), language),
    description: definition.description[language],
    description_localized: definition.description,
  };
}

export function getTiers(language: Language): TiersResponse {
  return {
    tiers: {
      FREE: toTierInfo(TIER_CATALOGUE.FREE, language),
      PREMIUM: toTierInfo(TIER_CATALOGUE.PREMIUM, language),
      PRO: toTierInfo(TIER_CATALOGUE.PRO, language),
    },
  };
}

function limitEntry(entitlements: Entitlements, feature: QuotaFeature) {
  return { limit: entitlements.limits[feature], used: entitlements.usage[feature] };
}

function usageStatEntry(entitlements: Entitlements, feature: QuotaFeature) {
  const { limit, used } = limitEntry(entitlements, feature);
  return { used, limit, percentage: usagePercentage(used, limit) };
}

export async function getMySubscription(
  userId: string | null,
  language: Language,
  deps: SubscriptionDeps,
): Promise<MySubscriptionResponse> {
  const entitlements = await resolveEntitlements(userId, deps, deps.now());
  return {
    subscription: {
      tier: entitlements.tier,
      status: entitlements.demo ? 'demo' : 'active',
      started_at: entitlements.startedAt,
      expires_at: entitlements.expiresAt,
      limits: {
        portfolio_assets: limitEntry(entitlements, 'portfolio_assets'),
        ai_recommendations: limitEntry(entitlements, 'ai_recommendations'),
        market_alerts: limitEntry(entitlements, 'market_alerts'),
      },
    },
    tier_info: toTierInfo(TIER_CATALOGUE[entitlements.tier], language),
    demo: entitlements.demo,
  };
}

export async function checkFeature(
  userId: string | null,
  feature: Feature,
  language: Language,
  deps: SubscriptionDeps,
): Promise<FeatureAccessResponse> {
  const entitlements = await resolveEntitlements(userId, deps, deps.now());
  const decision = decideFeatureAccess(entitlements.tier, feature, entitlements.usage);
  return {
    feature,
    access: {
      ...decision,
      upgrade_message: decision.upgrade_message ? render(decision.upgrade_message, language) : null,
    },
    user_tier: entitlements.tier,
    demo: entitlements.demo,
  };
}

/**
 * Uses one unit of a feature:
 * - a daily quota (ai_recommendations, market_alerts) is counted by one conditional write;
 * - portfolio_assets is checked against the holdings count but not counted here: only the portfolio's
 *   add/remove transactions change that count, so it always equals the number of holdings;
 * - an on/off feature is a no-op success (limit -1) when the tier includes it.
 * Refusals are 403 QuotaExceededError with the upgrade message.
 */
export async function useFeature(
  userId: string,
  feature: Feature,
  deps: SubscriptionDeps,
): Promise<UseFeatureResponse> {
  const now = deps.now();
  if (isDailyQuotaFeature(feature)) {
    const consumption = await consumeQuota(userId, feature, now, deps);
    return {
      feature,
      used: consumption.used,
      limit: consumption.limit,
      remaining: consumption.remaining,
      user_tier: consumption.tier,
    };
  }
  const entitlements = await resolveEntitlements(userId, deps, now);
  const decision = decideFeatureAccess(entitlements.tier, feature, entitlements.usage);
  if (!decision.allowed) {
    throw new QuotaExceededError(
      decision.upgrade_message ?? upgradeMessageFor(entitlements.tier, feature),
      decision.required_tier,
      entitlements.tier,
    );
  }
  return {
    feature,
    used: decision.used ?? 0,
    limit: decision.limit ?? -1,
    remaining: decision.remaining,
    user_tier: entitlements.tier,
  };
}

export async function getUsageStats(
  userId: string | null,
  deps: SubscriptionDeps,
): Promise<UsageStatsResponse> {
  const now = deps.now();
  const entitlements = await resolveEntitlements(userId, deps, now);
  return {
    usage: {
      portfolio_assets: usageStatEntry(entitlements, 'portfolio_assets'),
      daily_recommendations: usageStatEntry(entitlements, 'ai_recommendations'),
      market_alerts: usageStatEntry(entitlements, 'market_alerts'),
    },
    user_tier: entitlements.tier,
    usage_date: entitlements.usageDate,
    resets_at: nextUtcMidnight(now).toISOString(),
    demo: entitlements.demo,
  };
}
