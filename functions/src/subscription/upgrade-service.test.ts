import { describe, expect, it } from 'vitest';
import type { Invoice } from '@app/shared/domain/entities/subscription';
import type { Tier } from '@app/shared/domain/enums';
import { SubscriptionChangedError, type PaidUpgrade } from '../data/invoices-repository';
import type { StoredUser } from '../data/users-repository';
import { BadRequestError, ConflictError } from '../platform/errors';
import { SandboxPaymentGateway } from '../billing/payment-gateway';
import type { SubscriptionDeps } from './subscription-service';
import { upgradeRefusal, upgradeSubscription } from './upgrade-service';

const NOW = new Date('2025-01-31T10:00:00.000Z');

function storedUser(tier: Tier): StoredUser {
  return {
    id: 'user-1',
    email: 'ada@example.test',
    first_name: 'Ada',
    last_name: 'Investor',
    role: 'USER',
    subscription_tier: tier,
    language: 'en',
    theme: 'dark',
    created_at: '2025-01-01T00:00:00.000Z',
    subscription_started_at: null,
    subscription_expires_at: null,
  };
}

/** In-memory stand-ins with the repositories' behaviour: the tier condition of the transaction included. */
function fakeDeps(tier: Tier, options: { concurrentWinnerCharge?: string | null } = {}) {
  let user = storedUser(tier);
  const recorded: PaidUpgrade[] = [];
  const gateway = new SandboxPaymentGateway();
  const deps = {
    users: { get: async () => user },
    invoices: {
      list: async (): Promise<Invoice[]> => recorded.map((upgrade) => upgrade.invoice).reverse(),
      hasRecentCharge: async (_userId: string, chargeId: string) =>
        options.concurrentWinnerCharge === chargeId,
      recordPaidUpgrade: async (upgrade: PaidUpgrade) => {
        if (options.concurrentWinnerCharge !== undefined || user.subscription_tier !== upgrade.expectedTier) {
          throw new SubscriptionChangedError(upgrade.userId);
        }
        recorded.push(upgrade);
        user = {
          ...user,
          subscription_tier: upgrade.targetTier,
          subscription_started_at: upgrade.startedAt,
          subscription_expires_at: upgrade.expiresAt,
        };
      },
    },
    gateway,
    now: () => NOW,
  } as unknown as SubscriptionDeps;
  return { deps, recorded, gateway };
}

describe('upgradeRefusal', () => {
  it.each([
    ['FREE', 'PREMIUM'],
    ['FREE', 'PRO'],
    ['PREMIUM', 'PRO'],
  ] as const)('lets %s move up to %s', (from, to) => {
    expect(upgradeRefusal(from, to)).toBeNull();
  });

  it('explains the same tier and names the next one', () => {
    expect(upgradeRefusal('PREMIUM', 'PREMIUM')).toBe(
      'You are already on the Premium plan. You can upgrade to Platinum.',
    );
  });

  it('explains a downgrade with the tier order', () => {
    expect(upgradeRefusal('PRO', 'FREE')).toBe(
      'Free is a lower plan than your current Platinum plan: plans can only be upgraded (Free < Premium < Platinum). ' +
        'It is the highest plan.',
    );
  });
});

describe('upgradeSubscription', () => {
  it('charges the new tier, records one paid invoice and moves the tier for one month', async () => {
    const { deps, recorded } = fakeDeps('FREE');

    const response = await upgradeSubscription('user-1', 'PREMIUM', deps);

    expect(recorded).toHaveLength(1);
    expect(response).toMatchObject({
      tier: 'PREMIUM',
      previous_tier: 'FREE',
      expires_at: '2025-02-28T10:00:00.000Z',
      invoice: { tier: 'PREMIUM', amount: 79, currency: 'USD', status: 'paid', gateway: 'sandbox' },
    });
    expect(response.message).toContain('Welcome to Premium!');
    expect(recorded[0]?.chargeId).toMatch(/^ch_sandbox_[0-9a-f]{24}$/);
  });

  it('refuses a downgrade before charging anything', async () => {
    const { deps, recorded, gateway } = fakeDeps('PRO');
    let charged = false;
    gateway.charge = async () => {
      charged = true;
      return { status: 'approved', chargeId: 'ch_x' };
    };

    await expect(upgradeSubscription('user-1', 'PREMIUM', deps)).rejects.toBeInstanceOf(BadRequestError);
    expect(charged).toBe(false);
    expect(recorded).toHaveLength(0);
  });

  it('keeps the charge of a double click that the first click recorded (no refund)', async () => {
    const first = fakeDeps('FREE');
    const firstResponse = await upgradeSubscription('user-1', 'PREMIUM', first.deps);
    const winnerCharge = first.recorded[0]?.chargeId ?? null;
    const second = fakeDeps('FREE', { concurrentWinnerCharge: winnerCharge });

    const attempt = upgradeSubscription('user-1', 'PREMIUM', second.deps);

    await expect(attempt).rejects.toThrow(ConflictError);
    await expect(attempt).rejects.toThrow(/charged once/);
    expect(second.gateway.refunded).toEqual([]);
    expect(firstResponse.tier).toBe('PREMIUM');
  });

  it('refunds its charge when another request changed the plan to something else', async () => {
    const { deps, gateway } = fakeDeps('FREE', { concurrentWinnerCharge: 'ch_sandbox_of_another_upgrade' });

    await expect(upgradeSubscription('user-1', 'PRO', deps)).rejects.toThrow(/refunded/);
    expect(gateway.refunded).toHaveLength(1);
  });

  it('refuses a declined payment and records nothing', async () => {
    const { deps, recorded, gateway } = fakeDeps('FREE');
    gateway.charge = async () => ({ status: 'declined', reason: 'insufficient funds' });

    await expect(upgradeSubscription('user-1', 'PREMIUM', deps)).rejects.toThrow(
      'The payment was declined: insufficient funds',
    );
    expect(recorded).toHaveLength(0);
  });
});
