import { describe, expect, it } from 'vitest';
import { createBillingService } from '../billing/billing-service';
import { subscribedHarness } from '../testing/billing-test-harness';
import type { BillingAccount } from '../billing/billing-account';
import { SandboxPaymentGateway } from '../billing/payment-gateway';
import { dueInstantOf, type BillingCommit, type StoredBilling } from '../data/billing-repository';
import { runBillingRenewals, type BillingRenewalDeps } from './billing-renewal';

/**
 * The renewal job over an in-memory store (the DynamoDB one is exercised by
 * tests/integration/billing.test.ts): which accounts it visits, what it counts, and that a second
 * run at the same instant does nothing twice.
 */

function memoryRepository(accounts: Record<string, BillingAccount>) {
  const stored = new Map<string, StoredBilling>(
    Object.entries(accounts).map(([userId, { processed: _processed, ...account }]) => [
      userId,
      { account, version: 1, lock: null },
    ]),
  );
  const commits: BillingCommit[] = [];
  return {
    commits,
    stored,
    repository: {
      load: async (userId: string) => stored.get(userId) ?? null,
      loadAnswer: async () => null,
      acquire: async (userId: string, read: StoredBilling | null, _fresh: unknown, key: string) => {
        const current = stored.get(userId);
        if (!current || current.version !== read?.version || current.lock) return false;
        stored.set(userId, { ...current, lock: { key, until: 'later' } });
        return true;
      },
      release: async (userId: string) => {
        const current = stored.get(userId);
        if (current) stored.set(userId, { ...current, lock: null });
      },
      commit: async (step: BillingCommit) => {
        commits.push(step);
        stored.set(step.userId, {
          account: step.account,
          version: (step.expectedVersion ?? 0) + 1,
          lock: null,
        });
        return true;
      },
      // One shard is enough here: every account is in shard 0.
      listDue: async (shard: number, at: Date) =>
        shard !== 0
          ? []
          : [...stored.entries()]
              .filter(([, item]) => {
                const due = dueInstantOf(item.account);
                return due !== null && due <= at.toISOString();
              })
              .map(([userId]) => userId),
    },
  };
}

describe('the billing renewal job', () => {
  it('renews, opens a grace period and returns a lapsed account to FREE, each once', async () => {
    // Three accounts bought Premium monthly on 1 January 2025 at 09:00 UTC (period end 1 February);
    // a fourth on 20 January (period end 20 February).
    const renewing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly', 'renewing');
    const declining = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly', 'declining');
    await declining.saveCard('declines');
    const lapsing = await subscribedHarness('2025-01-01T09:00:00Z', 'PREMIUM', 'monthly', 'lapsing');
    // Its renewal failed on 1 February: the grace period ends 8 February 09:00 (7 days).
    await lapsing.failRenewalAt('2025-02-01T09:00:00Z');
    const notDue = await subscribedHarness('2025-01-20T09:00:00Z', 'PREMIUM', 'monthly', 'notDue');
    const memory = memoryRepository({
      renewing: renewing.account,
      declining: declining.account,
      lapsing: lapsing.account,
      notDue: notDue.account,
    });
    const at = new Date('2025-02-08T09:15:00Z');
    const deps: BillingRenewalDeps = {
      repository: memory.repository,
      service: createBillingService({ gateway: new SandboxPaymentGateway(), now: () => at }),
      now: () => at,
    };

    const first = await runBillingRenewals(deps, at);
    const second = await runBillingRenewals(deps, at);

    expect(first).toEqual({
      at: at.toISOString(),
      due: 3,
      renewed: 1,
      failed: 1,
      returnedToFree: 1,
      skipped: 0,
    });
    // The renewed account's next period ends 1 March. The declined one's grace period ends 7 days
    // after its period end (8 February 09:00), already past at 09:15: the second run lapses it.
    expect(memory.stored.get('renewing')?.account).toMatchObject({
      status: 'active',
      period: { end: '2025-03-01T09:00:00.000Z' },
    });
    expect(memory.stored.get('lapsing')?.account).toMatchObject({ status: 'free' });
    expect(second).toMatchObject({ due: 1, renewed: 0, failed: 0, returnedToFree: 1 });
    expect(memory.stored.get('declining')?.account).toMatchObject({ status: 'free' });
    expect(memory.stored.get('notDue')?.account).toMatchObject({ status: 'active' });
  });
});
