import type Stripe from 'stripe';
import {
  invoiceObject,
  listObject,
  type SimInvoice,
  type SimLine,
  type SimSubscription,
} from './stripe-billing-objects';
import { formRecord, held, ok, type BillingHost, type Reply } from './stripe-billing-host';
import { invoiceTotal } from './stripe-proration';

/*
 * Stripe's invoices on the Stripe-format server (stripe-billing-server.ts routes `/v1/invoices` here):
 * retrieve, list by subscription, pay, void and create_preview (stripe.com/docs/api/invoices). An
 * invoice is paid by a PaymentIntent on the subscription's card; a failed renewal is retried every 3
 * days (Smart Retries' place) up to 4 attempts and leaves its subscription `past_due`.
 */

const RETRY_DAYS = 3;
const MAX_ATTEMPTS = 4;

/** An invoice of `subscription` not yet attempted: an open one, or a draft for a preview. */
function newInvoice(
  id: string,
  subscription: SimSubscription,
  billingReason: Stripe.Invoice.BillingReason,
  status: SimInvoice['status'],
  lines: SimLine[],
  at: number,
): SimInvoice {
  return {
    id,
    customer: subscription.customer,
    subscription: subscription.id,
    itemId: subscription.itemId,
    subscriptionMetadata: subscription.metadata,
    billingReason,
    status,
    lines,
    attemptCount: 0,
    nextPaymentAttempt: null,
    intent: null,
    paidAt: null,
    created: at,
  };
}

/** What the invoices use of the subscriptions' desk. */
export interface SubscriptionsDesk {
  host: BillingHost;
  subscriptions: ReadonlyMap<string, SimSubscription>;
  emitSubscription(type: string, subscription: SimSubscription): void;
  /** The lines of a price change in `form` (`items`, `proration_date`), or the error it answers. */
  changeLines(subscription: SimSubscription, form: Record<string, unknown>, at: number): SimLine[] | Reply;
}

export class StripeInvoices {
  readonly invoices = new Map<string, SimInvoice>();
  /** Updates waiting for their invoice to be paid (`pending_if_incomplete`), by invoice id. */
  readonly pendingUpdates = new Map<string, () => void>();

  constructor(private readonly desk: SubscriptionsDesk) {}

  open(subscription: SimSubscription, reason: Stripe.Invoice.BillingReason, lines: SimLine[], at: number) {
    const invoice = newInvoice(this.desk.host.nextId('in'), subscription, reason, 'open', lines, at);
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    this.desk.host.emit('invoice.finalized', invoiceObject(invoice));
    return invoice;
  }

  /** One payment attempt of an open invoice on the subscription's card; a decline answers its 402. */
  attempt(invoice: SimInvoice, offSession: boolean, at: number, paymentMethod?: string): Reply | null {
    const subscription = held(this.desk.subscriptions, invoice.subscription, 'subscription');
    const charged = this.desk.host.charge({
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
      this.desk.host.emit('invoice.payment_action_required', invoiceObject(invoice));
    else {
      invoice.nextPaymentAttempt =
        invoice.billingReason === 'subscription_cycle' && invoice.attemptCount < MAX_ATTEMPTS
          ? at + RETRY_DAYS * 86_400
          : null;
      this.desk.host.emit('invoice.payment_failed', invoiceObject(invoice));
      if (invoice.billingReason === 'subscription_cycle' && subscription.status === 'active') {
        subscription.status = 'past_due';
        this.desk.emitSubscription('customer.subscription.updated', subscription);
      }
    }
    return charged.error;
  }

  private paid(invoice: SimInvoice, at: number): void {
    invoice.status = 'paid';
    invoice.paidAt = at;
    invoice.nextPaymentAttempt = null;
    this.desk.host.emit('invoice.paid', invoiceObject(invoice));
    this.pendingUpdates.get(invoice.id)?.();
    this.pendingUpdates.delete(invoice.id);
    const subscription = held(this.desk.subscriptions, invoice.subscription, 'subscription');
    if (subscription.status === 'past_due' || subscription.status === 'incomplete') {
      subscription.status = 'active';
      this.desk.emitSubscription('customer.subscription.updated', subscription);
    }
  }

  /** A challenge answered in Stripe.js succeeded the intent of one of our invoices. */
  intentSucceeded(intentId: string, at: number): void {
    const invoice = [...this.invoices.values()].find((candidate) => candidate.intent === intentId);
    if (invoice?.status === 'open') this.paid(invoice, at);
  }

  route(
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
    if (!invoice) return this.desk.host.missing('invoice', id ?? '');
    if (method === 'GET') return ok(invoiceObject(invoice));
    if (invoice.status !== 'open') {
      return this.desk.host.error(400, {
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
    const subscription = this.desk.subscriptions.get(String(form.subscription ?? ''));
    if (!subscription) return this.desk.host.missing('subscription', String(form.subscription ?? ''));
    const lines = this.desk.changeLines(subscription, formRecord(form.subscription_details), at);
    if (!Array.isArray(lines)) return lines;
    const preview = newInvoice(
      `upcoming_${subscription.id}`,
      subscription,
      'subscription_update',
      'draft',
      lines,
      at,
    );
    return ok(invoiceObject(preview));
  }
}
