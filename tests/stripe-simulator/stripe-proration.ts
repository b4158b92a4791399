/**
 * Stripe's proration of a price change, as Stripe's documentation describes it (Billing, "Prorations":
 * "How prorations work", and "Customize subscription proration calculations": the standard logic
 * "calculates proration down to the second based on the starting timestamp of the billing period and
 * the timestamp of the proration's triggering event"): a credit for the unused time of the old price
 * and, unless the change starts a new billing period, a debit for the remaining time of the new price,
 * each line rounded to the cent. Times are Unix seconds, as Stripe's API gives them.
 *
 * The Stripe-format server bills subscription updates and invoice previews with it
 * (stripe-billing-server.ts).
 */

export interface StripeBillingPeriod {
  /** The subscription's current period, Unix seconds. */
  start: number;
  end: number;
}

export interface StripeInvoiceLine {
  description: string;
  /** Cents; negative for a credit. */
  amount: number;
  proration: boolean;
}

/** The fraction of the period left at `prorationDate`, to the second (0 outside the period's end). */
function remainingShare(period: StripeBillingPeriod, prorationDate: number): number {
  const length = period.end - period.start;
  if (length <= 0) return 0;
  const remaining = Math.min(length, Math.max(0, period.end - prorationDate));
  return remaining / length;
}

/**
 * The invoice lines of changing a one-item subscription from `oldUnitAmount` to `newUnitAmount` at
 * `prorationDate`. With `billingCycleAnchor: 'now'` (a new period starts at the change, as our billing
 * rules do on an upgrade) the new price is billed whole for the new period instead of prorated.
 */
export function priceChangeInvoiceLines(change: {
  oldUnitAmount: number;
  newUnitAmount: number;
  period: StripeBillingPeriod;
  prorationDate: number;
  billingCycleAnchor: 'unchanged' | 'now';
}): StripeInvoiceLine[] {
  const share = remainingShare(change.period, change.prorationDate);
  const credit: StripeInvoiceLine = {
    description: 'Unused time on the previous price',
    amount: 0 - Math.round(change.oldUnitAmount * share),
    proration: true,
  };
  if (change.billingCycleAnchor === 'now') {
    return [credit, { description: 'New price, new period', amount: change.newUnitAmount, proration: false }];
  }
  return [
    credit,
    {
      description: 'Remaining time on the new price',
      amount: Math.round(change.newUnitAmount * share),
      proration: true,
    },
  ];
}

/** An invoice's total: the sum of its lines, in cents. */
export function invoiceTotal(lines: readonly StripeInvoiceLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * Stripe's billing cycle: `months` after the anchor, on the anchor's day of the month, or the month's
 * last day when it is shorter (stripe.com/docs/billing/subscriptions/billing-cycle: "a monthly
 * subscription with a billing cycle anchor date of January 31 bills ... February 28 ... March 31"),
 * at the anchor's time of day. Unix seconds.
 */
export function addStripeMonths(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime() / 1000;
}
