import { TIER_CATALOGUE, featureAccess, featureLimit } from '@app/shared/domain/catalogue/tiers';
import { QUOTA_FEATURES, type Feature, type QuotaFeature, type Tier } from '@app/shared/domain/enums';
import { TIER_ORDER, tierRank } from '@app/shared/domain/rules/tiers';
import { isUnlimited, remaining } from '@app/shared/domain/rules/usage';
import { isDailyQuotaFeature } from '../data/usage-repository';

/**
 * Who may use what, decided from the tier catalogue and the caller's usage. Pure: the service reads
 * the usage and the tier, this module only decides and words the upgrade prompt.
 */

/** How a feature is named inside a sentence (the API speaks English; the sites translate by code). */
const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  portfolio_assets: 'portfolio assets',
  ai_recommendations: 'AI recommendations',
  market_alerts: 'market alerts',
  advanced_analytics: 'Advanced analytics',
  advanced_recommendations: 'Advanced recommendations',
  custom_alerts: 'Custom alerts',
  real_time_prices: 'Real-time prices',
};

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

function quotaAmount(feature: QuotaFeature, limit: number): string {
  const label = FEATURE_LABELS[feature];
  if (isUnlimited(limit)) return `unlimited ${label}`;
  return isDailyQuotaFeature(feature) ? `${limit} ${label} a day` : `up to ${limit} ${label}`;
}

/** The sentence a 403 and a denied check carry in `upgrade_message`. */
export function upgradeMessageFor(tier: Tier, feature: Feature): string {
  const plan = tierDisplayName(tier);
  const lifting = liftingTierFor(tier, feature);
  const label = FEATURE_LABELS[feature];
  if (!isQuotaFeature(feature)) {
    return lifting
      ? `${label} is available from the ${tierDisplayName(lifting)} plan. Upgrade to ${tierDisplayName(lifting)} to use it.`
      : `${label} is not available on any plan.`;
  }
  const limit = featureLimit(tier, feature);
  const reached =
    limit === 0
      ? `Your ${plan} plan does not include ${label}.`
      : isDailyQuotaFeature(feature)
        ? `You have used all ${limit} ${label} of your ${plan} plan today; they reset at midnight UTC.`
        : `Your ${plan} plan holds up to ${limit} ${label}.`;
  if (!lifting) return `${reached} No plan offers more.`;
  return `${reached} Upgrade to ${tierDisplayName(lifting)} for ${quotaAmount(feature, featureLimit(lifting, feature))}.`;
}

export interface AccessDecision {
  allowed: boolean;
  upgrade_message: string | null;
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
