import type Stripe from 'stripe';
import {
  invoiceObject,
  invoicePaymentObject,
  listObject,
  subscriptionObject,
  type SimInvoice,
  type SimLine,
  type SimPrice,
  type SimSubscription,
} from './stripe-billing-objects';
import { StripeCatalogue } from './stripe-catalogue-server';
import { StripeSchedules } from './stripe-schedules-server';
import { addStripeMonths, invoiceTotal, priceChangeInvoiceLines } from './stripe-proration';

/*
 * Stripe Billing on the Stripe-format server (stripe-simulator.ts routes these paths here), the calls
 * functions/src/billing/stripe-subscriptions.ts makes, each in Stripe's API reference
 * (stripe.com/docs/api): products (create, retrieve), prices (create, list by lookup_keys),
 * subscriptions (create, retrieve, update, cancel), invoices (retrieve, list, pay, void, create_preview),
 * invoice_payments (list), subscription_schedules (create from_subscription, retrieve, update, release).
 *
 * Stripe's behaviour reproduced: a subscription's first invoice is paid at once (`allow_incomplete`:
 * a decline or a 3-D Secure challenge leaves it `incomplete` with its invoice open); an update with
 * `proration_behavior=always_invoice` invoices the proration at once by Stripe's documented formula
 * (stripe-proration.ts), and with `pending_if_incomplete` the new price only applies once paid; a
 * schedule's next phase and `cancel_at_period_end` act at the period end; `advance` plays a test clock
 * (stripe.com/docs/billing/testing/test-clocks): renewals charged off session, a failed one leaves the
 * subscription `past_due` with its invoice retried every 3 days (Smart Retries' place) up to 4 attempts.
 */

export type Reply = { status: number; body: object };

export interface BillingHost {
  nextId(prefix: string): string;
  hasCustomer(id: string): boolean;
  /** A PaymentIntent confirmed at once on a stored card; `error` is the 402 a decline answers. */
  charge(request: {
    customer: string;
    paymentMethod: string;
    amount: number;
    offSession: boolean;
    description: string;
  }): { intentId: string; status: Stripe.PaymentIntent.Status; error: Reply | null };
  emit(type: string, object: object): void;
  missing(kind: string, id: string): Reply;
  error(status: number, error: Record<string, unknown>): Reply;
}

const RETRY_DAYS = 3;
const MAX_ATTEMPTS = 4;
const ok = (body: object): Reply => ({ status: 200, body });
const valuesOf = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>);

export class StripeBillingDesk {
  readonly subscriptions = new Map<string, SimSubscription>();
  readonly invoices = new Map<string, SimInvoice>();
  private readonly catalogue: StripeCatalogue;
  private readonly schedules: StripeSchedules;
  /** Updates waiting for their invoice to be paid (`pending_if_incomplete`), by invoice id. */
  private readonly pendingUpdates = new Map<string, () => void>();

  constructor(private readonly host: BillingHost) {
    this.catalogue = new StripeCatalogue(host);
    this.schedules = new StripeSchedules(host, this.subscriptions, (subscription, start) =>
      this.periodEnd(subscription, start),
    );
  }

  private get prices(): Map<string, SimPrice> {
    return this.catalogue.prices;
  }

  route(method: string, path: string, form: Record<string, unknown>, at: number): Reply | null {
    const [, resource, id, action] = path.split('/').slice(1);
    if (resource === 'products') return this.catalogue.productRoute(method, id, form, at);
    if (resource === 'prices') return this.catalogue.priceRoute(method, form, at);
    if (resource === 'subscriptions') return this.subscriptionRoute(method, id, form, at);
    if (resource === 'subscription_schedules') return this.schedules.route(method, id, action, form, at);
    if (resource === 'invoice_payments' && method === 'GET') {
      const invoice = this.invoices.get(String(form.invoice ?? ''));
      const payments = invoice?.intent ? [invoicePaymentObject(`inpay_${invoice.id.slice(3)}`, invoice)] : [];
      return ok(listObject('/v1/invoice_payments', payments));
    }
    if (resource === 'invoices') return this.invoiceRoute(method, id, action, form, at);
    return null;
  }

  private subscriptionBody(subscription: SimSubscription): Stripe.Subscription {
    return subscriptionObject(subscription, this.prices.get(subscription.price) as SimPrice);
  }

  private emitSubscription(type: string, subscription: SimSubscription): void {
    this.host.emit(type, this.subscriptionBody(subscription));
  }

  private periodEnd(subscription: Pick<SimSubscription, 'anchor' | 'price'>, start: number): number {
    const months = this.prices.get(subscription.price)?.interval === 'year' ? 12 : 1;
    let cycles = 1;
    while (addStripeMonths(subscription.anchor, cycles * months) <= start) cycles += 1;
    return addStripeMonths(subscription.anchor, cycles * months);
  }

  private subscriptionRoute(
    method: string,
    id: string | undefined,
    form: Record<string, unknown>,
    at: number,
  ): Reply {
    if (!id && method === 'POST') return this.createSubscription(form, at);
    const subscription = id ? this.subscriptions.get(id) : undefined;
    if (!subscription) return this.host.missing('subscription', id ?? '');
    if (method === 'GET') return ok(this.subscriptionBody(subscription));
    if (method === 'DELETE') {
      subscription.status = 'canceled';
      subscription.canceledAt = at;
      this.emitSubscription('customer.subscription.deleted', subscription);
      return ok(this.subscriptionBody(subscription));
    }
    return this.updateSubscription(subscription, form, at);
  }

  private createSubscription(form: Record<string, unknown>, at: number): Reply {
    const customer = String(form.customer ?? '');
    if (!this.host.hasCustomer(customer)) return this.host.missing('customer', customer);
    const item = valuesOf(form.items)[0] as Record<string, string> | undefined;
    const price = this.prices.get(item?.price ?? '');
    if (!price) return this.host.missing('price', item?.price ?? '');
    const subscription: SimSubscription = {
      id: this.host.nextId('sub'),
      customer,
      itemId: this.host.nextId('si'),
      price: price.id,
      status: 'incomplete',
      anchor: at,
      periodStart: at,
      periodEnd: 0,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      defaultPaymentMethod:
        typeof form.default_payment_method === 'string' ? form.default_payment_method : null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      latestInvoice: null,
      schedule: null,
      created: at,
    };
    subscription.periodEnd = this.periodEnd(subscription, at);
    this.subscriptions.set(subscription.id, subscription);
    this.emitSubscription('customer.subscription.created', subscription);
    const invoice = this.openInvoice(
      subscription,
      'subscription_create',
      [this.planLine(subscription, price)],
      at,
    );
    this.pendingUpdates.set(invoice.id, () => (subscription.status = 'active'));
    this.attempt(invoice, form.off_session === 'true', at);
    return ok(this.subscriptionBody(subscription));
  }

  private planLine(subscription: SimSubscription, price: SimPrice): SimLine {
    return {
      id: this.host.nextId('il'),
      amount: price.unitAmount,
      description: `1 × ${this.catalogue.products.get(price.product)?.name ?? price.product}`,
      proration: false,
      price: price.id,
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
    };
  }

  /** The lines of changing the price at `prorationDate` (Stripe's proration: stripe-proration.ts). */
  private changeLines(
    subscription: SimSubscription,
    form: Record<string, unknown>,
    at: number,
  ): SimLine[] | Reply {
    const item = valuesOf(form.items)[0] as Record<string, string> | undefined;
    const price = this.prices.get(item?.price ?? '');
    if (!price) return this.host.missing('price', item?.price ?? '');
    const prorationDate = form.proration_date === undefined ? at : Number(form.proration_date);
    if (prorationDate < subscription.periodStart || prorationDate > subscription.periodEnd) {
      return this.host.error(400, {
        type: 'invalid_request_error',
        param: 'proration_date',
        message: 'proration_date must be within the current period',
      });
    }
    const anchorNow = (form.billing_cycle_anchor as Record<string, string> | undefined)?.type === 'now';
    const old = this.prices.get(subscription.price) as SimPrice;
    const lines = priceChangeInvoiceLines({
      oldUnitAmount: old.unitAmount,
      newUnitAmount: price.unitAmount,
      period: { start: subscription.periodStart, end: subscription.periodEnd },
      prorationDate,
      billingCycleAnchor: anchorNow ? 'now' : 'unchanged',
    });
    const newEnd = anchorNow ? this.periodEnd({ anchor: at, price: price.id }, at) : subscription.periodEnd;
    return lines.map((line) => ({
      id: this.host.nextId('il'),
      amount: line.amount,
      description: line.description,
      proration: line.proration,
      price: line.amount < 0 ? old.id : price.id,
      periodStart: line.amount < 0 ? prorationDate : anchorNow ? at : prorationDate,
      periodEnd: line.amount < 0 ? subscription.periodEnd : newEnd,
    }));
  }

  private updateSubscription(
    subscription: SimSubscription,
    form: Record<string, unknown>,
    at: number,
  ): Reply {
    if (subscription.schedule && (form.items || form.cancel_at_period_end !== undefined)) {
      return this.host.error(400, {
        type: 'invalid_request_error',
        message: `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating it directly is not allowed.`,
      });
    }
    if (typeof form.default_payment_method === 'string')
      subscription.defaultPaymentMethod = form.default_payment_method;
    if (form.cancel_at_period_end !== undefined)
      subscription.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
    if (form.items) {
      const lines = this.changeLines(subscription, form, at);
      if (!Array.isArray(lines)) return lines;
      const price = lines.find((line) => line.amount >= 0)?.price ?? subscription.price;
      const anchorNow = (form.billing_cycle_anchor as Record<string, string> | undefined)?.type === 'now';
      const apply = () => {
        subscription.price = price;
        subscription.cancelAtPeriodEnd = false;
        if (anchorNow) {
          subscription.anchor = at;
          subscription.periodStart = at;
          subscription.periodEnd = this.periodEnd(subscription, at);
        }
        this.emitSubscription('customer.subscription.updated', subscription);
      };
      if (form.proration_behavior !== 'always_invoice') apply();
      else {
        const invoice = this.openInvoice(subscription, 'subscription_update', lines, at);
        if (form.payment_behavior === 'pending_if_incomplete') this.pendingUpdates.set(invoice.id, apply);
        else apply();
        this.attempt(invoice, false, at);
      }
      return ok(this.subscriptionBody(subscription));
    }
    this.emitSubscription('customer.subscription.updated', subscription);
    return ok(this.subscriptionBody(subscription));
  }

  private openInvoice(
    subscription: SimSubscription,
    reason: Stripe.Invoice.BillingReason,
    lines: SimLine[],
    at: number,
  ) {
    const invoice: SimInvoice = {
      id: this.host.nextId('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      itemId: subscription.itemId,
      subscriptionMetadata: subscription.metadata,
      billingReason: reason,
      status: 'open',
      lines,
      attemptCount: 0,
      nextPaymentAttempt: null,
      intent: null,
      paidAt: null,
      created: at,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    this.host.emit('invoice.finalized', invoiceObject(invoice));
    return invoice;
  }

  /** One payment attempt of an open invoice on the subscription's card; a decline answers its 402. */
  private attempt(
    invoice: SimInvoice,
    offSession: boolean,
    at: number,
    paymentMethod?: string,
  ): Reply | null {
    const subscription = this.subscriptions.get(invoice.subscription) as SimSubscription;
    const charged = this.host.charge({
      customer: invoice.customer,
      paymentMethod: paymentMethod ?? subscription.defaultPaymentMethod ?? '',
      amount: invoiceTotal(invoice.lines),
      offSession,
      description:
        invoice.billingReason === 'subscription_cycle' ? 'Subscription cycle' : 'Subscription update',
    });
    invoice.intent = charged.intentId;
    invoice.attemptCount += 1;
    if (charged.status === 'succeeded') this.paid(invoice, at);
    else if (charged.status === 'requires_action')
      this.host.emit('invoice.payment_action_required', invoiceObject(invoice));
    else {
      invoice.nextPaymentAttempt =
        invoice.billingReason === 'subscription_cycle' && invoice.attemptCount < MAX_ATTEMPTS
          ? at + RETRY_DAYS * 86_400
          : null;
      this.host.emit('invoice.payment_failed', invoiceObject(invoice));
      if (invoice.billingReason === 'subscription_cycle' && subscription.status === 'active') {
        subscription.status = 'past_due';
        this.emitSubscription('customer.subscription.updated', subscription);
      }
    }
    return charged.error;
  }

  private paid(invoice: SimInvoice, at: number): void {
    invoice.status = 'paid';
    invoice.paidAt = at;
    invoice.nextPaymentAttempt = null;
    this.host.emit('invoice.paid', invoiceObject(invoice));
    this.pendingUpdates.get(invoice.id)?.();
    this.pendingUpdates.delete(invoice.id);
    const subscription = this.subscriptions.get(invoice.subscription) as SimSubscription;
    if (subscription.status === 'past_due' || subscription.status === 'incomplete') {
      subscription.status = 'active';
      this.emitSubscription('customer.subscription.updated', subscription);
    }
  }

  /** A challenge answered in Stripe.js succeeded the intent of one of our invoices. */
  intentSucceeded(intentId: string, at: number): void {
    const invoice = [...this.invoices.values()].find((candidate) => candidate.intent === intentId);
    if (invoice?.status === 'open') this.paid(invoice, at);
  }

  private invoiceRoute(
    method: string,
    id: string | undefined,
    action: string | undefined,
    form: Record<string, unknown>,
    at: number,
  ): Reply {
    if (id === 'create_preview') return this.preview(form, at);
    if (!id && method === 'GET') {
      const found = [...this.invoices.values()]
        .filter((invoice) => invoice.subscription === form.subscription)
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
      return ok(listObject('/v1/invoices', found.slice(0, Number(form.limit ?? 10)).map(invoiceObject)));
    }
    const invoice = id ? this.invoices.get(id) : undefined;
    if (!invoice) return this.host.missing('invoice', id ?? '');
    if (method === 'GET') return ok(invoiceObject(invoice));
    if (invoice.status !== 'open') {
      return this.host.error(400, {
        type: 'invalid_request_error',
        code: 'invoice_not_open',
        message: `Invoice is ${invoice.status}.`,
      });
    }
    if (action === 'void') {
      invoice.status = 'void';
      this.pendingUpdates.delete(invoice.id);
      return ok(invoiceObject(invoice));
    }
    const method3 = typeof form.payment_method === 'string' ? form.payment_method : undefined;
    const declined = this.attempt(invoice, form.off_session === 'true', at, method3);
    return declined ?? ok(invoiceObject(invoice));
  }

  private preview(form: Record<string, unknown>, at: number): Reply {
    const subscription = this.subscriptions.get(String(form.subscription ?? ''));
    if (!subscription) return this.host.missing('subscription', String(form.subscription ?? ''));
    const lines = this.changeLines(
      subscription,
      (form.subscription_details ?? {}) as Record<string, unknown>,
      at,
    );
    if (!Array.isArray(lines)) return lines;
    const preview: SimInvoice = {
      id: `upcoming_${subscription.id}`,
      customer: subscription.customer,
      subscription: subscription.id,
      itemId: subscription.itemId,
      subscriptionMetadata: subscription.metadata,
      billingReason: 'subscription_update',
      status: 'draft',
      lines,
      attemptCount: 0,
      nextPaymentAttempt: null,
      intent: null,
      paidAt: null,
      created: at,
    };
    return ok(invoiceObject(preview));
  }

  /** The test clock moved to `at`: period ends, renewals, scheduled phases and retries fall due. */
  advance(at: number): void {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.status === 'past_due') {
        const open = this.invoices.get(subscription.latestInvoice ?? '');
        if (open?.status === 'open' && open.nextPaymentAttempt !== null && open.nextPaymentAttempt <= at)
          this.attempt(open, true, at);
        continue;
      }
      if (subscription.status !== 'active' || at < subscription.periodEnd) continue;
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.canceledAt = subscription.periodEnd;
        this.emitSubscription('customer.subscription.deleted', subscription);
        continue;
      }
      const next = this.schedules.nextPhase(subscription);
      if (next) {
        subscription.price = next.price;
        subscription.anchor = next.start;
      }
      subscription.periodStart = subscription.periodEnd;
      subscription.periodEnd = this.periodEnd(subscription, subscription.periodStart);
      this.emitSubscription('customer.subscription.updated', subscription);
      const price = this.prices.get(subscription.price) as SimPrice;
      const invoice = this.openInvoice(
        subscription,
        'subscription_cycle',
        [this.planLine(subscription, price)],
        at,
      );
      this.attempt(invoice, true, at);
    }
  }
}
