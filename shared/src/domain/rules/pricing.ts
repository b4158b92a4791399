/** Pricing-page arithmetic of docs/product.md "Screens", "Business rules and limits". Prices are whole USD per month. */

/** The 'Save 20%' of annual billing. */
export const ANNUAL_DISCOUNT = 0.2;

/** 30-day money-back guarantee on all plans. */
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
 * The 'billed annually' line (docs/product.md "Business rules and limits"): 12 x the list price
 * (29 -> 348), the literal reading of the product brief, where "the monthly price" is the list
 * price and the discounted one is "the monthly price times 0.8"; not 12 x the discounted price
 * (29 -> 276). It contradicts 'Save 20%', so product should confirm; if they want the discounted
 * total, only this function changes.
 */
export function annualBilledPrice(monthlyPrice: number): number {
  return MONTHS_PER_YEAR * monthlyPrice;
}

/** The big price on a plan card for the chosen billing period. */
export function displayedMonthlyPrice(monthlyPrice: number, period: BillingPeriod): number {
  return period === 'annual' ? annualMonthlyPrice(monthlyPrice) : monthlyPrice;
}
