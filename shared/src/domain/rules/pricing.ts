/** Pricing-page arithmetic of docs/product.md "Screens", "Business rules and limits". Prices are whole USD per month. */

/** The 'Save 20%' of annual billing. */
export const ANNUAL_DISCOUNT = 0.2;

/** 30-day money-back guarantee on all plans, once per customer (functions/src/billing/billing-rules.ts). */
export const REFUND_DAYS = 30;

export const MONTHS_PER_YEAR = 12;

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'monthly';

/** Monthly price shown in annual mode: the monthly price times 0.8, rounded to whole dollars. */
export function annualMonthlyPrice(monthlyPrice: number): number {
  return Math.round(monthlyPrice * (1 - ANNUAL_DISCOUNT));
}

/**
 * The 'billed annually' line (docs/product.md "Business rules and limits"): what an annual plan
 * charges, 12 x the discounted monthly price, so it agrees with 'Save 20%' and with the monthly
 * figure the card shows in annual mode (79 -> 12 x 63 = 756; 199 -> 12 x 159 = 1,908). The billing
 * core charges the same figure (`annualPriceCents` in ../billing/billing-plans.ts).
 */
export function annualBilledPrice(monthlyPrice: number): number {
  return MONTHS_PER_YEAR * annualMonthlyPrice(monthlyPrice);
}

/** The big price on a plan card for the chosen billing period. */
export function displayedMonthlyPrice(monthlyPrice: number, period: BillingPeriod): number {
  return period === 'annual' ? annualMonthlyPrice(monthlyPrice) : monthlyPrice;
}
