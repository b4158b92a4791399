import { TIERS } from '../enums';
import type { Feature, Tier } from '../enums';
import { UNLIMITED } from './usage';

/**
 * Tier order and tier-dependent caps (docs/product.md "Screens", "Roles, plans and demo mode", "Business rules and limits"). What each tier
 * grants lives in the tier catalogue; the functions here take it as an argument so they stay
 * pure and can be tested against any catalogue.
 */

/** FREE < PREMIUM < PRO. The enum already lists tiers in upgrade order; this name says we rely on it. */
export const TIER_ORDER: readonly Tier[] = TIERS;

/**
 * How many recommendations each tier sees on the recommendations page. PRO is -1 (UNLIMITED),
 * the same encoding as every other limit: it goes into API responses as is (`tier_cap`), where
 * Infinity would silently become null. Never pass it to `slice` yourself: use
 * `trimRecommendations` and `hiddenRecommendationCount`.
 */
export const RECOMMENDATION_LIST_CAPS: Readonly<Record<Tier, number>> = {
  FREE: 3,
  PREMIUM: 10,
  PRO: UNLIMITED,
};

/**
 * The demo visitor's plan, the same on every screen and route (docs/product.md "Roles, plans and demo
 * mode": the demo constants say Premium). The demo is read-only: nothing is stored or counted.
 */
export const DEMO_TIER: Tier = 'PREMIUM';

/** 0 for FREE, 1 for PREMIUM, 2 for PRO. */
export function tierRank(tier: Tier): number {
  return TIER_ORDER.indexOf(tier);
}

/** Only strictly higher tiers; moving down or sideways is not an upgrade. */
export function canUpgrade(from: Tier, to: Tier): boolean {
  return tierRank(to) > tierRank(from);
}

/** Tiers the current one can be upgraded to, lowest first. */
export function upgradeTargets(current: Tier): Tier[] {
  return TIER_ORDER.filter((tier) => canUpgrade(current, tier));
}

export function recommendationListCap(tier: Tier): number {
  return RECOMMENDATION_LIST_CAPS[tier];
}

/** The items a tier may see, in the given order. */
export function trimRecommendations<Item>(items: readonly Item[], tier: Tier): Item[] {
  const cap = recommendationListCap(tier);
  return cap === UNLIMITED ? [...items] : items.slice(0, cap);
}

/** The "N additional recommendations come with Premium" count of docs/product.md "Screens". */
export function hiddenRecommendationCount(total: number, tier: Tier): number {
  const cap = recommendationListCap(tier);
  return cap === UNLIMITED ? 0 : Math.max(0, total - cap);
}

/** What a tier grants per gatable feature: a limit (-1 unlimited, 0 none) or an on/off flag. */
export type FeatureGrants = Readonly<Record<Feature, number | boolean>>;

export function isFeatureGranted(grants: FeatureGrants, feature: Feature): boolean {
  const grant = grants[feature];
  if (typeof grant === 'boolean') return grant;
  return grant === UNLIMITED || grant > 0;
}

/**
 * The lowest tier whose catalogue entry grants the feature: what an upgrade prompt asks for.
 * Null when no tier grants it, which the catalogue tests rule out for the real catalogue.
 */
export function requiredTierFor(
  feature: Feature,
  catalogue: Readonly<Record<Tier, { readonly features: FeatureGrants }>>,
): Tier | null {
  return TIER_ORDER.find((tier) => isFeatureGranted(catalogue[tier].features, feature)) ?? null;
}
