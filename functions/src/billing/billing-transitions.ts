import { addUtcDays } from '@app/shared/domain/billing/billing-calendar';
import { tierChangeConsequences } from '@app/shared/domain/billing/tier-change-consequences';
import type { Tier } from '@app/shared/domain/enums';
import { tierRank } from '@app/shared/domain/rules/tier-order-and-caps';
import type { DeclineCode } from './charge-result';
import {
  NO_PAID_PLAN,
  tierOf,
  type BillingAccount,
  type BillingInvoice,
  type BillingOutput,
  type BillingStep,
  type ChargeRecord,
  type CreditNote,
  type InvoiceLine,
  type PaymentContext,
  type ScheduledChange,
  type TierChangeReason,
} from './billing-account';

/**
 * The state machine's transitions: pure functions from a state and what happened to the next state,
 * the documents and notices to record, and the answer. No clock, no gateway: the caller passes `at`
 * and the gateway's outcome.
 */

/** A failed renewal keeps the plan this many days before the account returns to FREE. */
export const GRACE_PERIOD_DAYS = 7;

function documentNumber(prefix: 'INV' | 'CN', sequence: number): string {
  return `${prefix}-${String(sequence).padStart(4, '0')}`;
}

function tierChange(from: Tier, to: Tier, reason: TierChangeReason): BillingOutput[] {
  if (from === to) return [];
  return [{ type: 'tier_changed', reason, consequences: tierChangeConsequences(from, to) }];
}

function reasonForPaidChange(context: PaymentContext, from: Tier): TierChangeReason {
  if (context.purpose === 'subscribe') return 'subscribed';
  return tierRank(context.plan.tier) > tierRank(from) ? 'upgraded' : 'downgraded';
}

/** A payment succeeded: the invoice, a new period of the context's plan, nothing pending or scheduled. */
export function applySuccessfulPayment(
  account: BillingAccount,
  context: PaymentContext,
  chargeId: string,
  at: Date,
): BillingStep {
  const invoiceNumber = documentNumber('INV', account.invoiceCount + 1);
  const lines: InvoiceLine[] = [{ kind: 'plan', amountCents: context.priceCents }];
  if (context.credit && context.creditCents > 0) {
    lines.push({
      kind: 'proration_credit',
      amountCents: -context.creditCents,
      replacedInvoice: context.credit.invoiceNumber,
      remainingDays: context.credit.remainingDays,
      daysInPeriod: context.credit.daysInPeriod,
    });
  }
  const invoice: BillingInvoice = {
    number: invoiceNumber,
    customerId: account.customerId,
    issuedAt: at.toISOString(),
    reason: context.purpose,
    plan: context.plan,
    periodStart: context.periodStart,
    periodEnd: context.periodEnd,
    lines,
    totalCents: context.amountCents,
    chargeId,
  };
  const charge: ChargeRecord = {
    invoiceNumber,
    chargeId,
    chargedAt: at.toISOString(),
    amountCents: context.amountCents,
    refunded: false,
  };
  const from = tierOf(account);
  return {
    account: {
      ...account,
      status: 'active',
      plan: context.plan,
      anchor: context.anchor,
      period: {
        start: context.periodStart,
        end: context.periodEnd,
        endOffsetMonths: context.endOffsetMonths,
        priceCents: context.priceCents,
        invoiceNumber,
      },
      scheduledChange: null,
      graceEndsAt: null,
      pendingPayment: null,
      charges: [...account.charges, charge],
      invoiceCount: account.invoiceCount + 1,
    },
    outputs: [
      { type: 'invoice_issued', invoice },
      ...tierChange(from, context.plan.tier, reasonForPaidChange(context, from)),
    ],
    result: {
      outcome: 'paid',
      plan: context.plan,
      invoiceNumber,
      amountChargedCents: context.amountCents,
      periodEnd: context.periodEnd,
    },
  };
}

/** The bank asks for a challenge: nothing changes until it is answered; the payment waits. */
export function applyPaymentRequiringAction(
  account: BillingAccount,
  context: PaymentContext,
  charge: { chargeId: string; challengeId: string },
  at: Date,
): BillingStep {
  return {
    account: { ...account, pendingPayment: { ...context, ...charge, createdAt: at.toISOString() } },
    outputs: [{ type: 'authentication_requested', ...charge, amountCents: context.amountCents }],
    result: {
      outcome: 'requires_authentication',
      challengeId: charge.challengeId,
      amountCents: context.amountCents,
    },
  };
}

function failureCodeOf(declineCode: DeclineCode) {
  if (declineCode === 'authentication_required') return 'BILLING_AUTHENTICATION_REQUIRED' as const;
  if (declineCode === 'authentication_failed') return 'BILLING_AUTHENTICATION_FAILED' as const;
  return 'BILLING_CARD_DECLINED' as const;
}

/**
 * A payment was declined. Nothing was charged; a declined renewal opens the grace period (the plan is
 * kept until `graceEndsAt`), any other decline leaves the account as it was.
 */
export function applyDeclinedPayment(
  account: BillingAccount,
  context: PaymentContext,
  declineCode: DeclineCode,
): BillingStep {
  const messageCode = failureCodeOf(declineCode);
  const failed: BillingOutput = {
    type: 'payment_failed',
    messageCode,
    declineCode,
    amountCents: context.amountCents,
  };
  const withoutPending = { ...account, pendingPayment: null };
  if (context.purpose !== 'renewal' || account.period === null) {
    return {
      account: withoutPending,
      outputs: [failed],
      result: { outcome: 'payment_declined', messageCode, declineCode },
    };
  }
  const graceEndsAt = addUtcDays(new Date(account.period.end), GRACE_PERIOD_DAYS).toISOString();
  return {
    account: { ...withoutPending, status: 'past_due', graceEndsAt },
    outputs: [failed, { type: 'grace_period_started', graceEndsAt }],
    result: { outcome: 'grace_period', graceEndsAt, messageCode },
  };
}

export function applyScheduledChange(account: BillingAccount, change: ScheduledChange): BillingStep {
  return {
    account: { ...account, scheduledChange: change },
    outputs: [{ type: 'change_scheduled', change }],
    result: { outcome: 'change_scheduled', change },
  };
}

export function withdrawScheduledChange(account: BillingAccount, change: ScheduledChange): BillingStep {
  return {
    account: { ...account, scheduledChange: null },
    outputs: [{ type: 'scheduled_change_withdrawn', change }],
    result: { outcome: 'change_withdrawn' },
  };
}

/**
 * Back on FREE: the plan, its period, any scheduled change and any payment still waiting for its
 * challenge (never captured, so abandoned) are gone. What the account holds is untouched; the
 * `tier_changed` output says what the lower limits mean for it.
 */
export function returnToFree(account: BillingAccount, reason: TierChangeReason): BillingStep {
  return {
    account: { ...account, ...NO_PAID_PLAN },
    outputs: tierChange(tierOf(account), 'FREE', reason),
    result: { outcome: 'returned_to_free', reason },
  };
}

/**
 * Money-back refunds made: one credit note per refunded invoice, the guarantee marked as used (once per
 * customer), then FREE.
 */
export function applyRefunds(
  account: BillingAccount,
  refunds: { charge: ChargeRecord; refundId: string }[],
  at: Date,
): BillingStep {
  const creditNotes: CreditNote[] = refunds.map(({ charge, refundId }, index) => ({
    number: documentNumber('CN', account.creditNoteCount + index + 1),
    customerId: account.customerId,
    issuedAt: at.toISOString(),
    invoiceNumber: charge.invoiceNumber,
    amountCents: charge.amountCents,
    refundId,
    reason: 'money_back_guarantee',
  }));
  const refundedIds = new Set(refunds.map(({ charge }) => charge.chargeId));
  const refunded: BillingAccount = {
    ...account,
    charges: account.charges.map((charge) =>
      refundedIds.has(charge.chargeId) ? { ...charge, refunded: true } : charge,
    ),
    creditNoteCount: account.creditNoteCount + creditNotes.length,
    moneyBackUsedAt: at.toISOString(),
  };
  const backToFree = returnToFree(refunded, 'refunded');
  return {
    account: backToFree.account,
    outputs: [
      ...creditNotes.map((creditNote): BillingOutput => ({ type: 'credit_note_issued', creditNote })),
      ...backToFree.outputs,
    ],
    result: {
      outcome: 'refunded',
      amountCents: creditNotes.reduce((sum, note) => sum + note.amountCents, 0),
      creditNotes: creditNotes.map((note) => note.number),
    },
  };
}
