import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { WebhookSignatureError } from '@app/functions/billing/billing-errors';
import { billingSummary } from '@app/functions/billing/billing-views';
import { eventObject, shapeProblems } from '../stripe-simulator/stripe-objects';
import { stripeBillingHarness } from '../src/stripe-billing';

/**
 * The rest of the Stripe lifecycle on Stripe's objects (stripe-billing.test.ts has subscribe, upgrade,
 * renewal and recovery): 3-D Secure on a subscription's first invoice settled by webhook, a downgrade
 * through a Subscription Schedule, cancellation at the period end, the 30-day refund, and the webhook's
 * refusals. Prices (docs/product.md): Premium $79/month, Platinum (PRO) $199/month or $1,908/year.
 */

type Harness = Awaited<ReturnType<typeof stripeBillingHarness>>;

async function stripeSubscription(billing: Harness, id?: string): Promise<Stripe.Subscription> {
  return billing.stripe.subscriptions.retrieve(
    id ?? (await billing.account()).processorSubscription?.id ?? '',
  );
}

describe("Stripe: 3-D Secure on a subscription's first invoice, settled by webhook", () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_authenticationRequired');
  });
  afterAll(() => billing.stop());

  it('waits for the bank: the invoice intent requires_action, the subscription is incomplete, nothing granted', async () => {
    const answer = await billing.choosePlan({ tier: 'PRO', cycle: 'annual' });

    const pending = (await billing.account()).pendingPayment;
    expect(answer.result).toMatchObject({ outcome: 'requires_authentication', amountCents: 190_800 });
    expect(answer.result).toHaveProperty(
      'challengeId',
      expect.stringMatching(new RegExp(`^${pending?.chargeId}_secret_`)),
    );
    expect((await stripeSubscription(billing)).status).toBe('incomplete');
    expect(await billing.profileTier()).toBe('FREE');
  });

  it('invoice.paid after the challenge grants Platinum annual once; the intent event and a redelivery change nothing', async () => {
    const intent = String((await billing.account()).pendingPayment?.chargeId);
    billing.simulator.answerChallenge(intent, 'approve');
    const [intentSucceeded] = billing.eventsOf('payment_intent.succeeded');
    const [invoicePaid] = billing.eventsOf('invoice.paid');

    // Stripe does not copy our metadata to an invoice's intent: that event names no user of ours.
    expect(await billing.deliver(String(intentSucceeded?.id))).toMatchObject({ outcome: 'ignored' });
    expect(await billing.deliver(String(invoicePaid?.id))).toMatchObject({ outcome: 'processed' });
    const granted = await billing.account();
    expect(granted).toMatchObject({
      status: 'active',
      plan: { tier: 'PRO', cycle: 'annual' },
      pendingPayment: null,
    });
    expect(await billing.deliver(String(invoicePaid?.id))).toMatchObject({ outcome: 'duplicate' });

    expect(await billing.account()).toEqual(granted);
    expect((await stripeSubscription(billing)).status).toBe('active');
    expect(
      (await billing.invoices()).map((invoice) => (invoice as { totalCents: number }).totalCents),
    ).toEqual([190_800]);
    expect(await billing.profileTier()).toBe('PRO');
  });

  it('refuses a bad signature with 400 and records nothing; acknowledges an event type it does not use', async () => {
    const stranger = eventObject(
      'evt_not_ours_1',
      'invoice.created',
      { id: 'in_1', object: 'invoice' },
      new Date(),
    );
    const good = billing.simulator.signedDelivery(stranger, 'whsec_lifecycle_test_secret');
    const forged = billing.simulator.signedDelivery(stranger, 'whsec_someone_else');

    await expect(billing.deliverRaw(good.payload, forged.header)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(billing.deliverRaw(good.payload, undefined)).rejects.toMatchObject({ status: 400 });
    await expect(
      billing.deliverRaw(good.payload.replace('invoice.created', 'invoice.paid'), good.header),
    ).rejects.toMatchObject({ status: 400, messageCode: 'BILLING_WEBHOOK_SIGNATURE_INVALID' });

    expect(await billing.deliverRaw(good.payload, good.header)).toMatchObject({ outcome: 'ignored' });
    expect(await billing.deliverRaw(good.payload, good.header)).toMatchObject({ outcome: 'duplicate' });
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
    expect(billing.simulator.schemaChecks.validated).toBeGreaterThan(0);
  });
});

describe("Stripe: 3-D Secure left unanswered on a subscription's first invoice, then given up", () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_authenticationRequired');
  });
  afterAll(() => billing.stop());

  it('a day without an answer changes nothing: the payment still waits, FREE, nothing charged', async () => {
    const answer = await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });
    expect(answer.result).toMatchObject({ outcome: 'requires_authentication', amountCents: 19_900 });
    const waiting = await billing.account();

    billing.at('2026-03-02T10:00:00Z');
    expect((await billing.renewalJob()).result).toEqual({ outcome: 'nothing_due' });
    expect(await billing.account()).toEqual(waiting);
    const intent = await billing.stripe.paymentIntents.retrieve(String(waiting.pendingPayment?.chargeId));
    expect(intent.status).toBe('requires_action');
    // The subscription screen still offers the challenge for the plan chosen.
    expect(billingSummary(waiting, new Date('2026-03-02T10:00:00Z'))).toMatchObject({
      status: 'free',
      tier: 'FREE',
      pending_payment: { amount_cents: 19_900, plan: { tier: 'PRO', cycle: 'monthly' } },
    });
    expect(await billing.profileTier()).toBe('FREE');
    expect(billing.simulator.netCollectedCents()).toBe(0);
  });

  it('giving up the challenge: declined as an authentication failure, no plan, no invoice, nothing charged', async () => {
    const chargeId = String((await billing.account()).pendingPayment?.chargeId);
    const answer = await billing.confirm('fail');

    expect(answer.result).toMatchObject({
      outcome: 'payment_declined',
      declineCode: 'authentication_failed',
    });
    expect(await billing.account()).toMatchObject({ status: 'free', plan: null, pendingPayment: null });
    // The screen shows the FREE plan, no challenge and no bill to come; the card stays saved.
    expect(billingSummary(await billing.account(), new Date('2026-03-02T10:00:00Z'))).toMatchObject({
      tier: 'FREE',
      plan: null,
      next_billing: null,
      pending_payment: null,
      payment_method: { last4: '3184' },
    });
    expect(await billing.profileTier()).toBe('FREE');
    expect(await billing.invoices()).toEqual([]);
    // A `requires_action` intent may be cancelled (docs.stripe.com/api/payment_intents/cancel): no charge.
    expect((await billing.stripe.paymentIntents.retrieve(chargeId)).status).toBe('canceled');
    expect(billing.simulator.netCollectedCents()).toBe(0);
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
  });
});

describe("Stripe: the customer's own retry of a declined renewal pays Stripe's open invoice", () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    await billing.saveCard('pm_card_chargeCustomerFail');
    billing.advanceStripe('2026-04-01T10:00:00Z');
    await billing.deliver(String(billing.eventsOf('invoice.payment_failed')[0]?.id));
  });
  afterAll(() => billing.stop());

  it('a retry on the failing card is declined by Stripe (402 on invoice pay) and changes nothing', async () => {
    billing.at('2026-04-02T10:00:00Z');
    const before = await billing.account();
    expect(before.status).toBe('past_due');

    const declined = await billing.retry();

    expect(declined.result).toMatchObject({ outcome: 'payment_declined', declineCode: 'card_declined' });
    const [pay] = billing.simulator.requests.filter((request) => request.path.endsWith('/pay'));
    expect(pay).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined' } },
    });
    expect(await billing.account()).toMatchObject({ status: 'past_due', graceEndsAt: before.graceEndsAt });
  });

  it('a retry after a new card pays the same invoice: the account is active for April, Stripe collected it once', async () => {
    await billing.saveCard('pm_card_visa');

    const paid = await billing.retry();

    expect(paid.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    const subscription = await stripeSubscription(billing);
    const invoice = await billing.stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', attempt_count: 3 });
    expect(subscription.status).toBe('active');
    expect((await billing.account()).period).toMatchObject({
      start: '2026-04-01T10:00:00.000Z',
      end: '2026-05-01T10:00:00.000Z',
    });
    // Stripe's invoice.paid arriving after our retry recorded it changes nothing.
    const settled = await billing.account();
    expect(await billing.deliver(String(billing.eventsOf('invoice.paid').at(-1)?.id))).toMatchObject({
      outcome: 'processed',
    });
    expect(await billing.account()).toEqual(settled);
    expect(billing.simulator.netCollectedCents()).toBe(2 * 7_900);
  });
});

describe('Stripe: downgrade and cancellation at the period end, then the 30-day refund', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });
  });
  afterAll(() => billing.stop());

  it("schedules Premium for 1 April in a Subscription Schedule's next phase; Platinum kept until then", async () => {
    billing.at('2026-03-05T10:00:00Z');

    const scheduled = await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });

    expect(scheduled.result).toMatchObject({
      outcome: 'change_scheduled',
      change: { kind: 'downgrade', effectiveAt: '2026-04-01T10:00:00.000Z' },
    });
    const scheduleId = String((await stripeSubscription(billing)).schedule);
    const schedule = await billing.stripe.subscriptionSchedules.retrieve(scheduleId);
    expect(schedule.phases.map((phase) => [phase.items[0]?.price, phase.start_date, phase.end_date])).toEqual(
      [
        [
          expect.any(String),
          Date.parse('2026-03-01T10:00:00Z') / 1000,
          Date.parse('2026-04-01T10:00:00Z') / 1000,
        ],
        [
          expect.any(String),
          Date.parse('2026-04-01T10:00:00Z') / 1000,
          Date.parse('2026-05-01T10:00:00Z') / 1000,
        ],
      ],
    );
    expect(await billing.profileTier()).toBe('PRO');
  });

  it('Stripe renews at the Premium price on 1 April; the renewal job applies that invoice', async () => {
    billing.advanceStripe('2026-04-01T10:00:00Z');

    const renewed = await billing.renewalJob();

    expect(renewed.result).toMatchObject({
      outcome: 'paid',
      plan: { tier: 'PREMIUM', cycle: 'monthly' },
      amountChargedCents: 7_900,
    });
    const subscription = await stripeSubscription(billing);
    expect(subscription.schedule).toBeNull();
    expect(subscription.items.data[0]?.price.lookup_key).toBe('nugget_premium_monthly');
    expect(await billing.profileTier()).toBe('PREMIUM');
  });

  it('cancels at the period end with cancel_at_period_end; keeping the plan withdraws it; Stripe ends it on 1 May', async () => {
    billing.at('2026-04-10T10:00:00Z');
    expect((await billing.cancel()).result).toMatchObject({
      outcome: 'change_scheduled',
      change: { kind: 'cancel', effectiveAt: '2026-05-01T10:00:00.000Z' },
    });
    expect((await stripeSubscription(billing)).cancel_at_period_end).toBe(true);
    await billing.keep();
    expect((await stripeSubscription(billing)).cancel_at_period_end).toBe(false);
    await billing.cancel();
    const subscriptionId = String((await billing.account()).processorSubscription?.id);

    billing.advanceStripe('2026-05-01T10:00:00Z');
    expect((await billing.renewalJob()).result).toMatchObject({
      outcome: 'returned_to_free',
      reason: 'cancelled',
    });
    const [deleted] = billing.eventsOf('customer.subscription.deleted');
    expect(await billing.deliver(String(deleted?.id))).toMatchObject({ outcome: 'processed' });

    expect((await stripeSubscription(billing, subscriptionId)).status).toBe('canceled');
    expect((await billing.account()).status).toBe('free');
    // Stripe charged March's Platinum and April's Premium, nothing on 1 May.
    expect(billing.simulator.netCollectedCents()).toBe(19_900 + 7_900);
    expect(await billing.profileTier()).toBe('FREE');
  });

  it('refunds on day 18 through a Stripe Refund and ends the subscription at Stripe, once per customer', async () => {
    billing.at('2026-05-02T10:00:00Z');
    await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });
    const subscriptionId = String((await billing.account()).processorSubscription?.id);
    billing.at('2026-05-20T10:00:00Z');

    const refunded = await billing.refund();

    // Only the 2 May payment is within 30 days (1 April's is day 49).
    expect(refunded.result).toMatchObject({ outcome: 'refunded', amountCents: 19_900 });
    const refund = billing.simulator.requests.find((request) => request.path === '/v1/refunds')?.body;
    expect(refund).toMatchObject({ object: 'refund', amount: 19_900, status: 'succeeded' });
    expect((await stripeSubscription(billing, subscriptionId)).status).toBe('canceled');
    expect(billing.simulator.netCollectedCents()).toBe(19_900 + 7_900);
    expect(await billing.profileTier()).toBe('FREE');

    billing.at('2026-05-21T10:00:00Z');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    await expect(billing.refund()).rejects.toMatchObject({
      status: 409,
      messageCode: 'BILLING_MONEY_BACK_ALREADY_USED',
    });
    expect(shapeProblems(billing.simulator.requests, billing.simulator.events)).toEqual([]);
    expect(billing.simulator.schemaChecks.problems).toEqual([]);
    expect(billing.simulator.schemaChecks.validated).toBeGreaterThan(0);
  });
});
