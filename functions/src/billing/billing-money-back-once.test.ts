import { describe, expect, it } from 'vitest';
import type { BillingAccount } from './billing-account';
import { BillingError } from './billing-errors';
import type { BillingService } from './billing-service';
import { accountOf } from './billing-store';
import { billingHarness, subscribedHarness } from '../testing/billing-test-harness';
import { billingSummary } from './billing-views';

/**
 * The money-back guarantee is used once per customer (docs/product.md "Business rules and limits"):
 * the first refund request gives back every payment of its window; any later one is refused and the
 * cancellation the plan rules give otherwise (at the period end, nothing back) is what is left.
 *
 * Platinum annual, worked by hand: 12 x round(0.8 x $199) = 12 x $159 = $1,908 = 190,800 cents.
 */

const PLATINUM_ANNUAL_CENTS = 190_800;

function refund(key: string) {
  return (service: BillingService, account: BillingAccount) => service.requestRefund(account, { key });
}

/** The refund's outcome, or the message code of its refusal. */
async function outcomeOf(reply: Promise<{ result: { outcome: string } }>): Promise<string> {
  try {
    return (await reply).result.outcome;
  } catch (error: unknown) {
    if (error instanceof BillingError) return error.messageCode;
    throw error;
  }
}

describe('the money-back guarantee, once per customer', () => {
  it('four buy-and-refund cycles of Platinum annual: only the first is refunded, $1,908 is kept', async () => {
    const billing = billingHarness('2025-03-01T10:00:00Z');
    await billing.saveCard('succeeds');
    const outcomes: string[] = [];

    for (const day of ['01', '02', '03', '04']) {
      billing.at(`2025-03-${day}T10:00:00Z`);
      if (billing.account.status === 'free') await billing.subscribe('PRO', 'annual');
      billing.at(`2025-03-${day}T11:00:00Z`);
      outcomes.push(await outcomeOf(billing.step(refund(`refund-${day}`))));
    }

    expect(outcomes).toEqual([
      'refunded',
      'BILLING_MONEY_BACK_ALREADY_USED',
      'BILLING_MONEY_BACK_ALREADY_USED',
      'BILLING_MONEY_BACK_ALREADY_USED',
    ]);
    // Two purchases (the second one stays: the account is on Platinum, nothing left to buy), one refund.
    expect(billing.gateway.ledger()).toHaveLength(2);
    expect(billing.gateway.netCollectedCents()).toBe(PLATINUM_ANNUAL_CENTS);
    expect(billing.account).toMatchObject({
      status: 'active',
      plan: { tier: 'PRO', cycle: 'annual' },
      creditNoteCount: 1,
      moneyBackUsedAt: '2025-03-01T11:00:00.000Z',
    });
  });

  it('refuses the second money-back with a 409 naming the day it was used, and changes nothing', async () => {
    const billing = await subscribedHarness('2025-03-01T10:00:00Z', 'PRO', 'annual');
    billing.at('2025-03-05T16:30:00Z');
    await billing.step(refund('refund-1'));
    billing.at('2025-03-06T09:00:00Z');
    await billing.subscribe('PRO', 'annual');
    const before = billing.account;
    billing.at('2025-03-06T09:05:00Z');

    const refusal = billing.step(refund('refund-2'));

    await expect(refusal).rejects.toBeInstanceOf(BillingError);
    await expect(refusal).rejects.toMatchObject({
      status: 409,
      messageCode: 'BILLING_MONEY_BACK_ALREADY_USED',
      params: { usedAt: '2025-03-05T16:30:00.000Z' },
    });
    expect(billing.account).toBe(before);
    expect(billing.gateway.netCollectedCents()).toBe(PLATINUM_ANNUAL_CENTS);
    // The billing screen offers no refund any more.
    expect(billingSummary(billing.account, new Date('2025-03-06T09:05:00Z')).refund).toBeNull();
  });

  it('the record survives an upgrade, a cancellation and the return to Free', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-02T09:00:00Z');
    await billing.step(refund('refund-1'));
    billing.at('2025-01-03T09:00:00Z');
    await billing.subscribe('PREMIUM', 'monthly');
    billing.at('2025-01-10T09:00:00Z');
    await billing.changePlan('PRO', 'monthly');
    await billing.step((service, account) => service.cancel(account, { key: billing.key() }));
    // The upgrade started a new month on 10 January; the cancellation ends it on 10 February.
    billing.at('2025-02-10T09:00:00Z');
    const ended = await billing.runRenewalJob();
    billing.at('2025-06-01T09:00:00Z');
    await billing.subscribe('PRO', 'annual');
    billing.at('2025-06-02T09:00:00Z');

    const refusal = billing.step(refund('refund-2'));

    expect(ended.result).toEqual({ outcome: 'returned_to_free', reason: 'cancelled' });
    await expect(refusal).rejects.toMatchObject({
      messageCode: 'BILLING_MONEY_BACK_ALREADY_USED',
      params: { usedAt: '2025-01-02T09:00:00.000Z' },
    });
    // Kept: 7,900 (3 January) + the upgrade + 190,800 (1 June); only the first 7,900 came back.
    expect(billing.account.charges.filter((charge) => charge.refunded)).toHaveLength(1);
  });

  it('a customer who never used it gets it on a later subscription', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-20T09:00:00Z');
    await billing.step((service, account) => service.cancel(account, { key: billing.key() }));
    billing.at('2025-02-01T09:00:00Z');
    await billing.runRenewalJob();
    billing.at('2025-06-01T09:00:00Z');
    await billing.subscribe('PRO', 'annual');
    billing.at('2025-06-10T09:00:00Z');

    const reply = await billing.step(refund('refund-1'));

    // The January month (day 160 by June) is out of its window: only the annual plan comes back.
    expect(reply.result).toMatchObject({ outcome: 'refunded', amountCents: PLATINUM_ANNUAL_CENTS });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
    expect(billing.account.moneyBackUsedAt).toBe('2025-06-10T09:00:00.000Z');
  });

  it('an account stored before the record counts a refunded payment as the guarantee used', () => {
    const stored = {
      account: {
        customerId: 'user-1',
        status: 'active' as const,
        period: { end: '2026-03-02T10:00:00.000Z' },
        graceEndsAt: null,
        charges: [
          {
            invoiceNumber: 'INV-0001',
            chargeId: 'ch_1',
            chargedAt: '2025-03-01T10:00:00.000Z',
            amountCents: PLATINUM_ANNUAL_CENTS,
            refunded: true,
          },
          {
            invoiceNumber: 'INV-0002',
            chargeId: 'ch_2',
            chargedAt: '2025-03-02T10:00:00.000Z',
            amountCents: PLATINUM_ANNUAL_CENTS,
            refunded: false,
          },
        ],
      },
      version: 3,
      lock: null,
    };

    const account = accountOf('user-1', stored);

    // The day of the refund was not kept then; the refunded payment's own date stands for it.
    expect(account.moneyBackUsedAt).toBe('2025-03-01T10:00:00.000Z');
  });
});
