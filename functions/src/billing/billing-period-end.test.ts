import { describe, expect, it } from 'vitest';
import { subscribedHarness } from '../testing/billing-test-harness';

/**
 * Scenario tests of what waits for the period end: downgrades and cancellations. Frozen clock, the
 * real sandbox gateway, cents worked out by hand (Premium 7,900 a month, Platinum 19,900, Premium
 * annual 75,600).
 */

describe('downgrade and cancellation at the period end', () => {
  it('Platinum to Premium waits for the period end, then charges Premium and pauses custom rules', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PRO', 'monthly');
    billing.at('2025-01-20T10:00:00Z');

    const scheduled = await billing.changePlan('PREMIUM', 'monthly');

    expect(scheduled.result).toEqual({
      outcome: 'change_scheduled',
      change: {
        kind: 'downgrade',
        plan: { tier: 'PREMIUM', cycle: 'monthly' },
        effectiveAt: '2025-02-01T09:00:00.000Z',
      },
    });
    expect(billing.account.plan?.tier).toBe('PRO');
    expect(billing.gateway.netCollectedCents()).toBe(19_900);

    billing.at('2025-02-01T09:00:00Z');
    const renewed = await billing.runRenewalJob();

    expect(renewed.result).toMatchObject({
      amountChargedCents: 7_900,
      periodEnd: '2025-03-01T09:00:00.000Z',
    });
    expect(renewed.outputs).toContainEqual(
      expect.objectContaining({
        type: 'tier_changed',
        reason: 'downgraded',
        consequences: expect.objectContaining({ customAlertRules: 'paused' }),
      }),
    );
    // 19,900 + 7,900.
    expect(billing.gateway.netCollectedCents()).toBe(27_800);
  });

  it('a cancellation keeps the plan until the period end, then FREE with nothing charged', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    billing.at('2025-01-15T10:00:00Z');

    const cancelled = await billing.step((service, account) => service.cancel(account, { key: 'cancel-1' }));

    expect(cancelled.result).toEqual({
      outcome: 'change_scheduled',
      change: { kind: 'cancel', effectiveAt: '2025-02-01T09:00:00.000Z' },
    });
    billing.at('2025-01-31T23:00:00Z');
    expect((await billing.runRenewalJob()).result).toEqual({ outcome: 'nothing_due' });
    expect(billing.account.status).toBe('active');

    billing.at('2025-02-01T09:00:00Z');
    const ended = await billing.runRenewalJob();

    expect(ended.result).toEqual({ outcome: 'returned_to_free', reason: 'cancelled' });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });

  it('a withdrawn cancellation renews as usual', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    await billing.step((service, account) => service.cancel(account, { key: 'cancel-1' }));
    await billing.step((service, account) => service.withdrawScheduledChange(account, { key: 'keep-1' }));
    billing.at('2025-02-01T09:00:00Z');

    const renewed = await billing.runRenewalJob();

    expect(renewed.result).toMatchObject({ outcome: 'paid', amountChargedCents: 7_900 });
  });

  it('cancelling during grace ends the unpaid plan at once', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    await billing.failRenewalAt('2025-02-01T09:00:00Z');

    const cancelled = await billing.step((service, account) => service.cancel(account, { key: 'cancel-1' }));

    expect(cancelled.result).toEqual({ outcome: 'returned_to_free', reason: 'cancelled' });
  });

  it('a downgrade to an annual plan renews from the same anchor, 12 months on', async () => {
    const billing = await subscribedHarness('2025-01-31T10:00:00Z', 'PRO', 'monthly');
    await billing.changePlan('PREMIUM', 'annual');
    billing.at('2025-02-28T10:00:00Z');

    const renewed = await billing.runRenewalJob();

    // Anchor 31 January 2025; the first period ended at +1 month; +1 +12 = 13 months = February 2026,
    // whose last day is the 28th.
    expect(renewed.result).toMatchObject({
      amountChargedCents: 75_600,
      periodEnd: '2026-02-28T10:00:00.000Z',
    });
    expect(billing.account.period).toMatchObject({ start: '2025-02-28T10:00:00.000Z', endOffsetMonths: 13 });
  });

  it('a renewal abandons an upgrade still waiting for its challenge', async () => {
    const billing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly');
    await billing.saveCard('requires_authentication');
    billing.at('2025-01-25T09:00:00Z');
    const pending = await billing.changePlan('PRO', 'monthly');
    // 25 January to 1 February: 7 of 31 days; 7,900 x 7 / 31 = 1,783.87 -> 1,784; 19,900 - 1,784 = 18,116.
    expect(pending.result).toMatchObject({ outcome: 'requires_authentication', amountCents: 18_116 });
    billing.at('2025-02-01T09:00:00Z');

    const renewal = await billing.runRenewalJob();

    expect(renewal.result).toMatchObject({
      outcome: 'grace_period',
      messageCode: 'BILLING_AUTHENTICATION_REQUIRED',
    });
    expect(billing.account).toMatchObject({ pendingPayment: null, plan: { tier: 'PREMIUM' } });
    await expect(
      billing.step((service, account) =>
        service.confirmAuthentication(account, { key: 'late', outcome: 'approve' }),
      ),
    ).rejects.toMatchObject({ messageCode: 'BILLING_NO_PENDING_AUTHENTICATION' });
    expect(billing.gateway.netCollectedCents()).toBe(7_900);
  });
});
