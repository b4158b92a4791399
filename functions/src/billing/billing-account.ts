import type { BillingMessageCode } from '@app/shared/domain/billing/billing-message-codes';
import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type { TierChangeConsequences } from '@app/shared/domain/billing/tier-change-consequences';
import type { Tier } from '@app/shared/domain/enums';
import type { PaymentMethod } from './payment-gateway';
import type { DeclineCode } from './charge-result';
import type { ProcessorSubscription } from './processor-subscriptions';

/**
 * One account's billing, as the state machine sees it. Plain data (ISO strings, integer cents) so it
 * can be stored as one item and compared in tests. States:
 *
 * - `free`: no plan. The only way out is a paid subscription.
 * - `active`: a paid period runs until `period.end`; a scheduled downgrade or cancellation waits for it.
 * - `past_due`: the renewal at `period.end` failed; the plan's perks stay until `graceEndsAt`
 *   (7 days later), when the account returns to FREE unless a retried payment succeeds.
 *
 * A payment waiting for an authentication challenge is `pendingPayment`, beside any of them.
 */

export type BillingStatus = 'free' | 'active' | 'past_due';

export interface PaidPeriod {
  start: string;
  end: string;
  /** `end` is the anchor plus this many calendar months (see billing-calendar for month ends). */
  endOffsetMonths: number;
  /** The plan price of the period: what it was worth, credits included ("price paid" for proration). */
  priceCents: number;
  invoiceNumber: string;
}

export type ScheduledChange =
  { kind: 'cancel'; effectiveAt: string } | { kind: 'downgrade'; plan: PaidPlan; effectiveAt: string };

/** A payment taken, kept for the money-back window. */
export interface ChargeRecord {
  invoiceNumber: string;
  chargeId: string;
  chargedAt: string;
  amountCents: number;
  refunded: boolean;
}

export type PaymentPurpose = 'subscribe' | 'change' | 'renewal' | 'retry';

/** Everything needed to apply a payment once it succeeds, whenever that is. */
export interface PaymentContext {
  key: string;
  purpose: PaymentPurpose;
  plan: PaidPlan;
  anchor: string;
  periodStart: string;
  periodEnd: string;
  endOffsetMonths: number;
  priceCents: number;
  creditCents: number;
  amountCents: number;
  /** The period whose unused days the credit pays back, for the invoice's credit line. */
  credit: { invoiceNumber: string; remainingDays: number; daysInPeriod: number } | null;
}

export interface PendingPayment extends PaymentContext {
  chargeId: string;
  challengeId: string;
  createdAt: string;
}

export interface InvoiceLine {
  kind: 'plan' | 'proration_credit';
  amountCents: number;
  /** For `proration_credit`: the invoice of the replaced period and the days credited. */
  replacedInvoice?: string;
  remainingDays?: number;
  daysInPeriod?: number;
}

export interface BillingInvoice {
  number: string;
  customerId: string;
  issuedAt: string;
  reason: PaymentPurpose;
  plan: PaidPlan;
  periodStart: string;
  periodEnd: string;
  lines: InvoiceLine[];
  /** What the card was charged: the sum of the lines. */
  totalCents: number;
  chargeId: string;
}

export interface CreditNote {
  number: string;
  customerId: string;
  issuedAt: string;
  invoiceNumber: string;
  amountCents: number;
  refundId: string;
  reason: 'money_back_guarantee';
}

export type TierChangeReason =
  'subscribed' | 'upgraded' | 'downgraded' | 'cancelled' | 'refunded' | 'grace_expired';

type PaymentFailureCode = Extract<
  BillingMessageCode,
  'BILLING_CARD_DECLINED' | 'BILLING_AUTHENTICATION_REQUIRED' | 'BILLING_AUTHENTICATION_FAILED'
>;

/** What a transition asks the outside world to record or do: documents, notices, entitlement changes. */
export type BillingOutput =
  | { type: 'invoice_issued'; invoice: BillingInvoice }
  | { type: 'credit_note_issued'; creditNote: CreditNote }
  | { type: 'authentication_requested'; chargeId: string; challengeId: string; amountCents: number }
  | { type: 'payment_failed'; messageCode: PaymentFailureCode; declineCode: DeclineCode; amountCents: number }
  | { type: 'change_scheduled'; change: ScheduledChange }
  | { type: 'scheduled_change_withdrawn'; change: ScheduledChange }
  | { type: 'grace_period_started'; graceEndsAt: string }
  | { type: 'tier_changed'; reason: TierChangeReason; consequences: TierChangeConsequences };

/** The answer to a request; stored per idempotency key and returned again for a repeat. */
export type BillingResult =
  | { outcome: 'payment_method_saved'; paymentMethod: PaymentMethod }
  | { outcome: 'paid'; plan: PaidPlan; invoiceNumber: string; amountChargedCents: number; periodEnd: string }
  | { outcome: 'requires_authentication'; challengeId: string; amountCents: number }
  | { outcome: 'payment_declined'; messageCode: PaymentFailureCode; declineCode: DeclineCode }
  | { outcome: 'change_scheduled'; change: ScheduledChange }
  | { outcome: 'change_withdrawn' }
  | { outcome: 'refunded'; amountCents: number; creditNotes: string[] }
  | { outcome: 'returned_to_free'; reason: TierChangeReason }
  | { outcome: 'grace_period'; graceEndsAt: string; messageCode: PaymentFailureCode }
  | { outcome: 'nothing_due' };

export interface ProcessedRequest {
  fingerprint: string;
  result: BillingResult;
  at: string;
}

export interface BillingAccount {
  customerId: string;
  status: BillingStatus;
  plan: PaidPlan | null;
  /** The instant periods are counted from; a new one with each immediate change. */
  anchor: string | null;
  period: PaidPeriod | null;
  scheduledChange: ScheduledChange | null;
  graceEndsAt: string | null;
  paymentMethod: PaymentMethod | null;
  pendingPayment: PendingPayment | null;
  /**
   * The processor's subscription (Stripe's `sub_...`) when the gateway keeps one
   * (processor-subscriptions.ts); null on FREE and with the sandbox. Accounts stored before it lack it.
   */
  processorSubscription?: ProcessorSubscription | null;
  charges: ChargeRecord[];
  invoiceCount: number;
  creditNoteCount: number;
  /**
   * When the money-back guarantee was used (the refund's instant), null while it never was. Once per
   * customer (docs/product.md "Business rules and limits"): kept apart from `charges` and from the plan
   * fields, so no plan change, cancellation, return to FREE or pruning of old charges gives it back.
   */
  moneyBackUsedAt: string | null;
  /** Idempotency: the answer given to each key (storage keeps them with a TTL). */
  processed: Record<string, ProcessedRequest>;
}

/** A transition's product: the new state, what to record, and the answer. */
export interface BillingStep {
  account: BillingAccount;
  outputs: BillingOutput[];
  result: BillingResult;
}

/** The fields of an account without a plan: a new account, and one returned to FREE. */
export const NO_PAID_PLAN = {
  status: 'free',
  plan: null,
  anchor: null,
  period: null,
  scheduledChange: null,
  graceEndsAt: null,
  pendingPayment: null,
  processorSubscription: null,
} as const satisfies Partial<BillingAccount>;

export function newBillingAccount(customerId: string): BillingAccount {
  return {
    customerId,
    ...NO_PAID_PLAN,
    paymentMethod: null,
    charges: [],
    invoiceCount: 0,
    creditNoteCount: 0,
    moneyBackUsedAt: null,
    processed: {},
  };
}

export function tierOf(account: BillingAccount): Tier {
  return account.plan?.tier ?? 'FREE';
}
