import { featureAccess, featureLimit } from '@app/shared/domain/catalogue/tiers';
import type { DetailLevel, DetailQuota as ContractDetailQuota } from '@app/shared/domain/entities/market';
import type { Tier } from '@app/shared/domain/enums';
import { remaining } from '@app/shared/domain/rules/usage';
import type { DetailViewsRepository } from '../data/detail-views-repository';
import { utcDayOf } from '../data/usage-repository';
import { QuotaExceededError } from '../platform/errors';
import type { CallerPlan } from './entitlements';
import { liftingTierFor, upgradeMessageFor } from './feature-gate';

/**
 * What a served detail costs and shows (subscription README, "Entitlements"):
 * - ai_recommendations: a signed-in caller is charged one unit the first time they open a symbol's
 *   detail on a UTC day (analyze/stock, nugget-analysis, fact-sheet, a recommendation's detail); the
 *   demo is free.
 * - advanced_recommendations: the detail is 'full' for a tier with the feature, 'basic' otherwise
 *   (./analysis-views.ts decides what 'basic' leaves out).
 */

/** The contract's detail quota of a caller who was counted (the contract's is null for the demo). */
export type DetailQuota = NonNullable<ContractDetailQuota>;

export function detailLevelOf(tier: Tier): DetailLevel {
  return featureAccess(tier, 'advanced_recommendations').allowed ? 'full' : 'basic';
}

/**
 * Charges the caller for the detail of `symbol` (at most once a day), or throws QuotaExceededError
 * (403 with the upgrade message) when today's quota is used up by other symbols. Null for the demo.
 */
export async function chargeDetailView(
  plan: CallerPlan,
  symbol: string,
  now: Date,
  deps: { detailViews: Pick<DetailViewsRepository, 'countDetailView'> },
): Promise<DetailQuota | null> {
  if (plan.demo || plan.userId === null) return null;
  const limit = featureLimit(plan.tier, 'ai_recommendations');
  const result = await deps.detailViews.countDetailView(plan.userId, symbol, utcDayOf(now), limit, now);
  if (result.outcome === 'quota_exceeded') {
    throw new QuotaExceededError(
      upgradeMessageFor(plan.tier, 'ai_recommendations'),
      liftingTierFor(plan.tier, 'ai_recommendations'),
      plan.tier,
    );
  }
  const left = remaining(result.used, limit);
  return {
    counted: result.outcome === 'counted',
    used: result.used,
    limit,
    remaining: Number.isFinite(left) ? left : null,
  };
}
