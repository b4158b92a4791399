import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { StripeSubscriptions } from '@app/functions/billing/stripe-subscriptions';
import { shapeProblems } from '../stripe-simulator/stripe-objects';
import { stripeBillingHarness } from '../src/stripe-billing';

/**
 * The billing lifecycle with PAYMENT_GATEWAY=stripe on Stripe's own objects (Products, Prices, one
 * Subscription per customer, its Invoices): the Stripe gateway against the Stripe-format server
 * (tests/stripe-simulator), the billing store on the local stack's DynamoDB, Stripe's signed webhooks.
 * Prices (docs/product.md "Roles, plans and demo mode"): Premium $79/month, Platinum (PRO) $199/month.
 * The end of the lifecycle (3-D Secure, downgrade, cancellation, refund): stripe-billing-end.test.ts.
 */

type Harness = Awaited<ReturnType<typeof stripeBillingHarness>>;

const seconds = (iso: string) => Date.parse(iso) / 1000;
const posts = (billing: Harness, path: string) =>
  billing.simulator.requests.filter((request) => request.method === 'POST' && request.path === path);

async function stripeSubscription(billing: Harness): Promise<Stripe.Subscription> {
  const id = (await billing.account()).processorSubscription?.id ?? '';
  return billing.stripe.subscriptions.retrieve(id);
}

async function latestInvoice(billing: Harness): Promise<Stripe.Invoice> {
  const subscription = await stripeSubscription(billing);
  return billing.stripe.invoices.retrieve(String(subscription.latest_invoice));
}

async function intentOf(billing: Harness, invoice: Stripe.Invoice): Promise<string> {
  const payments = await billing.stripe.invoicePayments.list({ invoice: invoice.id ?? '' });
  return String(payments.data[0]?.payment.payment_intent);
}

describe('Stripe: a Subscription on Prices found by lookup key, upgraded with proration', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
  });
  afterAll(() => billing.stop());

  it("subscribes through a Subscription whose first invoice Stripe charged; our INV-0001 is that invoice's payment", async () => {
    await billing.saveCard('pm_card_visa');

    const paid = await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });

    expect(paid.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    const subscription = await stripeSubscription(billing);
    expect(subscription).toMatchObject({
      status: 'active',
      metadata: { user_id: billing.userId },
      cancel_at_period_end: false,
    });
    expect(subscription.items.data[0]).toMatchObject({
      price: { lookup_key: 'nugget_premium_monthly', unit_amount: 7_900, recurring: { interval: 'month' } },
      current_period_start: seconds('2026-03-01T10:00:00Z'),
      current_period_end: seconds('2026-04-01T10:00:00Z'),
    });
    const invoice = await latestInvoice(billing);
    expect(invoice).toMatchObject({ status: 'paid', total: 7_900, billing_reason: 'subscription_create' });
    const [ours] = (await billing.invoices()) as { totalCents: number; chargeId: string }[];
    expect(ours).toMatchObject({ totalCents: 7_900, chargeId: await intentOf(billing, invoice) });
    // No charge of our own: Stripe charged its invoice.
    expect(posts(billing, '/v1/payment_intents')).toHaveLength(0);
    expect(await billing.profileTier()).toBe('PREMIUM');
  });

  it('finds the Price by its lookup key instead of making another (a new Lambda, the same Stripe account)', async () => {
    const pricesMade = posts(billing, '/v1/prices').length;
    const productsMade = posts(billing, '/v1/products').length;

    const again = await new StripeSubscriptions(billing.stripe).priceId({
      tier: 'PREMIUM',
      cycle: 'monthly',
    });

    expect(again).toBe((await stripeSubscription(billing)).items.data[0]?.price.id);
    expect([posts(billing, '/v1/prices').length, posts(billing, '/v1/products').length]).toEqual([
      pricesMade,
      productsMade,
    ]);
    expect(pricesMade).toBe(1);
  });

  it("upgrades at 15:00 on day 11 of 31: our quote, Stripe's invoice preview and Stripe's invoice agree to the cent", async () => {
    billing.at('2026-03-11T15:00:00Z');
    // Our rule counts the change day as remaining: 21 of 31 days, round(7,900 x 21 / 31 = 5,351.6) = 5,352.
    const expected = { price_cents: 19_900, credit_cents: 5_352, amount_due_cents: 19_900 - 5_352 };
    expect(await billing.ownQuote({ tier: 'PRO', cycle: 'monthly' })).toMatchObject(expected);
    expect(await billing.quote({ tier: 'PRO', cycle: 'monthly' })).toMatchObject(expected);
    expect(posts(billing, '/v1/invoices/create_preview')).toHaveLength(1);

    const paid = await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });

    expect(paid.result).toMatchObject({ outcome: 'paid', amountChargedCents: 14_548 });
    const invoice = await latestInvoice(billing);
    expect(invoice).toMatchObject({ status: 'paid', total: 14_548, billing_reason: 'subscription_update' });
    expect(invoice.lines.data.map((line) => line.amount).sort((a, b) => a - b)).toEqual([-5_352, 19_900]);
    const subscription = await stripeSubscription(billing);
    expect(subscription.items.data[0]).toMatchObject({
      price: { lookup_key: 'nugget_pro_monthly', unit_amount: 19_900 },
      current_period_start: seconds('2026-03-11T15:00:00Z'),
      current_period_end: seconds('2026-04-11T15:00:00Z'),
    });
    const ours = (await billing.invoices()).find((stored) => stored.number === 'INV-0002') as {
      totalCents: number;
      lines: { amountCents: number }[];
    };
    expect(ours.lines.map((line) => line.amountCents)).toEqual([19_900, -5_352]);
    expect(billing.simulator.netCollectedCents()).toBe(7_900 + 14_548);
    expect(await billing.profileTier()).toBe('PRO');
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
    expect(billing.simulator.schemaChecks.validated).toBeGreaterThan(0);
  });
});

describe('Stripe: an account from before Stripe kept subscriptions renews by a one-off payment', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    // Its plan was bought by a charge of ours: Stripe holds no subscription for it.
    await billing.stripe.subscriptions.cancel(String((await billing.account()).processorSubscription?.id));
    await billing.forgetProcessorSubscription();
  });
  afterAll(() => billing.stop());

  it('the renewal job charges Premium for April through one PaymentIntent of ours; no Subscription is made', async () => {
    const subscriptionsBefore = posts(billing, '/v1/subscriptions').length;
    billing.at('2026-04-01T10:00:00Z');
    const renewal = await billing.renewalJob();

    expect(renewal.result).toMatchObject({
      outcome: 'paid',
      plan: { tier: 'PREMIUM', cycle: 'monthly' },
      amountChargedCents: 7_900,
      periodEnd: '2026-05-01T10:00:00.000Z',
    });
    const [oneOff, ...others] = posts(billing, '/v1/payment_intents');
    expect(others).toEqual([]);
    expect(oneOff?.body).toMatchObject({
      object: 'payment_intent',
      amount: 7_900,
      currency: 'usd',
      status: 'succeeded',
      description: 'PREMIUM monthly 2026-04-01 to 2026-05-01',
      customer: (await billing.account()).paymentMethod?.processorCustomerId,
    });
    expect(posts(billing, '/v1/subscriptions').length).toBe(subscriptionsBefore);
    expect(await billing.account()).toMatchObject({ status: 'active', processorSubscription: null });
    expect(billing.simulator.netCollectedCents()).toBe(7_900 * 2);
    expect(await billing.profileTier()).toBe('PREMIUM');
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
  });
});

describe("Stripe's worked proration example (docs.stripe.com/billing/subscriptions/prorations)", () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2025-04-01T00:00:00Z');
  });
  afterAll(() => billing.stop());

  it('the server previews 10 USD to 20 USD halfway through the period as Stripe does: -5 USD, +10 USD', async () => {
    await billing.saveCard('pm_card_visa');
    const customer = (await billing.account()).paymentMethod?.processorCustomerId ?? '';
    const product = await billing.stripe.products.create({ name: 'Example' });
    const price = (amount: number) =>
      billing.stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: amount,
        recurring: { interval: 'month' },
      });
    const [ten, twenty] = [await price(1_000), await price(2_000)];
    const subscription = await billing.stripe.subscriptions.create({
      customer,
      items: [{ price: ten.id }],
      default_payment_method: (await billing.account()).paymentMethod?.id,
    });

    // 16 April 00:00 is half of April's 30 days: the doc's "halfway through the billing period".
    const preview = await billing.stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]?.id, price: twenty.id }],
        proration_date: seconds('2025-04-16T00:00:00Z'),
      },
    });

    expect(preview.lines.data.map((line) => line.amount)).toEqual([-500, 1_000]);
    expect(preview.total).toBe(500);
  });

  it('our quote for Premium to Platinum halfway through a Premium month is the preview, to the cent', async () => {
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    billing.at('2025-04-16T00:00:00Z');
    // Half of the month unused: 7,900 / 2 = 3,950 credited (15 of 30 days); Platinum's month whole.
    const expected = { price_cents: 19_900, credit_cents: 3_950, amount_due_cents: 15_950 };

    expect(await billing.ownQuote({ tier: 'PRO', cycle: 'monthly' })).toMatchObject(expected);
    expect(await billing.quote({ tier: 'PRO', cycle: 'monthly' })).toMatchObject(expected);
  });
});

describe('Stripe: a declined renewal, the dunning state, recovery by Stripe’s retry; webhooks repeated and reordered', () => {
  let billing: Harness;
  let heldBack: Stripe.Event | undefined;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    // The customer swaps in a card that attaches but fails every charge (4000 0000 0000 0341).
    await billing.saveCard('pm_card_chargeCustomerFail');
  });
  afterAll(() => billing.stop());

  it('charges nothing itself at the period end: Stripe renews; our job waits for its invoice', async () => {
    billing.at('2026-04-01T10:00:00Z');
    expect((await billing.renewalJob()).result).toEqual({ outcome: 'nothing_due' });
    expect((await billing.account()).status).toBe('active');
    expect(posts(billing, '/v1/payment_intents')).toHaveLength(0);
  });

  it('invoice.payment_failed puts the account past due, Premium kept 7 days; a redelivery is a duplicate', async () => {
    billing.advanceStripe('2026-04-01T10:00:00Z');
    const [failed] = billing.eventsOf('invoice.payment_failed');
    heldBack = billing
      .eventsOf('customer.subscription.updated')
      .find((event) => (event.data.object as Stripe.Subscription).status === 'past_due');
    expect(failed?.data.object).toMatchObject({ attempt_count: 1, status: 'open' });

    expect(await billing.deliver(String(failed?.id))).toMatchObject({ outcome: 'processed' });
    const pastDue = await billing.account();
    expect(pastDue).toMatchObject({ status: 'past_due', graceEndsAt: '2026-04-08T10:00:00.000Z' });
    expect(await billing.deliver(String(failed?.id))).toMatchObject({ outcome: 'duplicate' });
    expect(await billing.account()).toEqual(pastDue);
    expect(await billing.profileTier()).toBe('PREMIUM');
  });

  it("Stripe's retry 3 days later charges the new card: invoice.paid makes the account active for April", async () => {
    billing.at('2026-04-02T09:00:00Z');
    const card = await billing.saveCard('pm_card_visa');
    const cardId = card.result.outcome === 'payment_method_saved' ? card.result.paymentMethod.id : '';
    expect((await stripeSubscription(billing)).default_payment_method).toBe(cardId);

    billing.advanceStripe('2026-04-04T10:00:00Z');
    const paid = billing.eventsOf('invoice.paid').at(-1);
    expect(paid?.data.object).toMatchObject({ attempt_count: 2, status: 'paid', total: 7_900 });

    expect(await billing.deliver(String(paid?.id))).toMatchObject({ outcome: 'processed' });
    const recovered = await billing.account();
    expect(recovered).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(recovered.period).toMatchObject({
      start: '2026-04-01T10:00:00.000Z',
      end: '2026-05-01T10:00:00.000Z',
    });
    const invoices = (await billing.invoices()) as { totalCents: number; reason: string }[];
    // Newest first, as the invoices route lists them.
    expect(invoices.map((invoice) => [invoice.reason, invoice.totalCents])).toEqual([
      ['retry', 7_900],
      ['subscribe', 7_900],
    ]);

    // The older past-due notice arrives last: Stripe holds the invoice paid, so nothing changes.
    expect(await billing.deliver(String(heldBack?.id))).toMatchObject({ outcome: 'processed' });
    expect(await billing.account()).toEqual(recovered);
    expect(billing.simulator.netCollectedCents()).toBe(2 * 7_900);
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
    expect(billing.simulator.schemaChecks.validated).toBeGreaterThan(0);
  });

  it('the next renewal, paid by Stripe, is applied once whether the job or the webhook sees it first', async () => {
    billing.advanceStripe('2026-05-01T10:00:00Z');
    const paid = billing.eventsOf('invoice.paid').at(-1);

    expect((await billing.renewalJob()).result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    expect(await billing.deliver(String(paid?.id))).toMatchObject({ outcome: 'processed' });

    expect((await billing.account()).period?.end).toBe('2026-06-01T10:00:00.000Z');
    expect((await billing.invoices()).map((invoice) => invoice.number)).toEqual([
      'INV-0003',
      'INV-0002',
      'INV-0001',
    ]);
  });
});
