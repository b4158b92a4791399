import type Stripe from 'stripe';
import { fixtureOf, withUntypedFields } from './stripe-objects';

/**
 * Stripe Billing's objects as the Stripe-format server answers them: Product, Price, Subscription (its
 * items carry the current period, as Stripe's API has since 2025), Invoice with its line items,
 * InvoicePayment, SubscriptionSchedule and lists, each laid over Stripe's published fixture of that
 * resource (stripe-fixtures.json, from Stripe's `openapi/fixtures3.json`; see stripe-objects.ts) and
 * typed with the `stripe` package's types. Times are Unix seconds.
 */

export interface SimPrice {
  id: string;
  product: string;
  unitAmount: number;
  interval: 'month' | 'year';
  lookupKey: string | null;
  active: boolean;
  metadata: Record<string, string>;
  created: number;
}

export interface SimSubscription {
  id: string;
  customer: string;
  itemId: string;
  price: string;
  status: Stripe.Subscription.Status;
  anchor: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
  schedule: string | null;
  created: number;
}

export interface SimLine {
  id: string;
  amount: number;
  description: string;
  proration: boolean;
  price: string;
  periodStart: number;
  periodEnd: number;
}

export interface SimInvoice {
  id: string;
  customer: string;
  subscription: string;
  /** The subscription's item, which each line of a subscription's invoice names. */
  itemId: string;
  subscriptionMetadata: Record<string, string>;
  billingReason: Stripe.Invoice.BillingReason;
  status: Stripe.Invoice.Status;
  lines: SimLine[];
  attemptCount: number;
  nextPaymentAttempt: number | null;
  intent: string | null;
  paidAt: number | null;
  created: number;
}

export interface SimSchedule {
  id: string;
  subscription: string;
  customer: string;
  status: Stripe.SubscriptionSchedule.Status;
  phases: { price: string; start: number; end: number }[];
  created: number;
}

export function listObject<T>(url: string, data: T[]): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

export function productObject(id: string, name: string, metadata: Record<string, string>, at: number) {
  return {
    ...fixtureOf('product'),
    id,
    name,
    metadata,
    created: at,
    updated: at,
    default_price: null,
    description: null,
    package_dimensions: null,
    type: 'service',
  };
}

export function priceObject(price: SimPrice): Stripe.Price {
  const fixture = fixtureOf('price');
  if (!fixture.recurring) throw new Error("Stripe's price fixture is not recurring");
  // On the wire a decimal is a string; stripe-node reads it into its Decimal class.
  return withUntypedFields(
    {
      ...fixture,
      id: price.id,
      active: price.active,
      created: price.created,
      lookup_key: price.lookupKey,
      metadata: price.metadata,
      product: price.product,
      recurring: { ...fixture.recurring, interval: price.interval, interval_count: 1 },
      transform_quantity: null,
      custom_unit_amount: null,
      unit_amount: price.unitAmount,
    },
    { unit_amount_decimal: String(price.unitAmount) },
  );
}

export function subscriptionObject(subscription: SimSubscription, price: SimPrice): Stripe.Subscription {
  const fixture = fixtureOf('subscription');
  const item = {
    ...fixtureOf('subscription_item'),
    id: subscription.itemId,
    created: subscription.created,
    metadata: {},
    price: priceObject(price),
    quantity: 1,
    subscription: subscription.id,
    current_period_start: subscription.periodStart,
    current_period_end: subscription.periodEnd,
    billing_thresholds: null,
  };
  const ended = subscription.status === 'canceled';
  return {
    ...fixture,
    id: subscription.id,
    billing_cycle_anchor: subscription.anchor,
    billing_cycle_anchor_config: null,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    created: subscription.created,
    customer: subscription.customer,
    default_payment_method: subscription.defaultPaymentMethod,
    ended_at: ended ? subscription.canceledAt : null,
    items: listObject(`/v1/subscription_items?subscription=${subscription.id}`, [item]),
    latest_invoice: subscription.latestInvoice,
    metadata: subscription.metadata,
    next_pending_invoice_item_invoice: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    pending_update: null,
    schedule: subscription.schedule,
    start_date: subscription.created,
    status: subscription.status,
    transfer_data: null,
    trial_end: null,
    trial_start: null,
    billing_thresholds: null,
    billing_schedules: [],
  };
}

function lineObject(invoice: SimInvoice, line: SimLine): Stripe.InvoiceLineItem {
  return {
    ...fixtureOf('line_item'),
    id: line.id,
    amount: line.amount,
    description: line.description,
    invoice: invoice.id,
    metadata: {},
    period: { start: line.periodStart, end: line.periodEnd },
    subscription: invoice.subscription,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: invoice.itemId,
      },
    },
    pricing: {
      type: 'price_details',
      price_details: { price: line.price, product: '' },
      unit_amount_decimal: null,
    },
    subtotal: line.amount,
  };
}

export function invoiceObject(invoice: SimInvoice): Stripe.Invoice {
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const paid = invoice.status === 'paid';
  // `subscription` left the Invoice in Stripe's 2025-03-31 API (now under `parent`); the fixture keeps it.
  return withUntypedFields(
    {
      ...fixtureOf('invoice'),
      id: invoice.id,
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      amount_overpaid: 0,
      attempt_count: invoice.attemptCount,
      attempted: invoice.attemptCount > 0,
      auto_advance: invoice.status === 'open',
      billing_reason: invoice.billingReason,
      created: invoice.created,
      customer: invoice.customer,
      customer_shipping: null,
      due_date: null,
      effective_at: invoice.created,
      from_invoice: null,
      last_finalization_error: null,
      lines: listObject(
        `/v1/invoices/${invoice.id}/lines`,
        invoice.lines.map((line) => lineObject(invoice, line)),
      ),
      next_payment_attempt: invoice.nextPaymentAttempt,
      number: invoice.status === 'draft' ? null : `SIM-${invoice.id.slice(-6)}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: invoice.subscriptionMetadata, subscription: invoice.subscription },
      },
      period_start: invoice.lines[0]?.periodStart ?? invoice.created,
      period_end: invoice.lines[0]?.periodStart ?? invoice.created,
      shipping_cost: null,
      shipping_details: null,
      status: invoice.status,
      status_transitions: {
        finalized_at: invoice.status === 'draft' ? null : invoice.created,
        marked_uncollectible_at: null,
        paid_at: invoice.paidAt,
        voided_at: null,
      },
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      webhooks_delivered_at: invoice.created,
    },
    { subscription: invoice.subscription },
  );
}

export function invoicePaymentObject(id: string, invoice: SimInvoice): Stripe.InvoicePayment {
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const paid = invoice.status === 'paid';
  return {
    ...fixtureOf('invoice_payment'),
    id,
    amount_paid: paid ? total : null,
    amount_requested: total,
    created: invoice.created,
    currency: 'usd',
    invoice: invoice.id,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: invoice.intent ?? '' },
    status: paid ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: invoice.paidAt },
  };
}

export function scheduleObject(schedule: SimSchedule): Stripe.SubscriptionSchedule {
  const fixture = fixtureOf('subscription_schedule');
  const template = fixture.phases[0];
  const templateItem = template?.items[0];
  if (!template || !templateItem) throw new Error("Stripe's schedule fixture has no phase with an item");
  return {
    ...fixture,
    id: schedule.id,
    canceled_at: null,
    completed_at: null,
    created: schedule.created,
    current_phase: schedule.phases[0]
      ? { start_date: schedule.phases[0].start, end_date: schedule.phases[0].end }
      : null,
    customer: schedule.customer,
    end_behavior: 'release',
    metadata: {},
    phases: schedule.phases.map((phase) => ({
      ...template,
      // A recurring price is also the legacy plan of the same id, which Stripe still names.
      items: [{ ...templateItem, price: phase.price, quantity: 1, plan: phase.price }],
      start_date: phase.start,
      end_date: phase.end,
    })),
    released_at: schedule.status === 'released' ? schedule.created : null,
    released_subscription: schedule.status === 'released' ? schedule.subscription : null,
    status: schedule.status,
    subscription: schedule.subscription,
  };
}
