import type Stripe from 'stripe';
import {
  invoicePaymentObject,
  listObject,
  subscriptionObject,
  type SimLine,
  type SimPrice,
  type SimSubscription,
} from './stripe-billing-objects';
import {
  formList,
  formRecord,
  formStrings,
  held,
  ok,
  type BillingHost,
  type Reply,
} from './stripe-billing-host';
import { StripeInvoices } from './stripe-invoices-server';
import { StripeCatalogue } from './stripe-catalogue-server';
import { StripeSchedules } from './stripe-schedules-server';
import { addStripeMonths, priceChangeInvoiceLines } from './stripe-proration';

export type { BillingHost, Reply } from './stripe-billing-host';

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

export class StripeBillingDesk {
  readonly subscriptions = new Map<string, SimSubscription>();
  private readonly catalogue: StripeCatalogue;
  private readonly schedules: StripeSchedules;
  private readonly billed: StripeInvoices;

  constructor(readonly host: BillingHost) {
    this.catalogue = new StripeCatalogue(host);
    this.billed = new StripeInvoices(this);
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
      const invoice = this.billed.invoices.get(String(form.invoice ?? ''));
      const payments = invoice?.intent ? [invoicePaymentObject(`inpay_${invoice.id.slice(3)}`, invoice)] : [];
      return ok(listObject('/v1/invoice_payments', payments));
    }
    if (resource === 'invoices') return this.billed.route(method, id, action, form, at);
    return null;
  }

  private subscriptionBody(subscription: SimSubscription): Stripe.Subscription {
    return subscriptionObject(subscription, held(this.prices, subscription.price, 'price'));
  }

  emitSubscription(type: string, subscription: SimSubscription): void {
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
    const wanted = String(formList(form.items)[0]?.price ?? '');
    const price = this.prices.get(wanted);
    if (!price) return this.host.missing('price', wanted);
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
      metadata: formStrings(form.metadata),
      latestInvoice: null,
      schedule: null,
      created: at,
    };
    subscription.periodEnd = this.periodEnd(subscription, at);
    this.subscriptions.set(subscription.id, subscription);
    this.emitSubscription('customer.subscription.created', subscription);
    const invoice = this.billed.open(
      subscription,
      'subscription_create',
      [this.planLine(subscription, price)],
      at,
    );
    this.billed.pendingUpdates.set(invoice.id, () => (subscription.status = 'active'));
    this.billed.attempt(invoice, form.off_session === 'true', at);
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
  changeLines(subscription: SimSubscription, form: Record<string, unknown>, at: number): SimLine[] | Reply {
    const wanted = String(formList(form.items)[0]?.price ?? '');
    const price = this.prices.get(wanted);
    if (!price) return this.host.missing('price', wanted);
    const prorationDate = form.proration_date === undefined ? at : Number(form.proration_date);
    if (prorationDate < subscription.periodStart || prorationDate > subscription.periodEnd) {
      return this.host.error(400, {
        type: 'invalid_request_error',
        param: 'proration_date',
        message: 'proration_date must be within the current period',
      });
    }
    const anchorNow = formRecord(form.billing_cycle_anchor).type === 'now';
    const old = held(this.prices, subscription.price, 'price');
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
      const anchorNow = formRecord(form.billing_cycle_anchor).type === 'now';
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
        const invoice = this.billed.open(subscription, 'subscription_update', lines, at);
        if (form.payment_behavior === 'pending_if_incomplete')
          this.billed.pendingUpdates.set(invoice.id, apply);
        else apply();
        this.billed.attempt(invoice, false, at);
      }
      return ok(this.subscriptionBody(subscription));
    }
    this.emitSubscription('customer.subscription.updated', subscription);
    return ok(this.subscriptionBody(subscription));
  }

  /** A challenge answered in Stripe.js succeeded the intent of one of our invoices. */
  intentSucceeded(intentId: string, at: number): void {
    this.billed.intentSucceeded(intentId, at);
  }

  /** The test clock moved to `at`: period ends, renewals, scheduled phases and retries fall due. */
  advance(at: number): void {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.status === 'past_due') {
        const open = this.billed.invoices.get(subscription.latestInvoice ?? '');
        if (open?.status === 'open' && open.nextPaymentAttempt !== null && open.nextPaymentAttempt <= at)
          this.billed.attempt(open, true, at);
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
      const price = held(this.prices, subscription.price, 'price');
      const invoice = this.billed.open(
        subscription,
        'subscription_cycle',
        [this.planLine(subscription, price)],
        at,
      );
      this.billed.attempt(invoice, true, at);
    }
  }
}
