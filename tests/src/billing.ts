import { randomUUID } from 'node:crypto';
import { contract } from '@app/shared/api';
import type { BillingCycle, PaidTier } from '@app/shared/domain/billing/billing-plans';
import type { BillingAnswer } from '@app/shared/domain/entities/billing';
import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@app/shared/domain/billing/sandbox-test-cards';
import { inject } from 'vitest';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createBillingRepository } from '@app/functions/data/billing-repository';
import { createBillingService } from '@app/functions/billing/billing-service';
import { SandboxPaymentGateway } from '@app/functions/billing/payment-gateway';
import { runBillingRequest } from '@app/functions/billing/billing-store';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, type ApiResponse, type SignedInUser } from './api';

/**
 * Buying a plan the way the site does it: keep a sandbox test card, then choose the plan, each request
 * with its own Idempotency-Key (the site sends one per submitted form).
 */

export interface BillingErrorBody {
  error: string;
  code: string;
  message_code?: string;
  issues?: { path: string; message: string }[];
}

export type BillingResponse = ApiResponse<BillingAnswer & BillingErrorBody>;

const routes = contract.subscription;

export const newKey = (prefix = 'test') => `${prefix}-${randomUUID()}`;

export function testCard(behaviour: SandboxCardBehaviour = 'succeeds') {
  return {
    number: SANDBOX_TEST_CARDS[behaviour],
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
}

export function saveCard(
  user: SignedInUser,
  behaviour: SandboxCardBehaviour = 'succeeds',
  key = newKey('card'),
): Promise<BillingResponse> {
  return api(routes.savePaymentMethod.method, routes.savePaymentMethod.path, {
    token: user.token,
    headers: { 'idempotency-key': key },
    body: { card: testCard(behaviour) },
  });
}

export function choosePlan(
  user: SignedInUser,
  tier: PaidTier,
  cycle: BillingCycle = 'monthly',
  key = newKey('plan'),
): Promise<BillingResponse> {
  return api(routes.choosePlan.method, routes.choosePlan.path, {
    token: user.token,
    headers: { 'idempotency-key': key },
    body: { tier, cycle },
  });
}

/** A billing write without a body (cancel, keep, retry, refund). */
export function billingAction(
  user: SignedInUser,
  route: 'cancelPlan' | 'keepPlan' | 'retryPayment' | 'requestRefund',
  key = newKey(route),
): Promise<BillingResponse> {
  return api(routes[route].method, routes[route].path, {
    token: user.token,
    headers: { 'idempotency-key': key },
  });
}

/** A new paid plan on the card that always succeeds; throws unless it was paid. */
export async function subscribe(user: SignedInUser, tier: PaidTier, cycle: BillingCycle = 'monthly') {
  const card = await saveCard(user);
  if (card.status !== 200) throw new Error(`saving the test card failed: ${card.status} ${card.text}`);
  const plan = await choosePlan(user, tier, cycle);
  if (plan.status !== 200 || plan.body.outcome !== 'paid') {
    throw new Error(`subscribing to ${tier} failed: ${plan.status} ${plan.text}`);
  }
  return plan.body;
}

/**
 * The renewal job's step for one account, with the clock at `at`: the same store, lock and
 * transaction as the job, on one account at a time so suites running at once are not renewed under
 * their feet.
 */
export function renewalAt(userId: string, at: Date) {
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const now = () => at;
  const deps = {
    repository: createBillingRepository(client, {
      users: tableName('local', 'users'),
      idempotency: tableName('local', 'idempotency'),
    }),
    service: createBillingService({ gateway: new SandboxPaymentGateway(), now }),
    now,
  };
  return {
    repository: deps.repository,
    run: () =>
      runBillingRequest(
        userId,
        `renewal-job:${at.toISOString()}`,
        (service, account) => service.runDueRenewal(account),
        deps,
      ),
  };
}

/**
 * A paid plan cancelled, then the renewal job's step a minute past its period end: the account is
 * back on FREE as it would be in production (docs/product.md "Business rules and limits").
 */
export async function cancelAndRunPastPeriodEnd(user: SignedInUser, paid: { period_end?: unknown }) {
  const cancelled = await billingAction(user, 'cancelPlan');
  if (cancelled.status !== 200) throw new Error(`cancelling failed: ${cancelled.status} ${cancelled.text}`);
  const ended = await renewalAt(
    user.userId,
    new Date(new Date(String(paid.period_end)).getTime() + 60_000),
  ).run();
  return ended.result.outcome;
}
