import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '@app/functions/billing/billing-errors';
import { eventObject, fixtureMismatches } from '../stripe-simulator/stripe-objects';
import type { StripeSimulator } from '../stripe-simulator/stripe-simulator';
import { stripeBillingHarness } from '../src/stripe-billing';

/**
 * The billing lifecycle with PAYMENT_GATEWAY=stripe: the Stripe gateway against the Stripe-format server
 * (tests/stripe-simulator), the billing store on the local stack's DynamoDB, Stripe's signed webhooks.
 * Prices (docs/product.md): Premium $79/month, Platinum (PRO) $199/month or $1,908/year.
 */

type Harness = Awaited<ReturnType<typeof stripeBillingHarness>>;

const intentsCreated = (simulator: StripeSimulator) =>
  simulator.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');

const lastIntent = (simulator: StripeSimulator) =>
  intentsCreated(simulator).at(-1)?.body as { amount: number; status?: string; id?: string; error?: object };

/** Every answer of the server has the fields and value kinds of Stripe's own fixture of its object. */
function expectStripeShapes(simulator: StripeSimulator) {
  for (const request of simulator.requests) {
    const body = request.body as Record<string, unknown>;
    if (request.status >= 400) {
      const error = body.error as Record<string, unknown>;
      expect(error.type, `${request.method} ${request.path}`).toMatch(/_error$/);
      if (error.payment_intent)
        expect(fixtureMismatches(error.payment_intent as Record<string, unknown>)).toEqual([]);
    } else {
      expect(fixtureMismatches(body), `${request.method} ${request.path}`).toEqual([]);
    }
  }
  for (const event of simulator.events) {
    expect(fixtureMismatches(event as unknown as Record<string, unknown>)).toEqual([]);
    expect(fixtureMismatches(event.data.object as unknown as Record<string, unknown>)).toEqual([]);
  }
}

describe('Stripe: subscribe, then upgrade with proration', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
  });
  afterAll(() => billing.stop());

  it('charges the quote through a PaymentIntent on the customer Stripe made, and grants Premium', async () => {
    const saved = await billing.saveCard('pm_card_visa');
    expect(saved.result).toMatchObject({ outcome: 'payment_method_saved' });
    expect((await billing.account()).paymentMethod).toMatchObject({ last4: '4242', brand: 'visa' });

    const paid = await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });

    expect(paid.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    expect(lastIntent(billing.simulator)).toMatchObject({
      amount: 7_900,
      status: 'succeeded',
      currency: 'usd',
    });
    expect(await billing.profileTier()).toBe('PREMIUM');
  });

  it('upgrades on day 11 of 31: the quote, the invoice and the amount Stripe charged agree to the cent', async () => {
    billing.at('2026-03-11T10:00:00Z');
    // 21 of the period's 31 days unused: credit round(7,900 x 21 / 31) = 5,352; due 19,900 - 5,352.
    const quote = await billing.quote({ tier: 'PRO', cycle: 'monthly' });
    expect(quote).toMatchObject({
      kind: 'upgrade',
      price_cents: 19_900,
      credit_cents: 5_352,
      amount_due_cents: 14_548,
    });

    const paid = await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });

    expect(paid.result).toMatchObject({ outcome: 'paid', amountChargedCents: 14_548 });
    expect(lastIntent(billing.simulator).amount).toBe(quote.amount_due_cents);
    const invoice = (await billing.invoices()).find((stored) => stored.number === 'INV-0002') as {
      totalCents: number;
      lines: { amountCents: number }[];
    };
    expect(invoice.totalCents).toBe(14_548);
    expect(invoice.lines.map((line) => line.amountCents)).toEqual([19_900, -5_352]);
    expect(billing.simulator.netCollectedCents()).toBe(7_900 + 14_548);
    // A receipt per charge, in the investor's language.
    expect(
      billing.mails.map((mail) => (mail.kind === 'send' ? [mail.language, mail.body.params] : null)),
    ).toEqual([
      ['fr', expect.objectContaining({ invoiceNumber: 'INV-0001', amount: 7_900 })],
      ['fr', expect.objectContaining({ invoiceNumber: 'INV-0002', amount: 14_548 })],
    ]);
    expect(await billing.profileTier()).toBe('PRO');
  });

  it("links to Stripe's customer portal for the customer's cards and invoices", async () => {
    const customer = (await billing.account()).paymentMethod?.processorCustomerId ?? '';
    const url = await billing.gateway.createPortalSession({
      processorCustomerId: customer,
      returnUrl: 'http://127.0.0.1:3000/subscription',
    });
    expect(customer).toMatch(/^cus_/);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expectStripeShapes(billing.simulator);
  });
});

describe('Stripe: a failed renewal, the dunning state, then recovery', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    // The customer swaps in a card that attaches but fails every charge (4000 0000 0000 0341).
    await billing.saveCard('pm_card_chargeCustomerFail');
  });
  afterAll(() => billing.stop());

  it('keeps Premium past due for 7 days when the off-session renewal is declined', async () => {
    billing.at('2026-04-01T10:00:00Z');

    const renewal = await billing.renewalJob();

    expect(renewal.result).toMatchObject({
      outcome: 'grace_period',
      graceEndsAt: '2026-04-08T10:00:00.000Z',
    });
    expect(lastIntent(billing.simulator)).toMatchObject({
      error: { type: 'card_error', code: 'card_declined' },
    });
    expect((await billing.account()).status).toBe('past_due');
    expect(await billing.profileTier()).toBe('PREMIUM');
  });

  it('is active again, for the period after the failed one, once a retry with a good card is paid', async () => {
    billing.at('2026-04-03T09:00:00Z');
    await billing.saveCard('pm_card_visa');

    const retried = await billing.retry();

    expect(retried.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    const account = await billing.account();
    expect(account).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(account.period).toMatchObject({
      start: '2026-04-01T10:00:00.000Z',
      end: '2026-05-01T10:00:00.000Z',
    });
    expect(billing.simulator.netCollectedCents()).toBe(2 * 7_900);
    expectStripeShapes(billing.simulator);
  });
});

describe('Stripe: 3-D Secure settled by webhook, duplicated and out-of-order deliveries', () => {
  let billing: Harness;
  let challengeIntent = '';
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_authenticationRequired');
  });
  afterAll(() => billing.stop());

  it('waits for the bank: requires_action gives the intent client secret as the challenge, grants nothing', async () => {
    const answer = await billing.choosePlan({ tier: 'PRO', cycle: 'annual' });

    challengeIntent = String(lastIntent(billing.simulator).id);
    expect(answer.result).toMatchObject({ outcome: 'requires_authentication', amountCents: 190_800 });
    expect(answer.result).toHaveProperty(
      'challengeId',
      expect.stringMatching(new RegExp(`^${challengeIntent}_secret_`)),
    );
    expect(await billing.profileTier()).toBe('FREE');
  });

  it('settles from the intent as Stripe holds it, so a late failure event after the success changes nothing', async () => {
    billing.simulator.answerChallenge(challengeIntent, 'fail');
    const failed = billing.simulator.events.at(-1);
    billing.simulator.retryChallenge(challengeIntent);
    billing.simulator.answerChallenge(challengeIntent, 'approve');
    const succeeded = billing.simulator.events.at(-1);
    expect([failed?.type, succeeded?.type]).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);

    expect(await billing.deliver(String(succeeded?.id))).toMatchObject({ outcome: 'processed' });
    const afterSuccess = await billing.account();
    expect(afterSuccess).toMatchObject({
      status: 'active',
      plan: { tier: 'PRO', cycle: 'annual' },
      pendingPayment: null,
    });
    expect(await billing.profileTier()).toBe('PRO');

    // Stripe redelivers the success, and the older failure arrives last.
    expect(await billing.deliver(String(succeeded?.id))).toMatchObject({ outcome: 'duplicate' });
    expect(await billing.deliver(String(failed?.id))).toMatchObject({ outcome: 'processed' });

    expect(await billing.account()).toEqual(afterSuccess);
    const invoices = await billing.invoices();
    expect(invoices.map((invoice) => (invoice as { totalCents: number }).totalCents)).toEqual([190_800]);
  });

  it('refuses a bad signature with 400 and records nothing; acknowledges and ignores an event type it does not use', async () => {
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
    ).rejects.toMatchObject({
      status: 400,
      messageCode: 'BILLING_WEBHOOK_SIGNATURE_INVALID',
    });

    // Nothing was recorded by the refusals: the first good delivery is processed (ignored), the next a duplicate.
    expect(await billing.deliverRaw(good.payload, good.header)).toMatchObject({ outcome: 'ignored' });
    expect(await billing.deliverRaw(good.payload, good.header)).toMatchObject({ outcome: 'duplicate' });
    expectStripeShapes(billing.simulator);
  });
});

describe('Stripe: a failed challenge keeps the payment waiting until the customer gives up', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_authenticationRequired');
  });
  afterAll(() => billing.stop());

  it('keeps the pending payment on a failure event (Stripe.js may retry the same intent), cancels it on "fail"', async () => {
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    const intent = String(lastIntent(billing.simulator).id);
    billing.simulator.answerChallenge(intent, 'fail');

    expect(await billing.deliver(String(billing.simulator.events.at(-1)?.id))).toMatchObject({
      outcome: 'processed',
    });
    expect((await billing.account()).pendingPayment).toMatchObject({ chargeId: intent });

    const gaveUp = await billing.confirm('fail');

    expect(gaveUp.result).toMatchObject({
      outcome: 'payment_declined',
      declineCode: 'authentication_failed',
    });
    expect(billing.simulator.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `POST /v1/payment_intents/${intent}/cancel`,
    );
    expect((await billing.account()).pendingPayment).toBeNull();
    expect(billing.simulator.netCollectedCents()).toBe(0);
    expect(await billing.profileTier()).toBe('FREE');
  });
});

describe('Stripe: cancellation at the period end, and the 30-day refund', () => {
  let billing: Harness;
  beforeAll(async () => {
    billing = await stripeBillingHarness('2026-03-01T10:00:00Z');
    await billing.saveCard('pm_card_visa');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
  });
  afterAll(() => billing.stop());

  it('keeps Premium to the end of the paid month, then returns to Free without charging Stripe again', async () => {
    billing.at('2026-03-05T10:00:00Z');
    expect((await billing.cancel()).result).toMatchObject({
      outcome: 'change_scheduled',
      change: { kind: 'cancel', effectiveAt: '2026-04-01T10:00:00.000Z' },
    });
    expect(await billing.profileTier()).toBe('PREMIUM');

    billing.at('2026-04-01T10:00:00Z');
    expect((await billing.renewalJob()).result).toMatchObject({
      outcome: 'returned_to_free',
      reason: 'cancelled',
    });

    expect(intentsCreated(billing.simulator)).toHaveLength(1);
    expect(await billing.profileTier()).toBe('FREE');
  });

  it('refunds on day 20 through a Stripe Refund on the intent, once per customer', async () => {
    billing.at('2026-04-02T10:00:00Z');
    await billing.choosePlan({ tier: 'PRO', cycle: 'monthly' });
    billing.at('2026-04-21T10:00:00Z');

    const refunded = await billing.refund();

    expect(refunded.result).toMatchObject({ outcome: 'refunded', amountCents: 19_900 });
    const refund = billing.simulator.requests.find((request) => request.path === '/v1/refunds')?.body;
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 19_900,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    expect(
      (await billing.creditNotes()).map((note) => (note as { amountCents: number }).amountCents),
    ).toEqual([19_900]);
    // The March payment is 51 days old, outside the window: Stripe keeps it.
    expect(billing.simulator.netCollectedCents()).toBe(7_900);
    const refundMail = billing.mails.at(-1);
    expect(refundMail?.kind === 'send' ? refundMail.subject : null).toMatchObject({
      code: 'BILLING_REFUND_RECEIPT_SUBJECT',
    });
    expect(await billing.profileTier()).toBe('FREE');

    billing.at('2026-04-22T10:00:00Z');
    await billing.choosePlan({ tier: 'PREMIUM', cycle: 'monthly' });
    await expect(billing.refund()).rejects.toMatchObject({
      status: 409,
      messageCode: 'BILLING_MONEY_BACK_ALREADY_USED',
    });
    expectStripeShapes(billing.simulator);
  });
});
