import { addCalendarMonths, utcCalendarDaysBetween } from './billing-calendar';
import { cycleMonths, planPriceCents, type PaidPlan } from './billing-plans';

/**
 * The figures of a charge before it is made: what the confirmation step shows and what the billing
 * service charges, from the same function.
 */

export interface CurrentPeriod {
  /** The plan price of the period being replaced (what the period was worth, credits included). */
  priceCents: number;
  start: Date;
  end: Date;
}

/**
 * The unused part of the current period: price paid x remaining days / days in the period, rounded to
 * the nearest cent (half a cent up). The change day itself counts as remaining: the new plan serves it.
 * A change before the period starts credits it all; at or after its end, nothing.
 */
export function prorationCreditCents(period: CurrentPeriod, at: Date): number {
  const daysInPeriod = utcCalendarDaysBetween(period.start, period.end);
  if (daysInPeriod <= 0) return 0;
  const remainingDays = Math.min(daysInPeriod, Math.max(0, utcCalendarDaysBetween(at, period.end)));
  return Math.round((period.priceCents * remainingDays) / daysInPeriod);
}

export interface ChargeQuote {
  plan: PaidPlan;
  /** The plan's price for one period. */
  priceCents: number;
  /** The proration credit taken off this charge (0 for a new subscription). */
  creditCents: number;
  /** What the card is charged now: price minus credit. */
  amountDueCents: number;
  periodStart: Date;
  /** Also the next billing date. */
  periodEnd: Date;
  /** Days of the replaced period the credit pays back, and that period's length (0 and 0 when none). */
  remainingDays: number;
  daysInReplacedPeriod: number;
}

/** A first subscription: the full price, a period starting at `at`. */
export function quoteNewSubscription(plan: PaidPlan, at: Date): ChargeQuote {
  const priceCents = planPriceCents(plan);
  return {
    plan,
    priceCents,
    creditCents: 0,
    amountDueCents: priceCents,
    periodStart: at,
    periodEnd: addCalendarMonths(at, cycleMonths(plan.cycle)),
    remainingDays: 0,
    daysInReplacedPeriod: 0,
  };
}

/**
 * An immediate change: the new plan's first charge minus the credit of the replaced period; the new
 * period starts at `at` (a new anchor). Only for changes `classifyPlanChange` calls immediate, where
 * the new price exceeds the old one, so the amount due is never negative.
 */
export function quoteImmediateChange(current: CurrentPeriod, target: PaidPlan, at: Date): ChargeQuote {
  const quote = quoteNewSubscription(target, at);
  const creditCents = prorationCreditCents(current, at);
  const daysInReplacedPeriod = utcCalendarDaysBetween(current.start, current.end);
  return {
    ...quote,
    creditCents,
    amountDueCents: Math.max(0, quote.priceCents - creditCents),
    remainingDays: Math.min(daysInReplacedPeriod, Math.max(0, utcCalendarDaysBetween(at, current.end))),
    daysInReplacedPeriod,
  };
}
