import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { SANDBOX_TEST_CARDS } from '@app/shared/domain/billing/sandbox-test-cards';
import type { Config } from '../config';
import { createBillingRepository } from '../data/billing-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { createBillingService } from './billing-service';
import { runBillingRequest } from './billing-store';
import { createPaymentGateway } from './create-payment-gateway';

/**
 * Gives a seeded account (the local stack's demo investor and admin) its plan the way a user gets one:
 * the sandbox card that always succeeds, then a subscription, through the billing store, so the
 * profile's tier, the billing account and the invoices agree. Idempotent: the keys are fixed per user,
 * and an account that already has billing is left alone.
 */
export async function seedSubscription(
  userId: string,
  plan: PaidPlan,
  config: Pick<Config, 'TABLE_USERS' | 'TABLE_IDEMPOTENCY' | 'PAYMENT_GATEWAY'> &
    Parameters<typeof createDocumentClient>[0],
): Promise<void> {
  const client = createDocumentClient(config);
  const repository = createBillingRepository(client, {
    users: config.TABLE_USERS,
    idempotency: config.TABLE_IDEMPOTENCY,
  });
  if ((await repository.load(userId))?.account.status === 'active') return;
  const now = () => new Date();
  const deps = {
    repository,
    service: createBillingService({ gateway: createPaymentGateway(config), now }),
    now,
  };
  await runBillingRequest(
    userId,
    `seed-card:${userId}`,
    (service, account) =>
      service.savePaymentMethod(account, {
        key: `seed-card:${userId}`,
        source: {
          kind: 'card',
          card: {
            number: SANDBOX_TEST_CARDS.succeeds,
            exp_month: 12,
            exp_year: now().getUTCFullYear() + 5,
            cvc: '123',
          },
        },
      }),
    deps,
  );
  await runBillingRequest(
    userId,
    `seed-plan:${userId}`,
    (service, account) => service.subscribe(account, { key: `seed-plan:${userId}`, plan }),
    deps,
  );
}
