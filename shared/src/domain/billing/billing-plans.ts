import * as z from 'zod';
import { TIER_CATALOGUE } from '../catalogue/tiers';
import type { Tier } from '../enums';
import { BILLING_PERIODS, MONTHS_PER_YEAR, annualMonthlyPrice } from '../rules/pricing';
import { tierRank } from '../rules/tier-order-and-caps';

/**
 * What can be bought: a paid tier on a monthly or annual cycle, priced in integer cents (no float
 * ever holds money). FREE is not a plan: it is the absence of one.
 */

export const PAID_TIERS = ['PREMIUM', 'PRO'] as const satisfies readonly Tier[];
export const PaidTierSchema = z.enum(PAID_TIERS);
export type PaidTier = z.infer<typeof PaidTierSchema>;

/** Monthly or annual: how often a plan is charged. */
export const BillingCycleSchema = z.enum(BILLING_PERIODS);
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

export const PaidPlanSchema = z.strictObject({ tier: PaidTierSchema, cycle: BillingCycleSchema });
export type PaidPlan = z.infer<typeof PaidPlanSchema>;

export const CENTS_PER_DOLLAR = 100;

export function cycleMonths(cycle: BillingCycle): number {
  return cycle === 'annual' ? MONTHS_PER_YEAR : 1;
}

export function monthlyPriceCents(tier: PaidTier): number {
  return TIER_CATALOGUE[tier].price * CENTS_PER_DOLLAR;
}

/**
 * Annual billing: 12 x round(0.8 x monthly) in whole dollars, the same figure the pricing page shows
 * per month in annual mode (Premium 12 x 63 = $756, Platinum 12 x 159 = $1,908).
 */
export function annualPriceCents(tier: PaidTier): number {
  return MONTHS_PER_YEAR * annualMonthlyPrice(TIER_CATALOGUE[tier].price) * CENTS_PER_DOLLAR;
}

/** The price of one period of the plan. */
export function planPriceCents(plan: PaidPlan): number {
  return plan.cycle === 'annual' ? annualPriceCents(plan.tier) : monthlyPriceCents(plan.tier);
}

export function isSamePlan(a: PaidPlan, b: PaidPlan): boolean {
  return a.tier === b.tier && a.cycle === b.cycle;
}

/**
 * How a change from `current` to `target` is made:
 * - `immediate`: a tier at least as high and a higher charge (a higher tier, or monthly to annual):
 *   charged now with the proration credit, a new period starts now;
 * - `at_period_end`: a lower tier, or annual to monthly on the same tier: nothing is charged now, the
 *   plan changes when the paid period ends;
 * - `lowers_charge`: a higher tier with a lower charge (Premium annual to Platinum monthly): refused,
 *   because the credit of the unused annual period could exceed the new first charge and leave money
 *   owed back; the annual plan of the higher tier is the way up.
 * - `same_plan`: nothing to change.
 */
export type PlanChangeKind = 'immediate' | 'at_period_end' | 'lowers_charge' | 'same_plan';

export function classifyPlanChange(current: PaidPlan, target: PaidPlan): PlanChangeKind {
  if (isSamePlan(current, target)) return 'same_plan';
  const rankDelta = tierRank(target.tier) - tierRank(current.tier);
  if (rankDelta < 0) return 'at_period_end';
  const priceDelta = planPriceCents(target) - planPriceCents(current);
  if (priceDelta > 0) return 'immediate';
  return rankDelta > 0 ? 'lowers_charge' : 'at_period_end';
}
