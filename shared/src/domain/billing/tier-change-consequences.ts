import { featureAccess, featureLimit } from '../catalogue/tiers';
import { FEATURES, QUOTA_FEATURES, type Feature, type QuotaFeature, type Tier } from '../enums';
import { isUnlimited } from '../rules/usage';

/**
 * What a change of tier means for what the account already holds, decided from the tier catalogue.
 * Nothing is deleted by a downgrade: holdings over the new limit stay visible and only new adds are
 * refused until the count is under the limit; custom alert rules are paused, not removed, and resume
 * when a tier including custom alerts returns.
 */

export interface LoweredLimit {
  feature: QuotaFeature;
  from: number;
  to: number;
}

export interface TierChangeConsequences {
  from: Tier;
  to: Tier;
  /** Quotas whose limit goes down; for portfolio_assets, holdings beyond `to` stay, new adds are refused. */
  loweredLimits: LoweredLimit[];
  /** On/off features the new tier lacks, and those it adds. */
  lostFeatures: Feature[];
  gainedFeatures: Feature[];
  customAlertRules: 'paused' | 'resumed' | 'unchanged';
}

function isLower(to: number, from: number): boolean {
  if (isUnlimited(to)) return false;
  return isUnlimited(from) || to < from;
}

export function tierChangeConsequences(from: Tier, to: Tier): TierChangeConsequences {
  const loweredLimits = QUOTA_FEATURES.filter((feature) =>
    isLower(featureLimit(to, feature), featureLimit(from, feature)),
  ).map((feature) => ({ feature, from: featureLimit(from, feature), to: featureLimit(to, feature) }));
  const flags = FEATURES.filter((feature) => !(QUOTA_FEATURES as readonly Feature[]).includes(feature));
  const lostFeatures = flags.filter(
    (feature) => featureAccess(from, feature).allowed && !featureAccess(to, feature).allowed,
  );
  const gainedFeatures = flags.filter(
    (feature) => !featureAccess(from, feature).allowed && featureAccess(to, feature).allowed,
  );
  const customAlertRules = lostFeatures.includes('custom_alerts')
    ? 'paused'
    : gainedFeatures.includes('custom_alerts')
      ? 'resumed'
      : 'unchanged';
  return { from, to, loweredLimits, lostFeatures, gainedFeatures, customAlertRules };
}
