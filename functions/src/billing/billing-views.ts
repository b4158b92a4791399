import type { z } from 'zod';
import type {
  BillingAnswerSchema,
  BillingDocumentsResponseSchema,
  BillingQuoteSchema,
  BillingSummarySchema,
  ScheduledChangeSchema,
} from '@app/shared/domain/entities/billing';
import { planPriceCents, type PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { quoteNewSubscription } from '@app/shared/domain/billing/billing-quotes';
import { refundDeadline } from '@app/shared/domain/billing/refund-window';
import {
  tierOf,
  type BillingAccount,
  type BillingInvoice,
  type CreditNote,
  type ScheduledChange,
} from './billing-account';
import { decidePlanChange, refundableCharges, subscriptionPayment } from './billing-rules';
import { BillingError } from './billing-errors';
import type { BillingReply } from './billing-service';

/** The billing state machine's plain data as the contract's shapes (snake_case, cents, ISO instants). */

type Summary = z.input<typeof BillingSummarySchema>;
type Answer = z.input<typeof BillingAnswerSchema>;
type BillingQuote = z.input<typeof BillingQuoteSchema>;

function changeView(change: ScheduledChange): z.input<typeof ScheduledChangeSchema> {
  return {
    kind: change.kind,
    plan: change.kind === 'downgrade' ? change.plan : null,
    effective_at: change.effectiveAt,
  };
}

/** What a refund request would give back now (the money-back window), or null. */
function refundPreview(account: BillingAccount, now: Date): Summary['refund'] {
  try {
    const charges = refundableCharges(account, now);
    const deadline = charges
      .map((charge) => refundDeadline(new Date(charge.chargedAt)).toISOString())
      .sort()
      .at(-1);
    return deadline
      ? { amount_cents: charges.reduce((sum, charge) => sum + charge.amountCents, 0), deadline }
      : null;
  } catch (error: unknown) {
    if (error instanceof BillingError) return null;
    throw error;
  }
}

function nextBilling(account: BillingAccount): Summary['next_billing'] {
  const { plan, period, scheduledChange } = account;
  if (account.status !== 'active' || !plan || !period || scheduledChange?.kind === 'cancel') return null;
  const nextPlan: PaidPlan = scheduledChange?.kind === 'downgrade' ? scheduledChange.plan : plan;
  return { date: period.end, amount_cents: planPriceCents(nextPlan), plan: nextPlan };
}

export function billingSummary(account: BillingAccount, now: Date): Summary {
  const method = account.paymentMethod;
  const pending = account.pendingPayment;
  return {
    status: account.status,
    tier: tierOf(account),
    plan: account.plan,
    period_start: account.period?.start ?? null,
    period_end: account.period?.end ?? null,
    next_billing: nextBilling(account),
    scheduled_change: account.scheduledChange ? changeView(account.scheduledChange) : null,
    grace_ends_at: account.graceEndsAt,
    payment_method: method
      ? { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear }
      : null,
    pending_payment: pending
      ? { challenge_id: pending.challengeId, amount_cents: pending.amountCents, plan: pending.plan }
      : null,
    refund: refundPreview(account, now),
    portal_available: Boolean(method?.processorCustomerId),
  };
}

export function billingAnswer(reply: BillingReply, now: Date): Answer {
  const result = reply.result;
  return {
    outcome: result.outcome,
    replayed: reply.replayed,
    message_code: 'messageCode' in result ? result.messageCode : null,
    message_params: result.outcome === 'payment_declined' ? { declineCode: result.declineCode } : {},
    invoice_number: result.outcome === 'paid' ? result.invoiceNumber : null,
    amount_cents:
      result.outcome === 'paid'
        ? result.amountChargedCents
        : result.outcome === 'requires_authentication' || result.outcome === 'refunded'
          ? result.amountCents
          : null,
    period_end: result.outcome === 'paid' ? result.periodEnd : null,
    challenge_id: result.outcome === 'requires_authentication' ? result.challengeId : null,
    credit_notes: result.outcome === 'refunded' ? result.creditNotes : [],
    grace_ends_at: result.outcome === 'grace_period' ? result.graceEndsAt : null,
    change: result.outcome === 'change_scheduled' ? changeView(result.change) : null,
    billing: billingSummary(reply.account, now),
  };
}

/**
 * The confirmation step's figures for choosing `plan` now: the same rules the service charges by
 * (`subscriptionPayment`, `decidePlanChange`), so a refused change is refused here already.
 */
export function billingQuote(account: BillingAccount, plan: PaidPlan, now: Date): BillingQuote {
  if (account.status === 'free') {
    const context = subscriptionPayment(account, plan, 'quote', now);
    const quote = quoteNewSubscription(plan, now);
    return {
      kind: 'subscribe',
      plan,
      price_cents: context.priceCents,
      credit_cents: 0,
      amount_due_cents: context.amountCents,
      charged_at: now.toISOString(),
      next_billing_date: quote.periodEnd.toISOString(),
      credit: null,
    };
  }
  const decision = decidePlanChange(account, plan, 'quote', now);
  if (decision.kind === 'schedule') {
    const effectiveAt = decision.change.effectiveAt;
    const next = quoteNewSubscription(plan, new Date(effectiveAt));
    return {
      kind: 'scheduled',
      plan,
      price_cents: next.priceCents,
      credit_cents: 0,
      amount_due_cents: next.priceCents,
      charged_at: effectiveAt,
      next_billing_date: effectiveAt,
      credit: null,
    };
  }
  const { context } = decision;
  return {
    kind: 'upgrade',
    plan,
    price_cents: context.priceCents,
    credit_cents: context.creditCents,
    amount_due_cents: context.amountCents,
    charged_at: now.toISOString(),
    next_billing_date: context.periodEnd,
    credit: context.credit
      ? {
          invoice_number: context.credit.invoiceNumber,
          remaining_days: context.credit.remainingDays,
          days_in_period: context.credit.daysInPeriod,
        }
      : null,
  };
}

export function billingDocuments(
  account: BillingAccount,
  invoices: readonly (BillingInvoice & { refundedBy?: string })[],
  creditNotes: readonly CreditNote[],
): z.input<typeof BillingDocumentsResponseSchema> {
  return {
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      issued_at: invoice.issuedAt,
      reason: invoice.reason,
      plan: invoice.plan,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      lines: invoice.lines.map((line) => ({
        kind: line.kind,
        amount_cents: line.amountCents,
        replaced_invoice: line.replacedInvoice ?? null,
        remaining_days: line.remainingDays ?? null,
        days_in_period: line.daysInPeriod ?? null,
      })),
      total_cents: invoice.totalCents,
      refunded_by: invoice.refundedBy ?? null,
    })),
    credit_notes: creditNotes.map((note) => ({
      number: note.number,
      issued_at: note.issuedAt,
      invoice_number: note.invoiceNumber,
      amount_cents: note.amountCents,
      reason: note.reason,
    })),
    next_billing: nextBilling(account),
  };
}
