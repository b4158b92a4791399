import { addCalendarMonths } from '@app/shared/domain/billing/billing-calendar';
import {
  classifyPlanChange,
  cycleMonths,
  planPriceCents,
  type PaidPlan,
} from '@app/shared/domain/billing/billing-plans';
import { quoteImmediateChange, quoteNewSubscription } from '@app/shared/domain/billing/billing-quotes';
import { isWithinRefundWindow, refundDayOf, refundDeadline } from '@app/shared/domain/billing/refund-window';
import type {
  BillingAccount,
  ChargeRecord,
  PaidPeriod,
  PaymentContext,
  ScheduledChange,
} from './billing-account';
import {
  BillingStateError,
  NoPaymentMethodError,
  PlanChangeRefusedError,
  RefundWindowClosedError,
} from './billing-errors';

/**
 * What each request means in the account's current state: pure decisions that either describe the
 * payment or change to make, or throw a BillingError (nothing charged, nothing changed).
 */

function assertNothingPending(account: BillingAccount): void {
  if (account.pendingPayment) {
    throw new BillingStateError(
      'BILLING_PAYMENT_PENDING',
      { challengeId: account.pendingPayment.challengeId },
      'A payment is waiting for its authentication challenge',
    );
  }
}

function assertPaymentMethod(account: BillingAccount): void {
  if (!account.paymentMethod) throw new NoPaymentMethodError();
}

/** The account's paid plan and period, or BILLING_NOT_SUBSCRIBED. */
function subscribedPlan(account: BillingAccount): { plan: PaidPlan; period: PaidPeriod; anchor: string } {
  if (account.status === 'free' || !account.plan || !account.period || !account.anchor) {
    throw new BillingStateError('BILLING_NOT_SUBSCRIBED', {}, 'The account has no paid plan');
  }
  return { plan: account.plan, period: account.period, anchor: account.anchor };
}

export function subscriptionPayment(
  account: BillingAccount,
  plan: PaidPlan,
  key: string,
  now: Date,
): PaymentContext {
  if (account.status !== 'free' && account.plan) {
    throw new BillingStateError(
      'BILLING_ALREADY_SUBSCRIBED',
      { tier: account.plan.tier, cycle: account.plan.cycle },
      'The account already has a paid plan',
    );
  }
  assertNothingPending(account);
  assertPaymentMethod(account);
  const quote = quoteNewSubscription(plan, now);
  return {
    key,
    purpose: 'subscribe',
    plan,
    anchor: now.toISOString(),
    periodStart: now.toISOString(),
    periodEnd: quote.periodEnd.toISOString(),
    endOffsetMonths: cycleMonths(plan.cycle),
    priceCents: quote.priceCents,
    creditCents: 0,
    amountCents: quote.amountDueCents,
    credit: null,
  };
}

export type PlanChangeDecision =
  { kind: 'charge'; context: PaymentContext } | { kind: 'schedule'; change: ScheduledChange };

/** An upgrade is charged now with the proration credit; a downgrade waits for the period end. */
export function decidePlanChange(
  account: BillingAccount,
  target: PaidPlan,
  key: string,
  now: Date,
): PlanChangeDecision {
  const { plan, period } = subscribedPlan(account);
  if (account.status === 'past_due') {
    throw new BillingStateError(
      'BILLING_PAYMENT_OVERDUE',
      { graceEndsAt: account.graceEndsAt ?? period.end },
      'The renewal payment failed; retry it first',
    );
  }
  assertNothingPending(account);
  switch (classifyPlanChange(plan, target)) {
    case 'same_plan':
      throw new BillingStateError(
        'BILLING_ALREADY_ON_PLAN',
        { tier: plan.tier, cycle: plan.cycle },
        'Same plan',
      );
    case 'lowers_charge':
      throw new PlanChangeRefusedError(
        'BILLING_CHANGE_LOWERS_CHARGE',
        { tier: target.tier, suggestedCycle: 'annual' },
        'A higher tier at a lower charge would leave a credit larger than its first charge',
      );
    case 'at_period_end':
      return { kind: 'schedule', change: { kind: 'downgrade', plan: target, effectiveAt: period.end } };
    case 'immediate': {
      assertPaymentMethod(account);
      const current = {
        priceCents: period.priceCents,
        start: new Date(period.start),
        end: new Date(period.end),
      };
      const quote = quoteImmediateChange(current, target, now);
      return {
        kind: 'charge',
        context: {
          key,
          purpose: 'change',
          plan: target,
          anchor: now.toISOString(),
          periodStart: now.toISOString(),
          periodEnd: quote.periodEnd.toISOString(),
          endOffsetMonths: cycleMonths(target.cycle),
          priceCents: quote.priceCents,
          creditCents: quote.creditCents,
          amountCents: quote.amountDueCents,
          credit: {
            invoiceNumber: period.invoiceNumber,
            remainingDays: quote.remainingDays,
            daysInPeriod: quote.daysInReplacedPeriod,
          },
        },
      };
    }
  }
}

/** Cancelling schedules the end of the paid period; past due (the period is unpaid), it ends now. */
export function decideCancellation(
  account: BillingAccount,
): { kind: 'schedule'; change: ScheduledChange } | { kind: 'end_now' } {
  const { period } = subscribedPlan(account);
  assertNothingPending(account);
  if (account.status === 'past_due') return { kind: 'end_now' };
  return { kind: 'schedule', change: { kind: 'cancel', effectiveAt: period.end } };
}

export function scheduledChangeOf(account: BillingAccount): ScheduledChange {
  subscribedPlan(account);
  if (!account.scheduledChange) {
    throw new BillingStateError('BILLING_NOTHING_SCHEDULED', {}, 'Nothing is scheduled');
  }
  return account.scheduledChange;
}

/** The payment of the period after the current one: the scheduled downgrade's plan, or the same plan. */
function nextPeriodPayment(
  account: BillingAccount,
  key: string,
  purpose: 'renewal' | 'retry',
): PaymentContext {
  const { plan, period, anchor } = subscribedPlan(account);
  const nextPlan = account.scheduledChange?.kind === 'downgrade' ? account.scheduledChange.plan : plan;
  const endOffsetMonths = period.endOffsetMonths + cycleMonths(nextPlan.cycle);
  const priceCents = planPriceCents(nextPlan);
  return {
    key,
    purpose,
    plan: nextPlan,
    anchor,
    periodStart: period.end,
    periodEnd: addCalendarMonths(new Date(anchor), endOffsetMonths).toISOString(),
    endOffsetMonths,
    priceCents,
    creditCents: 0,
    amountCents: priceCents,
    credit: null,
  };
}

export type DueAction =
  | { kind: 'renew'; context: PaymentContext }
  | { kind: 'end_cancelled'; key: string }
  | { kind: 'expire_grace'; key: string };

/**
 * What the renewal job must do for the account at `now`, or null. Keys derive from the period, so a
 * repeated or concurrent run for the same period is the same request (and the same gateway charge).
 */
export function dueAction(account: BillingAccount, now: Date): DueAction | null {
  const { period } = account;
  if (account.status === 'active' && period && now >= new Date(period.end)) {
    if (account.scheduledChange?.kind === 'cancel')
      return { kind: 'end_cancelled', key: `period-end:${period.end}` };
    return { kind: 'renew', context: nextPeriodPayment(account, `renewal:${period.end}`, 'renewal') };
  }
  if (account.status === 'past_due' && account.graceEndsAt && now >= new Date(account.graceEndsAt)) {
    return { kind: 'expire_grace', key: `grace-end:${account.graceEndsAt}` };
  }
  return null;
}

/** A retried payment during the grace period pays for the period after the failed renewal. */
export function retryPayment(account: BillingAccount, key: string): PaymentContext {
  if (account.status !== 'past_due') {
    throw new BillingStateError('BILLING_NOT_PAST_DUE', {}, 'No failed payment to retry');
  }
  assertNothingPending(account);
  assertPaymentMethod(account);
  return nextPeriodPayment(account, key, 'retry');
}

/**
 * The money-back guarantee is once per customer (docs/product.md "Business rules and limits"): used
 * once, a later refund request is refused, whatever plan was bought since. What is left is a
 * cancellation, which keeps the plan to the end of the paid period and gives nothing back.
 */
function assertMoneyBackUnused(account: BillingAccount): void {
  if (account.moneyBackUsedAt) {
    throw new BillingStateError(
      'BILLING_MONEY_BACK_ALREADY_USED',
      { usedAt: account.moneyBackUsedAt },
      'The money-back guarantee was already used',
    );
  }
}

/**
 * The charges the money-back guarantee gives back at `now`: every payment not yet refunded whose day
 * (from its own charge date) is 30 or less, the first time the customer asks. None left: the window is
 * closed, named by the latest payment.
 */
export function refundableCharges(account: BillingAccount, now: Date): ChargeRecord[] {
  subscribedPlan(account);
  assertNothingPending(account);
  assertMoneyBackUnused(account);
  const unrefunded = account.charges.filter((charge) => !charge.refunded && charge.amountCents > 0);
  const eligible = unrefunded.filter((charge) => isWithinRefundWindow(new Date(charge.chargedAt), now));
  if (eligible.length > 0) return eligible;
  const latest = unrefunded.at(-1);
  if (!latest) throw new BillingStateError('BILLING_NOT_SUBSCRIBED', {}, 'No payment to refund');
  const chargedAt = new Date(latest.chargedAt);
  throw new RefundWindowClosedError(
    'BILLING_REFUND_WINDOW_CLOSED',
    {
      chargedAt: latest.chargedAt,
      deadline: refundDeadline(chargedAt).toISOString(),
      day: refundDayOf(chargedAt, now),
    },
    'The 30-day money-back window is closed',
  );
}
