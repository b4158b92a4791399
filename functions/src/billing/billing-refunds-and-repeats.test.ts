import { describe, expect, it } from 'vitest';
import type { BillingAccount } from './billing-account';
import { BillingError } from './billing-errors';
import type { BillingService } from './billing-service';
import { billingHarness, subscribedHarness } from '../testing/billing-test-harness';

/** The money-back guarantee, idempotent repeats and the payment outcomes (decline, challenge). */

function refund(key = 'refund-1') {
  return (service: BillingService, account: BillingAccount) => service.requestRefund(account, { key });
}

describe('the 30-day money-back guarantee', () => {
  it('refunds in full on day 30 and returns the account to FREE with a credit note', async () => {
    const billing = await subscribedHarness('2025-01-01T18:00:00Z', 'PREMIUM', 'annual');
    // Day 0 = 1 January; day 30 = 31 January (to its last millisecond).
    billing.at('2025-01-31T23:59:59.999Z');

    const reply = await billing.step(refund());

    expect(reply.result).toEqual({ outcome: 'refunded', amountCents: 75_600, creditNotes: ['CN-0001'] });
    expect(reply.outputs[0]).toMatchObject({
      type: 'credit_note_issued',
      creditNote: {
        number: 'CN-0001',
        invoiceNumber: 'INV-0001',
        amountCents: 75_600,
        reason: 'money_back_guarantee',
      },
    });
    expect(reply.outputs[1]).toMatchObject({ type: 'tier_changed', reason: 'refunded' });
    expect(billing.account).toMatchObject({ status: 'free', plan: null });
    expect(billing.gateway.netCollectedCents()).toBe(0);
  });

  it('refuses on day 31, naming the charge date and the deadline, and changes nothing', async () => {
    const billing = await subscribedHarness('2025-01-01T18:00:00Z', 'PREMIUM', 'annual');
    const before = billing.account;
    billing.at('2025-02-01T00:00:00Z');

    const refusal = billing.step(refund());

    await expect(refusal).rejects.toBeInstanceOf(BillingError);
    await expect(refusal).rejects.toMatchObject({
      status: 403,
      messageCode: 'BILLING_REFUND_WINDOW_CLOSED',
      params: { chargedAt: '2025-01-01T18:00:00.000Z', deadline: '2025-01-31T18:00:00.000Z', day: 31 },
    });
    expect(billing.account).toBe(before);
    expect(billing.gateway.netCollectedCents()).toBe(75_600);
  });

  it('refuses a monthly plan on day 31, hours before its renewal', async () => {
    // Bought 1 January 12:00; the renewal is due 1 February 12:00; at 08:00 that day it is day 31.
    const billing = await subscribedHarness('2025-01-01T12:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-02-01T08:00:00Z');

    await expect(billing.step(refund())).rejects.toMatchObject({ params: { day: 31 } });
  });

  it('gives back every payment of the last 30 days: the plan and the upgrade', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-11T15:00:00Z');
    await billing.changePlan('PRO', 'monthly');
    billing.at('2025-01-20T10:00:00Z');

    const reply = await billing.step(refund());

    // 7,900 (1 January, day 19) + 14,548 (11 January, day 9) = 22,448.
    expect(reply.result).toEqual({
      outcome: 'refunded',
      amountCents: 22_448,
      creditNotes: ['CN-0001', 'CN-0002'],
    });
    expect(reply.outputs.at(-1)).toMatchObject({
      type: 'tier_changed',
      consequences: { from: 'PRO', to: 'FREE', customAlertRules: 'paused' },
    });
    expect(billing.gateway.netCollectedCents()).toBe(0);
  });

  it('leaves out a payment past its own day 30', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-11T15:00:00Z');
    await billing.changePlan('PRO', 'monthly');
    billing.at('2025-02-05T10:00:00Z');

    const reply = await billing.step(refund());

    // 1 January is day 35 (out); 11 January is day 25 (in): 14,548 back, 7,900 kept.
    expect(reply.result).toMatchObject({ amountCents: 14_548, creditNotes: ['CN-0001'] });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it('refuses a refund on FREE', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');

    await expect(billing.step(refund())).rejects.toMatchObject({ messageCode: 'BILLING_NOT_SUBSCRIBED' });
  });
});

describe('idempotent repeats', () => {
  it('a repeated subscribe returns the first answer, charges once and issues no second invoice', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('succeeds');
    const first = await billing.subscribe('PREMIUM', 'monthly', 'checkout-1');
    const afterFirst = billing.account;

    const repeat = await billing.subscribe('PREMIUM', 'monthly', 'checkout-1');

    expect(repeat).toMatchObject({ replayed: true, outputs: [], result: first.result });
    expect(billing.account).toBe(afterFirst);
    expect(billing.gateway.ledger()).toHaveLength(1);
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it('a repeated plan choice answers the first subscription, though the account is no longer FREE', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('succeeds');
    const choose = () =>
      billing.step((service, account) =>
        service.choosePlan(account, { key: 'plan-form-1', plan: { tier: 'PREMIUM', cycle: 'monthly' } }),
      );
    const first = await choose();

    const repeat = await choose();

    expect(first.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
    expect(repeat).toMatchObject({ replayed: true, outputs: [], result: first.result });
    expect(billing.gateway.ledger()).toHaveLength(1);
  });

  it('refuses the same key for a different request', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('succeeds');
    await billing.subscribe('PREMIUM', 'monthly', 'checkout-1');

    await expect(billing.subscribe('PRO', 'monthly', 'checkout-1')).rejects.toMatchObject({
      status: 422,
      messageCode: 'BILLING_IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('a repeated upgrade and a repeated refund do nothing twice', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-11T15:00:00Z');
    await billing.changePlan('PRO', 'monthly', 'upgrade-1');
    expect((await billing.changePlan('PRO', 'monthly', 'upgrade-1')).replayed).toBe(true);
    await billing.step(refund('refund-1'));

    const again = await billing.step(refund('refund-1'));

    expect(again).toMatchObject({ replayed: true, result: { outcome: 'refunded', amountCents: 22_448 } });
    expect(billing.gateway.ledger()).toHaveLength(2);
    expect(billing.gateway.netCollectedCents()).toBe(0);
  });

  it('a renewal run twice for the same period charges once, even when the first result was not stored', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    const beforeRenewal = billing.account;
    billing.at('2025-02-01T09:00:00Z');

    const first = await billing.service.runDueRenewal(beforeRenewal);
    // The job's write of `first.account` was lost; the next run starts from the old state again.
    const second = await billing.service.runDueRenewal(beforeRenewal);
    // And a run on the stored state finds nothing due.
    const third = await billing.service.runDueRenewal(first.account);

    expect(second.result).toEqual(first.result);
    expect(third.result).toEqual({ outcome: 'nothing_due' });
    // Same gateway key (the period end): the sandbox returns the same charge; 7,900 x 2 in all.
    expect(billing.gateway.ledger()).toHaveLength(2);
    expect(billing.gateway.netCollectedCents()).toBe(15_800);
  });
});

describe('payment outcomes', () => {
  it('a declined card, then a good one', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('declines');

    const declined = await billing.subscribe('PREMIUM', 'monthly', 'checkout-1');
    const repeated = await billing.subscribe('PREMIUM', 'monthly', 'checkout-1');

    expect(declined.result).toEqual({
      outcome: 'payment_declined',
      messageCode: 'BILLING_CARD_DECLINED',
      declineCode: 'card_declined',
    });
    expect(repeated).toMatchObject({ replayed: true, result: declined.result });
    expect(billing.account).toMatchObject({ status: 'free', invoiceCount: 0 });

    await billing.saveCard('succeeds');
    const paid = await billing.subscribe('PREMIUM', 'monthly', 'checkout-2');

    expect(paid.result).toMatchObject({
      outcome: 'paid',
      invoiceNumber: 'INV-0001',
      amountChargedCents: 7_900,
    });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it('a challenge keeps the charge pending until it is confirmed', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('requires_authentication');

    const pending = await billing.subscribe('PRO', 'monthly');

    expect(pending.result).toMatchObject({ outcome: 'requires_authentication', amountCents: 19_900 });
    expect(billing.account.status).toBe('free');
    expect(billing.gateway.netCollectedCents()).toBe(0);
    await expect(billing.subscribe('PRO', 'monthly')).rejects.toMatchObject({
      messageCode: 'BILLING_PAYMENT_PENDING',
    });

    billing.at('2025-01-01T09:02:00Z');
    const confirmed = await billing.step((service, account) =>
      service.confirmAuthentication(account, { key: 'confirm-1', outcome: 'approve' }),
    );

    expect(confirmed.result).toMatchObject({
      outcome: 'paid',
      invoiceNumber: 'INV-0001',
      amountChargedCents: 19_900,
    });
    expect(billing.account).toMatchObject({ status: 'active', pendingPayment: null, plan: { tier: 'PRO' } });
    expect(billing.account.charges[0]?.chargedAt).toBe('2025-01-01T09:02:00.000Z');
    expect(billing.gateway.netCollectedCents()).toBe(19_900);
  });

  it('a failed challenge charges nothing and leaves the account on FREE', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('requires_authentication');
    await billing.subscribe('PREMIUM', 'monthly');

    const failed = await billing.step((service, account) =>
      service.confirmAuthentication(account, { key: 'confirm-1', outcome: 'fail' }),
    );

    expect(failed.result).toEqual({
      outcome: 'payment_declined',
      messageCode: 'BILLING_AUTHENTICATION_FAILED',
      declineCode: 'authentication_failed',
    });
    expect(billing.account).toMatchObject({ status: 'free', pendingPayment: null });
    await expect(
      billing.step((service, account) =>
        service.confirmAuthentication(account, { key: 'confirm-2', outcome: 'approve' }),
      ),
    ).rejects.toMatchObject({ messageCode: 'BILLING_NO_PENDING_AUTHENTICATION' });
    expect(billing.gateway.netCollectedCents()).toBe(0);
  });

  it('refuses a subscription without a card, a second subscription, and a change on FREE', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');

    await expect(billing.subscribe('PREMIUM', 'monthly')).rejects.toMatchObject({
      messageCode: 'BILLING_NO_PAYMENT_METHOD',
    });
    await expect(billing.changePlan('PRO', 'monthly')).rejects.toMatchObject({
      messageCode: 'BILLING_NOT_SUBSCRIBED',
    });
    await billing.saveCard('succeeds');
    await billing.subscribe('PREMIUM', 'monthly');
    await expect(billing.subscribe('PRO', 'annual')).rejects.toMatchObject({
      status: 409,
      messageCode: 'BILLING_ALREADY_SUBSCRIBED',
      params: { tier: 'PREMIUM', cycle: 'monthly' },
    });
  });
});
