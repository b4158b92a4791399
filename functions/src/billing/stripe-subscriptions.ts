import Stripe from 'stripe';
import { planPriceCents, type PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type { CardChargeResult } from './charge-result';
import type {
  ProcessorInvoice,
  ProcessorSubscription,
  ProcessorSubscriptions,
  RenewalState,
  SubscriptionPayment,
} from './processor-subscriptions';
import { intentResultOf } from './stripe-intents';

/**
 * Plans as Stripe's own objects (stripe.com/docs/billing/subscriptions/overview), used by the Stripe
 * gateway (stripe-gateway.ts):
 *
 * - one Product per paid tier (`nugget_premium`, `nugget_pro`) and one Price per plan, found by its
 *   `lookup_key` (`nugget_premium_monthly`...) or created once with it (stripe.com/docs/products-prices/
 *   manage-prices "Lookup keys"): nothing to configure per deployment, and a changed catalogue price is
 *   a new Price taking the lookup key over (`transfer_lookup_key`);
 * - one Subscription per customer: created with the first payment (`payment_behavior=allow_incomplete`,
 *   its first invoice paid at once), upgraded with `proration_behavior=always_invoice`,
 *   `billing_cycle_anchor=now` and our `proration_date` (paid now, `pending_if_incomplete`: the price
 *   changes only once paid), downgraded through a Subscription Schedule's next phase, cancelled with
 *   `cancel_at_period_end`;
 * - Stripe renews and retries on its own; we read its invoices (webhooks and the renewal job).
 */

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export const lookupKeyOf = (plan: PaidPlan) => `nugget_${plan.tier.toLowerCase()}_${plan.cycle}`;
const PRODUCT_NAMES = { PREMIUM: 'Nugget Premium', PRO: 'Nugget Platinum' } as const;
const intervalOf = (plan: PaidPlan) => (plan.cycle === 'monthly' ? 'month' : 'year');

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** An invoice's lines split into the plan and the proration credit (stripe.com/docs/api/invoices/line_item). */
function figuresOf(invoice: Stripe.Invoice): ProcessorInvoice {
  const amounts = invoice.lines.data.map((line) => line.amount);
  return {
    id: invoice.id ?? '',
    totalCents: invoice.total,
    planCents: amounts.filter((amount) => amount >= 0).reduce((sum, amount) => sum + amount, 0),
    creditCents: -amounts.filter((amount) => amount < 0).reduce((sum, amount) => sum + amount, 0),
  };
}

function subscriptionOf(subscription: Stripe.Subscription): ProcessorSubscription {
  const schedule = subscription.schedule;
  return {
    id: subscription.id,
    itemId: subscription.items.data[0]?.id ?? '',
    scheduleId: typeof schedule === 'string' ? schedule : (schedule?.id ?? null),
  };
}

const idOf = (value: string | { id?: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? '');

export class StripeSubscriptions implements ProcessorSubscriptions {
  private readonly prices = new Map<string, string>();

  constructor(private readonly stripe: Stripe) {}

  /** The Price of `plan`: by lookup key at the catalogue amount, else created (with its Product). */
  async priceId(plan: PaidPlan): Promise<string> {
    const lookupKey = lookupKeyOf(plan);
    const cached = this.prices.get(lookupKey);
    if (cached) return cached;
    const amount = planPriceCents(plan);
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    let price = found.data.find(
      (candidate) => candidate.unit_amount === amount && candidate.recurring?.interval === intervalOf(plan),
    );
    if (!price) {
      const product = `nugget_${plan.tier.toLowerCase()}`;
      try {
        await this.stripe.products.retrieve(product);
      } catch (error: unknown) {
        if (!isMissing(error)) throw error;
        await this.stripe.products.create(
          { id: product, name: PRODUCT_NAMES[plan.tier], metadata: { tier: plan.tier } },
          { idempotencyKey: `product:${product}` },
        );
      }
      price = await this.stripe.prices.create(
        {
          product,
          currency: 'usd',
          unit_amount: amount,
          recurring: { interval: intervalOf(plan) },
          lookup_key: lookupKey,
          transfer_lookup_key: true,
          metadata: { tier: plan.tier, cycle: plan.cycle },
        },
        { idempotencyKey: `price:${lookupKey}:${amount}` },
      );
    }
    this.prices.set(lookupKey, price.id);
    return price.id;
  }

  /** How an invoice's payment stands: paid, waiting for 3-D Secure, or declined. */
  private async chargeOf(invoice: Stripe.Invoice): Promise<CardChargeResult> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoice.id ?? '', limit: 1 });
    const intentId = idOf(payments.data[0]?.payment.payment_intent);
    if (!intentId)
      return { status: 'declined', chargeId: `invoice:${invoice.id}`, declineCode: 'card_declined' };
    if (invoice.status === 'paid') return { status: 'succeeded', chargeId: intentId };
    return intentResultOf(await this.stripe.paymentIntents.retrieve(intentId));
  }

  private async payment(
    subscription: Stripe.Subscription,
    onDecline: (invoice: Stripe.Invoice) => Promise<void>,
  ): Promise<SubscriptionPayment> {
    const invoice = await this.stripe.invoices.retrieve(idOf(subscription.latest_invoice));
    const charge = await this.chargeOf(invoice);
    if (charge.status === 'declined') await onDecline(invoice);
    return { charge, invoice: figuresOf(invoice), subscription: subscriptionOf(subscription) };
  }

  async start(request: Parameters<ProcessorSubscriptions['start']>[0]): Promise<SubscriptionPayment> {
    const created = await this.stripe.subscriptions.create(
      {
        customer: request.processorCustomerId,
        items: [{ price: await this.priceId(request.plan) }],
        default_payment_method: request.paymentMethodId,
        payment_behavior: 'allow_incomplete',
        off_session: false,
        metadata: { user_id: request.userId },
      },
      { idempotencyKey: `subscription:${request.idempotencyKey}` },
    );
    const paid = await this.payment(created, () => this.cancelNow(subscriptionOf(created)));
    return paid.charge.status === 'declined' ? { ...paid, subscription: null } : paid;
  }

  /** Clears what a scheduled change set at Stripe, so the subscription can change again. */
  private async clearScheduled(subscription: ProcessorSubscription): Promise<void> {
    const current = await this.stripe.subscriptions.retrieve(subscription.id);
    const scheduleId = subscriptionOf(current).scheduleId;
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
    if (current.cancel_at_period_end) {
      await this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    }
  }

  private async upgradeParams(request: { subscription: ProcessorSubscription; plan: PaidPlan }) {
    return {
      items: [{ id: request.subscription.itemId, price: await this.priceId(request.plan) }],
      proration_behavior: 'always_invoice' as const,
      billing_cycle_anchor: { type: 'now' as const },
    };
  }

  async upgrade(request: Parameters<ProcessorSubscriptions['upgrade']>[0]): Promise<SubscriptionPayment> {
    await this.clearScheduled(request.subscription);
    const updated = await this.stripe.subscriptions.update(
      request.subscription.id,
      {
        ...(await this.upgradeParams(request)),
        proration_date: request.prorationDate,
        payment_behavior: 'pending_if_incomplete',
      },
      { idempotencyKey: `upgrade:${request.idempotencyKey}` },
    );
    // Declined: the price stays (the update is pending) and the unpaid invoice is voided.
    return this.payment(updated, async (invoice) => {
      await this.stripe.invoices.voidInvoice(invoice.id ?? '');
    });
  }

  async previewUpgrade(request: Parameters<ProcessorSubscriptions['previewUpgrade']>[0]) {
    const preview = await this.stripe.invoices.createPreview({
      subscription: request.subscription.id,
      subscription_details: {
        ...(await this.upgradeParams(request)),
        proration_date: request.prorationDate,
      },
    });
    return figuresOf(preview);
  }

  async scheduleAtPeriodEnd(
    request: Parameters<ProcessorSubscriptions['scheduleAtPeriodEnd']>[0],
  ): Promise<ProcessorSubscription> {
    await this.clearScheduled(request.subscription);
    if (request.change.kind === 'cancel') {
      await this.stripe.subscriptions.update(request.subscription.id, { cancel_at_period_end: true });
      return { ...request.subscription, scheduleId: null };
    }
    // Stripe's way to change the price at the period end (stripe.com/docs/billing/subscriptions/
    // subscription-schedules "Downgrade"): the current phase to its end, then the lower price.
    const schedule = await this.stripe.subscriptionSchedules.create({
      from_subscription: request.subscription.id,
    });
    const current = schedule.phases[0];
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: (current?.items ?? []).map((item) => ({ price: idOf(item.price), quantity: 1 })),
          start_date: current?.start_date,
          end_date: current?.end_date,
        },
        {
          items: [{ price: await this.priceId(request.change.plan), quantity: 1 }],
          duration: { interval: intervalOf(request.change.plan), interval_count: 1 },
        },
      ],
    });
    return { ...request.subscription, scheduleId: schedule.id };
  }

  async withdrawScheduled(subscription: ProcessorSubscription): Promise<ProcessorSubscription> {
    await this.clearScheduled(subscription);
    return { ...subscription, scheduleId: null };
  }

  async cancelNow(subscription: ProcessorSubscription): Promise<void> {
    try {
      // Stripe may have ended it already (its own dunning settings, or the period end).
      const current = await this.stripe.subscriptions.retrieve(subscription.id);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await this.stripe.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false });
    } catch (error: unknown) {
      if (!isMissing(error)) throw error;
    }
  }

  /** The renewal invoice of the period from `periodStart` (its line's period starts there, to the hour). */
  private async renewalInvoice(subscription: ProcessorSubscription, periodStart: string) {
    const invoices = await this.stripe.invoices.list({ subscription: subscription.id, limit: 10 });
    const start = seconds(periodStart);
    return invoices.data.find(
      (invoice) =>
        invoice.billing_reason === 'subscription_cycle' &&
        invoice.lines.data.some((line) => Math.abs(line.period.start - start) < 3_600),
    );
  }

  async renewal(subscription: ProcessorSubscription, periodStart: string): Promise<RenewalState> {
    const invoice = await this.renewalInvoice(subscription, periodStart);
    if (!invoice || invoice.status === 'draft' || (invoice.status === 'open' && !invoice.attempted)) {
      return { status: 'not_billed' };
    }
    return { status: 'billed', charge: await this.chargeOf(invoice), invoice: figuresOf(invoice) };
  }

  async payOpenInvoice(
    request: Parameters<ProcessorSubscriptions['payOpenInvoice']>[0],
  ): Promise<SubscriptionPayment> {
    const invoice = await this.renewalInvoice(request.subscription, request.periodStart);
    if (!invoice) throw new Error(`Stripe: no renewal invoice from ${request.periodStart}`);
    let settled = invoice;
    let declined: CardChargeResult | null = null;
    if (invoice.status === 'open') {
      try {
        settled = await this.stripe.invoices.pay(
          invoice.id ?? '',
          { payment_method: request.paymentMethodId, off_session: false },
          { idempotencyKey: `invoice-pay:${request.idempotencyKey}` },
        );
      } catch (error: unknown) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const chargeId = error.payment_intent?.id ?? `declined:${request.idempotencyKey}`;
        declined = { status: 'declined', chargeId, declineCode: 'card_declined' };
      }
    }
    return {
      charge: declined ?? (await this.chargeOf(settled)),
      invoice: figuresOf(settled),
      subscription: request.subscription,
    };
  }

  async useCard(subscription: ProcessorSubscription, paymentMethodId: string): Promise<void> {
    await this.stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethodId });
  }
}
