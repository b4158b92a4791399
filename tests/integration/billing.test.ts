import { describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api';
import type { BillingDocumentsResponseSchema, BillingSummary } from '@app/shared/domain/entities/billing';
import type { z } from 'zod';
import { BILLING_DUE_SHARDS } from '@app/functions/data/billing-repository';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { billingAction, choosePlan, newKey, renewalAt, saveCard, subscribe } from '../src/billing';

/**
 * The billing lifecycle on the local stack: real HTTP to the subscription routes, DynamoDB Local
 * behind them, the sandbox gateway deciding each charge by its test card. The renewal steps run the
 * job's per-account step (the same store, lock and transaction) with a clock set past the period end,
 * on one account at a time so suites running at once are not renewed under their feet.
 *
 * Expected figures are worked by hand: Premium $79/month, Platinum $199/month, annual 12 x
 * round(0.8 x monthly) (Premium 12 x 63 = $756).
 */

type Documents = z.infer<typeof BillingDocumentsResponseSchema>;
const routes = contract.subscription;

const billingOf = async (user: SignedInUser) =>
  (await api<BillingSummary>('GET', routes.billing.path, { token: user.token })).body;
const documentsOf = async (user: SignedInUser) =>
  (await api<Documents>('GET', routes.invoices.path, { token: user.token })).body;
const tierOf = async (user: SignedInUser) =>
  (
    await api<{ subscription: { tier: string } }>('GET', routes.mySubscription.path, {
      token: user.token,
    })
  ).body.subscription.tier;

const DAY_MS = 24 * 60 * 60 * 1000;

describe('buying a plan', () => {
  it('a declined card charges nothing and keeps FREE; a good card then pays $79 with one invoice', async () => {
    const user = await signUpInvestor('Bea');

    const declinedCard = await saveCard(user, 'declines');
    const declined = await choosePlan(user, 'PREMIUM');
    const tierAfterDecline = await tierOf(user);
    const goodCard = await saveCard(user, 'succeeds');
    const paid = await choosePlan(user, 'PREMIUM');
    const documents = await documentsOf(user);

    expect(declinedCard.status).toBe(200);
    expect(declinedCard.body.billing.payment_method).toMatchObject({ last4: '0002' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      outcome: 'payment_declined',
      message_code: 'BILLING_CARD_DECLINED',
      message_params: { declineCode: 'card_declined' },
    });
    expect(tierAfterDecline).toBe('FREE');
    expect(goodCard.body.billing.payment_method).toMatchObject({ last4: '4242' });
    expect(paid.body).toMatchObject({ outcome: 'paid', amount_cents: 7_900 });
    expect(await tierOf(user)).toBe('PREMIUM');
    expect(documents.invoices).toHaveLength(1);
    expect(documents.invoices[0]).toMatchObject({
      total_cents: 7_900,
      reason: 'subscribe',
      refunded_by: null,
    });
    expect(documents.next_billing).toEqual({
      date: paid.body.period_end,
      amount_cents: 7_900,
      plan: { tier: 'PREMIUM', cycle: 'monthly' },
    });
  });

  it('annual Premium is 12 x 63 = $756 for twelve calendar months', async () => {
    const user = await signUpInvestor('Ana');
    await saveCard(user);

    const quote = await api<Record<string, unknown>>('GET', routes.billingQuote.path, {
      token: user.token,
      query: { tier: 'PREMIUM', cycle: 'annual' },
    });
    const paid = await choosePlan(user, 'PREMIUM', 'annual');

    expect(quote.body).toMatchObject({ kind: 'subscribe', price_cents: 75_600, amount_due_cents: 75_600 });
    expect(paid.body).toMatchObject({ outcome: 'paid', amount_cents: 75_600 });
    const start = new Date(String(paid.body.billing.period_start));
    const end = new Date(String(paid.body.period_end));
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());
  });

  it('asks for nothing it cannot check: an unknown tier and a card that is not a test card are 400s naming the field, nothing stored', async () => {
    const user = await signUpInvestor('Ned');

    const realCard = await api<{ issues?: { path: string }[]; message_code?: string }>(
      routes.savePaymentMethod.method,
      routes.savePaymentMethod.path,
      {
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        body: { card: { number: '4111111111111111', exp_month: 12, exp_year: 2040, cvc: '123' } },
      },
    );
    const unknownTier = await api<{ issues?: { path: string }[] }>(
      routes.choosePlan.method,
      routes.choosePlan.path,
      {
        token: user.token,
        headers: { 'idempotency-key': newKey() },
        body: { tier: 'GOLD', cycle: 'monthly' },
      },
    );
    const noCard = await choosePlan(user, 'PREMIUM');

    expect(realCard.status).toBe(400);
    expect(realCard.body.message_code).toBe('BILLING_CARD_NOT_A_TEST_CARD');
    expect(unknownTier.status).toBe(400);
    expect(unknownTier.body.issues?.[0]?.path).toBe('body.tier');
    expect(noCard.status).toBe(400);
    expect(noCard.body.message_code).toBe('BILLING_NO_PAYMENT_METHOD');
    expect(await billingOf(user)).toMatchObject({ status: 'free', payment_method: null });
    expect((await documentsOf(user)).invoices).toEqual([]);
  });

  it('refuses the demo visitor every billing route (401)', async () => {
    const statuses = await Promise.all([
      api('GET', routes.billing.path),
      api('GET', routes.invoices.path),
      api(routes.choosePlan.method, routes.choosePlan.path, { body: { tier: 'PREMIUM', cycle: 'monthly' } }),
      api(routes.requestRefund.method, routes.requestRefund.path),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([401, 401, 401, 401]);
  });
});

describe('changing a plan', () => {
  it('Premium then Platinum the same day: the whole $79 month is credited, $120 charged', async () => {
    const user = await signUpInvestor('Pia');
    const premium = await subscribe(user, 'PREMIUM');

    const quote = await api<Record<string, unknown>>('GET', routes.billingQuote.path, {
      token: user.token,
      query: { tier: 'PRO', cycle: 'monthly' },
    });
    const upgrade = await choosePlan(user, 'PRO');
    const documents = await documentsOf(user);

    // The change day counts as remaining, so on the purchase day remaining = days in period:
    // credit = 7,900 x D / D = 7,900; due = 19,900 - 7,900 = 12,000.
    expect(quote.body).toMatchObject({
      kind: 'upgrade',
      price_cents: 19_900,
      credit_cents: 7_900,
      amount_due_cents: 12_000,
    });
    expect(upgrade.body).toMatchObject({ outcome: 'paid', amount_cents: 12_000 });
    expect(await tierOf(user)).toBe('PRO');
    expect(documents.invoices.map((invoice) => invoice.total_cents)).toEqual([12_000, 7_900]);
    expect(documents.invoices[0]?.lines).toEqual([
      expect.objectContaining({ kind: 'plan', amount_cents: 19_900 }),
      expect.objectContaining({
        kind: 'proration_credit',
        amount_cents: -7_900,
        replaced_invoice: premium.invoice_number,
      }),
    ]);
  });

  it('a downgrade and a cancellation wait for the period end; keeping the plan withdraws them', async () => {
    const user = await signUpInvestor('Dora');
    const pro = await subscribe(user, 'PRO');

    const downgrade = await choosePlan(user, 'PREMIUM');
    const tierAfterDowngrade = await tierOf(user);
    const cancel = await billingAction(user, 'cancelPlan');
    const afterCancel = await billingOf(user);
    const keep = await billingAction(user, 'keepPlan');

    expect(downgrade.body).toMatchObject({
      outcome: 'change_scheduled',
      change: {
        kind: 'downgrade',
        plan: { tier: 'PREMIUM', cycle: 'monthly' },
        effective_at: pro.period_end,
      },
    });
    expect(downgrade.body.billing.next_billing).toMatchObject({ amount_cents: 7_900, date: pro.period_end });
    expect(tierAfterDowngrade).toBe('PRO');
    expect(cancel.body).toMatchObject({
      outcome: 'change_scheduled',
      change: { kind: 'cancel', plan: null },
    });
    expect(afterCancel).toMatchObject({ tier: 'PRO', next_billing: null });
    expect(keep.body.outcome).toBe('change_withdrawn');
    expect(keep.body.billing).toMatchObject({
      tier: 'PRO',
      scheduled_change: null,
      next_billing: { amount_cents: 19_900, date: pro.period_end },
    });
    expect((await documentsOf(user)).invoices).toHaveLength(1);
  });
});

describe('the 30-day money-back guarantee', () => {
  it('refunds every payment of the window with one credit note each and returns the account to FREE', async () => {
    const user = await signUpInvestor('Rui');
    await subscribe(user, 'PREMIUM');
    await choosePlan(user, 'PRO');

    const refund = await billingAction(user, 'requestRefund');
    const again = await billingAction(user, 'requestRefund');
    const documents = await documentsOf(user);

    // Paid: 7,900 then 12,000 (the upgrade after a full credit): 19,900 back.
    expect(refund.body).toMatchObject({ outcome: 'refunded', amount_cents: 19_900 });
    expect(refund.body.credit_notes).toHaveLength(2);
    expect(await tierOf(user)).toBe('FREE');
    expect(documents.credit_notes.map((note) => note.amount_cents).sort()).toEqual([12_000, 7_900].sort());
    expect(documents.invoices.every((invoice) => invoice.refunded_by !== null)).toBe(true);
    expect(documents.next_billing).toBeNull();
    expect(again.status).toBe(409);
    expect(again.body.message_code).toBe('BILLING_NOT_SUBSCRIBED');
  });
});

describe('idempotent steps', () => {
  it('one Idempotency-Key answers twice with one invoice; the key with another plan is a 422', async () => {
    const user = await signUpInvestor('Ivo');
    await saveCard(user);
    const key = newKey('double-click');

    const first = await choosePlan(user, 'PREMIUM', 'monthly', key);
    const retry = await choosePlan(user, 'PREMIUM', 'monthly', key);
    const reused = await choosePlan(user, 'PRO', 'monthly', key);

    expect(first.body).toMatchObject({ outcome: 'paid', replayed: false });
    expect(retry.body).toMatchObject({
      outcome: 'paid',
      replayed: true,
      invoice_number: first.body.invoice_number,
    });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await documentsOf(user)).invoices).toHaveLength(1);
  });

  it('five simultaneous clicks with one key or none charge once', async () => {
    const [keyed, unkeyed] = await Promise.all([signUpInvestor('Kit'), signUpInvestor('Una')]);
    await Promise.all([saveCard(keyed), saveCard(unkeyed)]);
    const key = newKey('clicks');

    const keyedClicks = await Promise.all(
      Array.from({ length: 5 }, () => choosePlan(keyed, 'PREMIUM', 'monthly', key)),
    );
    const unkeyedClicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(routes.choosePlan.method, routes.choosePlan.path, {
          token: unkeyed.token,
          body: { tier: 'PREMIUM', cycle: 'monthly' },
        }),
      ),
    );

    // A loser finds the account held (409), or, after the winner, already on the plan (409).
    for (const click of [...keyedClicks, ...unkeyedClicks]) expect([200, 409]).toContain(click.status);
    expect((await documentsOf(keyed)).invoices).toHaveLength(1);
    expect((await documentsOf(unkeyed)).invoices).toHaveLength(1);
  });
});

describe('renewal at the period end (the job step, clock past the period end)', () => {
  it('renews a paid month at the same price, once, on a second run too', async () => {
    const user = await signUpInvestor('Ren');
    const paid = await subscribe(user, 'PREMIUM');
    const periodEnd = new Date(String(paid.period_end));
    const before = renewalAt(user.userId, new Date(periodEnd.getTime() - 60_000));
    const after = renewalAt(user.userId, new Date(periodEnd.getTime() + 60_000));

    const dueBefore = await before.run();
    const renewal = await after.run();
    const second = await after.run();
    const documents = await documentsOf(user);

    expect(dueBefore.result.outcome).toBe('nothing_due');
    expect(renewal.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    expect(second.replayed || second.result.outcome === 'nothing_due').toBe(true);
    expect(documents.invoices.map((invoice) => [invoice.reason, invoice.total_cents])).toEqual([
      ['renewal', 7_900],
      ['subscribe', 7_900],
    ]);
    expect(documents.invoices[0]?.period_start).toBe(paid.period_end);
    expect(await tierOf(user)).toBe('PREMIUM');
  });

  it('a declined renewal opens 7 days of grace (still Premium), then returns the account to FREE', async () => {
    const user = await signUpInvestor('Gus');
    const paid = await subscribe(user, 'PREMIUM');
    await saveCard(user, 'declines');
    const periodEnd = new Date(String(paid.period_end));
    const graceEnd = new Date(periodEnd.getTime() + 7 * DAY_MS);

    const failed = await renewalAt(user.userId, new Date(periodEnd.getTime() + 60_000)).run();
    const inGrace = await billingOf(user);
    const tierInGrace = await tierOf(user);
    const lastGraceDay = await renewalAt(user.userId, new Date(graceEnd.getTime() - 60_000)).run();
    const lapsed = await renewalAt(user.userId, new Date(graceEnd.getTime() + 60_000)).run();

    expect(failed.result).toMatchObject({ outcome: 'grace_period', graceEndsAt: graceEnd.toISOString() });
    expect(inGrace).toMatchObject({
      status: 'past_due',
      grace_ends_at: graceEnd.toISOString(),
      next_billing: null,
    });
    expect(tierInGrace).toBe('PREMIUM');
    expect(lastGraceDay.result.outcome).toBe('nothing_due');
    expect(lapsed.result.outcome).toBe('returned_to_free');
    expect(await tierOf(user)).toBe('FREE');
    expect((await documentsOf(user)).invoices).toHaveLength(1);
  });

  it('a cancelled plan ends at the period end with nothing charged', async () => {
    const user = await signUpInvestor('Cal');
    const paid = await subscribe(user, 'PRO');
    await billingAction(user, 'cancelPlan');

    const ended = await renewalAt(
      user.userId,
      new Date(new Date(String(paid.period_end)).getTime() + 60_000),
    ).run();

    expect(ended.result.outcome).toBe('returned_to_free');
    expect(await tierOf(user)).toBe('FREE');
    expect((await documentsOf(user)).invoices).toHaveLength(1);
  });

  it('the due index lists the account from its period end, not before', async () => {
    const user = await signUpInvestor('Dix');
    const paid = await subscribe(user, 'PREMIUM');
    const periodEnd = new Date(String(paid.period_end));
    const { repository } = renewalAt(user.userId, periodEnd);
    const listAll = async (at: Date) =>
      (
        await Promise.all(
          Array.from({ length: BILLING_DUE_SHARDS }, (_, shard) => repository.listDue(shard, at)),
        )
      ).flat();

    expect(await listAll(new Date(periodEnd.getTime() - 60_000))).not.toContain(user.userId);
    expect(await listAll(periodEnd)).toContain(user.userId);
  });
});
