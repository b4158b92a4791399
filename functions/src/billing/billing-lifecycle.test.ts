import { describe, expect, it } from 'vitest';
import { billingHarness, subscribedHarness } from '../testing/billing-test-harness';

/**
 * Scenario tests of the billing lifecycle: frozen clock, the real sandbox gateway, exact cents worked
 * out by hand in the comments. Prices: Premium 7,900 a month, Platinum 19,900; annual 75,600 and
 * 190,800 (12 x round(0.8 x monthly) dollars).
 */

describe('subscribing', () => {
  it('charges the monthly price and bills again one calendar month later', async () => {
    const billing = billingHarness('2025-01-01T09:00:00Z');
    await billing.saveCard('succeeds');

    const reply = await billing.subscribe('PREMIUM', 'monthly');

    expect(reply.result).toEqual({
      outcome: 'paid',
      plan: { tier: 'PREMIUM', cycle: 'monthly' },
      invoiceNumber: 'INV-0001',
      amountChargedCents: 7_900,
      periodEnd: '2025-02-01T09:00:00.000Z',
    });
    expect(reply.outputs.map((output) => output.type)).toEqual(['invoice_issued', 'tier_changed']);
    expect(billing.account.status).toBe('active');
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it.each([
    ['PREMIUM', 75_600],
    ['PRO', 190_800],
  ] as const)('charges %s annual %i cents and renews a year later', async (tier, cents) => {
    const billing = billingHarness('2025-03-10T08:00:00Z');
    await billing.saveCard('succeeds');

    const reply = await billing.subscribe(tier, 'annual');

    expect(reply.result).toMatchObject({ amountChargedCents: cents, periodEnd: '2026-03-10T08:00:00.000Z' });
  });
});

describe('upgrading with proration', () => {
  it('Premium bought 1 January, Platinum on 11 January: 21 of 31 days credited', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-11T15:00:00Z');

    const reply = await billing.changePlan('PRO', 'monthly');

    // Credit = 7,900 x 21 / 31 = 5,351.61 -> 5,352; first Platinum charge 19,900 - 5,352 = 14,548.
    const invoice = reply.outputs.find((output) => output.type === 'invoice_issued');
    expect(invoice).toMatchObject({
      invoice: {
        number: 'INV-0002',
        reason: 'change',
        totalCents: 14_548,
        periodStart: '2025-01-11T15:00:00.000Z',
        periodEnd: '2025-02-11T15:00:00.000Z',
        lines: [
          { kind: 'plan', amountCents: 19_900 },
          {
            kind: 'proration_credit',
            amountCents: -5_352,
            replacedInvoice: 'INV-0001',
            remainingDays: 21,
            daysInPeriod: 31,
          },
        ],
      },
    });
    expect(reply.outputs).toContainEqual(
      expect.objectContaining({
        type: 'tier_changed',
        reason: 'upgraded',
        consequences: expect.objectContaining({ from: 'PREMIUM', to: 'PRO', customAlertRules: 'resumed' }),
      }),
    );
    // 7,900 + 14,548 = 22,448 taken in all.
    expect(billing.gateway.netCollectedCents()).toBe(22_448);
    expect(billing.account.anchor).toBe('2025-01-11T15:00:00.000Z');
  });

  it('refuses Premium annual to Platinum monthly and suggests Platinum annual', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'annual');
    const before = billing.account;

    await expect(billing.changePlan('PRO', 'monthly')).rejects.toMatchObject({
      status: 400,
      messageCode: 'BILLING_CHANGE_LOWERS_CHARGE',
      params: { tier: 'PRO', suggestedCycle: 'annual' },
    });
    expect(billing.account).toBe(before);
  });

  it('refuses the plan the account already has', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PRO', 'monthly');

    await expect(billing.changePlan('PRO', 'monthly')).rejects.toMatchObject({
      status: 409,
      messageCode: 'BILLING_ALREADY_ON_PLAN',
    });
  });
});

describe('renewal', () => {
  it('renews on the anchor day, month ends clamped, without drifting', async () => {
    const billing = await subscribedHarness('2025-01-31T10:00:00Z', 'PREMIUM', 'monthly');

    billing.at('2025-02-28T09:59:59Z');
    expect((await billing.runRenewalJob()).result).toEqual({ outcome: 'nothing_due' });

    billing.at('2025-02-28T10:00:00Z');
    const february = await billing.runRenewalJob();
    billing.at('2025-03-31T10:05:00Z');
    const march = await billing.runRenewalJob();

    // 31 January + 1 month = 28 February (2025 is not a leap year); + 2 = 31 March; + 3 = 30 April.
    expect(february.result).toMatchObject({
      invoiceNumber: 'INV-0002',
      periodEnd: '2025-03-31T10:00:00.000Z',
    });
    expect(march.result).toMatchObject({ invoiceNumber: 'INV-0003', periodEnd: '2025-04-30T10:00:00.000Z' });
    expect(billing.account.period?.start).toBe('2025-03-31T10:00:00.000Z');
    expect(billing.gateway.netCollectedCents()).toBe(3 * 7_900);
  });

  it('a failed renewal opens 7 days of grace, then returns the account to FREE', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    await billing.saveCard('declines');

    billing.at('2025-02-01T09:00:00Z');
    const failed = await billing.runRenewalJob();

    // Period end 1 February 09:00 + 7 days = 8 February 09:00.
    expect(failed.result).toEqual({
      outcome: 'grace_period',
      graceEndsAt: '2025-02-08T09:00:00.000Z',
      messageCode: 'BILLING_CARD_DECLINED',
    });
    expect(billing.account).toMatchObject({ status: 'past_due', plan: { tier: 'PREMIUM' } });

    billing.at('2025-02-08T08:59:59Z');
    expect((await billing.runRenewalJob()).result).toEqual({ outcome: 'nothing_due' });

    billing.at('2025-02-08T09:00:00Z');
    const lapsed = await billing.runRenewalJob();

    expect(lapsed.result).toEqual({ outcome: 'returned_to_free', reason: 'grace_expired' });
    expect(lapsed.outputs).toEqual([
      {
        type: 'tier_changed',
        reason: 'grace_expired',
        consequences: expect.objectContaining({
          to: 'FREE',
          loweredLimits: [
            { feature: 'portfolio_assets', from: 25, to: 5 },
            { feature: 'ai_recommendations', from: 10, to: 3 },
            { feature: 'market_alerts', from: 50, to: 5 },
            // Questions to the analyst a day, Premium 30 to Free 3 (functions/src/subscription/README.md).
            { feature: 'analyst_questions', from: 30, to: 3 },
          ],
        }),
      },
    ]);
    expect(billing.account).toMatchObject({ status: 'free', plan: null, graceEndsAt: null });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it('a payment retried during grace keeps the anchor: the period starts where the failed one ended', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    await billing.failRenewalAt('2025-02-01T09:00:00Z');
    await billing.saveCard('succeeds');
    billing.at('2025-02-03T12:00:00Z');

    const retried = await billing.step((service, account) =>
      service.retryPayment(account, { key: 'retry-1' }),
    );

    // 1 January + 2 months = 1 March 09:00.
    expect(retried.result).toMatchObject({
      outcome: 'paid',
      amountChargedCents: 7_900,
      periodEnd: '2025-03-01T09:00:00.000Z',
    });
    expect(billing.account).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(billing.account.charges.at(-1)?.chargedAt).toBe('2025-02-03T12:00:00.000Z');
  });

  it('a renewal on a card that needs a challenge fails off-session and opens the grace period', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PRO', 'monthly');
    await billing.saveCard('requires_authentication');
    billing.at('2025-02-01T09:00:00Z');

    const failed = await billing.runRenewalJob();

    expect(failed.result).toMatchObject({
      outcome: 'grace_period',
      messageCode: 'BILLING_AUTHENTICATION_REQUIRED',
    });
  });
});
