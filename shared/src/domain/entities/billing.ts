import * as z from 'zod';
import { BillingCycleSchema, PaidPlanSchema, PaidTierSchema } from '../billing/billing-plans';
import { CardDetailsSchema } from '../billing/payment-card';
import { TierSchema } from '../enums';
import { IsoDateTimeSchema } from './common';

/**
 * The billing routes' shapes (/api/subscription/billing/*, functions/src/subscription/README.md
 * "Billing lifecycle"). Money is integer cents; instants are ISO strings in UTC.
 */

export const PlanChoiceSchema = PaidPlanSchema;
export const PlanQuerySchema = z.strictObject({ tier: PaidTierSchema, cycle: BillingCycleSchema });

export const PaymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

export const ScheduledChangeSchema = z.object({
  kind: z.enum(['cancel', 'downgrade']),
  /** The plan the account moves to (null for a cancellation: FREE). */
  plan: PaidPlanSchema.nullable(),
  effective_at: IsoDateTimeSchema,
});

export const BillingSummarySchema = z.object({
  status: z.enum(['free', 'active', 'past_due']),
  tier: TierSchema,
  plan: PaidPlanSchema.nullable(),
  period_start: IsoDateTimeSchema.nullable(),
  period_end: IsoDateTimeSchema.nullable(),
  /** What the next renewal charges, and when (null on FREE, after a cancellation, while past due). */
  next_billing: z
    .object({ date: IsoDateTimeSchema, amount_cents: z.number().int(), plan: PaidPlanSchema })
    .nullable(),
  scheduled_change: ScheduledChangeSchema.nullable(),
  grace_ends_at: IsoDateTimeSchema.nullable(),
  payment_method: PaymentMethodSchema.nullable(),
  /** A payment waiting for the bank's challenge. */
  pending_payment: z
    .object({ challenge_id: z.string(), amount_cents: z.number().int(), plan: PaidPlanSchema })
    .nullable(),
  /** What the 30-day money-back guarantee gives back if asked now (null when nothing is refundable). */
  refund: z.object({ amount_cents: z.number().int(), deadline: IsoDateTimeSchema }).nullable(),
  /** Stripe's customer portal can be opened (POST /api/subscription/billing/portal): Stripe keeps the card. */
  portal_available: z.boolean(),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

/** The confirmation step's figures, before anything is charged. */
export const BillingQuoteSchema = z.object({
  /** subscribe and upgrade are charged on confirmation; scheduled changes at the period end. */
  kind: z.enum(['subscribe', 'upgrade', 'scheduled']),
  plan: PaidPlanSchema,
  price_cents: z.number().int(),
  credit_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  /** When the amount is charged: now (subscribe, upgrade) or at the period end (scheduled). */
  charged_at: IsoDateTimeSchema,
  /** The billing date after it: the end of the new period, when it renews. */
  next_billing_date: IsoDateTimeSchema,
  credit: z
    .object({
      invoice_number: z.string(),
      remaining_days: z.number().int(),
      days_in_period: z.number().int(),
    })
    .nullable(),
});

export const BILLING_OUTCOMES = [
  'payment_method_saved',
  'paid',
  'requires_authentication',
  'payment_declined',
  'change_scheduled',
  'change_withdrawn',
  'refunded',
  'returned_to_free',
  'grace_period',
  'nothing_due',
] as const;

/** A billing request's answer: what happened, and the account after it. */
export const BillingAnswerSchema = z.object({
  outcome: z.enum(BILLING_OUTCOMES),
  /** True when this is the answer first given to the same Idempotency-Key (nothing was done again). */
  replayed: z.boolean(),
  /** For declined or unconfirmed payments: the reason (subscription:billingMessages.<code>). */
  message_code: z.string().nullable(),
  /** The message code's parameters (a decline's `declineCode`). */
  message_params: z.record(z.string(), z.union([z.string(), z.number()])),
  invoice_number: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  period_end: IsoDateTimeSchema.nullable(),
  challenge_id: z.string().nullable(),
  credit_notes: z.array(z.string()),
  grace_ends_at: IsoDateTimeSchema.nullable(),
  change: ScheduledChangeSchema.nullable(),
  billing: BillingSummarySchema,
});
export type BillingAnswer = z.infer<typeof BillingAnswerSchema>;

/**
 * A card to keep: the sandbox's form sends its fields (`card`); with Stripe on, Stripe.js makes a
 * PaymentMethod in the browser and only its id (`payment_method`) reaches the API. Exactly one of them.
 */
export const SavePaymentMethodPayloadSchema = z
  .strictObject({
    card: CardDetailsSchema.optional(),
    payment_method: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/)
      .optional(),
  })
  .superRefine((payload, context) => {
    if ((payload.card === undefined) === (payload.payment_method === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['card'],
        message: 'send either card or payment_method',
        params: { message_code: 'BILLING_CARD_FORM_MISMATCH' },
      });
    }
  });
/** Where Stripe posts events; the infra's webhook endpoint and the README name it from here. */
export const STRIPE_WEBHOOK_PATH = '/api/subscription/billing/stripe-webhook';

/** The answer to a Stripe webhook delivery: acknowledged, and whether it changed anything. */
export const StripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  event_id: z.string(),
  outcome: z.enum(['processed', 'duplicate', 'ignored']),
});

/** A one-time link to Stripe's customer portal (cards, invoices), when the Stripe gateway is on. */
export const BillingPortalLinkSchema = z.object({ url: z.url() });

export const AuthenticationPayloadSchema = z.strictObject({ outcome: z.enum(['approve', 'fail']) });

export const InvoiceLineSchema = z.object({
  kind: z.enum(['plan', 'proration_credit']),
  amount_cents: z.number().int(),
  replaced_invoice: z.string().nullable(),
  remaining_days: z.number().int().nullable(),
  days_in_period: z.number().int().nullable(),
});

export const BillingInvoiceSchema = z.object({
  number: z.string(),
  issued_at: IsoDateTimeSchema,
  reason: z.enum(['subscribe', 'change', 'renewal', 'retry']),
  plan: PaidPlanSchema,
  period_start: IsoDateTimeSchema,
  period_end: IsoDateTimeSchema,
  lines: z.array(InvoiceLineSchema),
  total_cents: z.number().int(),
  /** The credit note that refunded it (money-back guarantee), if any. */
  refunded_by: z.string().nullable(),
});

export const CreditNoteSchema = z.object({
  number: z.string(),
  issued_at: IsoDateTimeSchema,
  invoice_number: z.string(),
  amount_cents: z.number().int(),
  reason: z.literal('money_back_guarantee'),
});

export const BillingDocumentsResponseSchema = z.object({
  invoices: z.array(BillingInvoiceSchema),
  credit_notes: z.array(CreditNoteSchema),
  next_billing: BillingSummarySchema.shape.next_billing,
});
