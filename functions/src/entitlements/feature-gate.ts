import { TIER_CATALOGUE, featureAccess, featureLimit } from '@app/shared/domain/catalogue/tiers';
import { message, type Message } from '@app/shared/messages/message';
import { QUOTA_FEATURES, type Feature, type QuotaFeature, type Tier } from '@app/shared/domain/enums';
import { TIER_ORDER, tierRank } from '@app/shared/domain/rules/tier-order-and-caps';
import { isUnlimited, remaining } from '@app/shared/domain/rules/usage';
import { isDailyQuotaFeature } from '../data/usage-repository';

/**
 * Who may use what, decided from the tier catalogue and the caller's usage. Pure: the service reads
 * the usage and the tier, this module only decides and says why, as a message (worded in the
 * caller's language when the answer is built).
 */

export function isQuotaFeature(feature: Feature): feature is QuotaFeature {
  return (QUOTA_FEATURES as readonly Feature[]).includes(feature);
}

export function tierDisplayName(tier: Tier): string {
  return TIER_CATALOGUE[tier].display_name;
}

export function tierLimits(tier: Tier): Record<QuotaFeature, number> {
  return {
    portfolio_assets: featureLimit(tier, 'portfolio_assets'),
    ai_recommendations: featureLimit(tier, 'ai_recommendations'),
    market_alerts: featureLimit(tier, 'market_alerts'),
    analyst_questions: featureLimit(tier, 'analyst_questions'),
  };
}

/** True when `candidate` grants more of the feature than `current` (a higher limit, or the flag). */
function grantsMore(candidate: Tier, current: Tier, feature: Feature): boolean {
  if (!isQuotaFeature(feature))
    return featureAccess(candidate, feature).allowed && !featureAccess(current, feature).allowed;
  const candidateLimit = featureLimit(candidate, feature);
  const currentLimit = featureLimit(current, feature);
  if (isUnlimited(currentLimit)) return false;
  return isUnlimited(candidateLimit) || candidateLimit > currentLimit;
}

/** The lowest tier above `tier` that lifts the feature's limit or includes it; null if none does. */
export function liftingTierFor(tier: Tier, feature: Feature): Tier | null {
  return (
    TIER_ORDER.find(
      (candidate) => tierRank(candidate) > tierRank(tier) && grantsMore(candidate, tier, feature),
    ) ?? null
  );
}

/** What the tier's limit of a quota feature reached: "Your Free plan holds up to 5 portfolio assets." */
function limitReached(tier: Tier, feature: QuotaFeature): Message {
  const limit = featureLimit(tier, feature);
  if (limit === 0) return message('PLAN_QUOTA_NOT_INCLUDED', { units: feature, plan: tier });
  return isDailyQuotaFeature(feature)
    ? message('PLAN_QUOTA_DAILY_USED', { units: feature, plan: tier, count: limit })
    : message('PLAN_QUOTA_HOLDINGS_FULL', { units: feature, plan: tier, count: limit });
}

/** The message a 403 and a denied check carry (`upgrade_message`): why, and which plan lifts it. */
export function upgradeMessageFor(tier: Tier, feature: Feature): Message {
  const lifting = liftingTierFor(tier, feature);
  if (!isQuotaFeature(feature)) {
    return lifting
      ? message('PLAN_FEATURE_FROM_TIER', { feature, tier: lifting })
      : message('PLAN_FEATURE_ON_NO_PLAN', { feature });
  }
  const reached = limitReached(tier, feature);
  if (!lifting) return message('PLAN_NO_PLAN_OFFERS_MORE', { reached });
  const liftedLimit = featureLimit(lifting, feature);
  if (isUnlimited(liftedLimit))
    return message('PLAN_UPGRADE_FOR_UNLIMITED', { reached, units: feature, tier: lifting });
  return isDailyQuotaFeature(feature)
    ? message('PLAN_UPGRADE_FOR_DAILY', { reached, units: feature, tier: lifting, count: liftedLimit })
    : message('PLAN_UPGRADE_FOR_HOLDINGS', { reached, units: feature, tier: lifting, count: liftedLimit });
}

export interface AccessDecision {
  allowed: boolean;
  upgrade_message: Message | null;
  /** When denied, the tier that would lift the denial; when allowed, the lowest tier including the feature. */
  required_tier: Tier | null;
  /** Quotas only: the tier's limit (-1 unlimited), the units used and those left (null when unlimited). */
  limit: number | null;
  used: number | null;
  remaining: number | null;
}

/** Whether `tier` may use `feature` now, given how much of each quota is used. */
export function decideFeatureAccess(
  tier: Tier,
  feature: Feature,
  usage: Readonly<Record<QuotaFeature, number>>,
): AccessDecision {
  if (!isQuotaFeature(feature)) {
    const access = featureAccess(tier, feature);
    return {
      allowed: access.allowed,
      upgrade_message: access.allowed ? null : upgradeMessageFor(tier, feature),
      required_tier: access.allowed ? access.required_tier : liftingTierFor(tier, feature),
      limit: null,
      used: null,
      remaining: null,
    };
  }
  const limit = featureLimit(tier, feature);
  const used = usage[feature];
  const left = remaining(used, limit);
  const allowed = left > 0;
  return {
    allowed,
    upgrade_message: allowed ? null : upgradeMessageFor(tier, feature),
    required_tier: allowed ? featureAccess(tier, feature).required_tier : liftingTierFor(tier, feature),
    limit,
    used,
    remaining: Number.isFinite(left) ? left : null,
  };
}
