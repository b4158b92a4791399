import type { ScheduledEvent } from 'aws-lambda';
import { getConfig } from '../config';
import { createBillingService } from '../billing/billing-service';
import { createReceiptDeps } from '../billing/billing-receipts';
import { createUsersRepository } from '../data/users-repository';
import { createSqsMailQueue } from '../notifications/mail-queue';
import { createQueueClient } from '../platform/queue-client';
import { createPaymentGateway } from '../billing/create-payment-gateway';
import { runBillingRequest, type BillingStoreDeps } from '../billing/billing-store';
import {
  BILLING_DUE_SHARDS,
  createBillingRepository,
  type BillingRepository,
} from '../data/billing-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';

/*
 * The billing renewal job (EventBridge every BILLING_RENEWAL_MINUTES in the cloud, the local
 * scheduler's timer on a laptop). It finds the accounts with something due through the index the
 * billing repository keeps (`BILLING_DUE#<shard>`, sorted by the due instant: no Scan), and runs the
 * state machine's `runDueRenewal` on each, through the same store as the routes (lock, one
 * transaction): a period that ended renews (or ends, if cancelled), a declined renewal opens the 7-day
 * grace period, a grace period that ended returns the account to FREE.
 *
 * Idempotent: the renewal's gateway key derives from the period end, and an account already renewed
 * is no longer due; a second run, a retry or a concurrent run charges nothing twice.
 */

export interface BillingRenewalDeps extends BillingStoreDeps {
  repository: BillingStoreDeps['repository'] & Pick<BillingRepository, 'listDue'>;
}

export interface BillingRenewalOutcome {
  at: string;
  due: number;
  renewed: number;
  failed: number;
  returnedToFree: number;
  /** Accounts that were due but another request held them, or a step failed: tried again next run. */
  skipped: number;
}

export async function runBillingRenewals(deps: BillingRenewalDeps, at: Date): Promise<BillingRenewalOutcome> {
  const outcome: BillingRenewalOutcome = {
    at: at.toISOString(),
    due: 0,
    renewed: 0,
    failed: 0,
    returnedToFree: 0,
    skipped: 0,
  };
  for (let shard = 0; shard < BILLING_DUE_SHARDS; shard += 1) {
    for (const userId of await deps.repository.listDue(shard, at)) {
      outcome.due += 1;
      try {
        const reply = await runBillingRequest(
          userId,
          `renewal-job:${at.toISOString()}`,
          (service, account) => service.runDueRenewal(account),
          deps,
        );
        const result = reply.result.outcome;
        if (result === 'paid') outcome.renewed += 1;
        else if (result === 'grace_period') outcome.failed += 1;
        else if (result === 'returned_to_free') outcome.returnedToFree += 1;
      } catch (error: unknown) {
        outcome.skipped += 1;
        logger.warn('billing renewal: account skipped', {
          userId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return outcome;
}

let lambdaDeps: BillingRenewalDeps | undefined;

export function createBillingRenewalDeps(now: () => Date = () => new Date()): BillingRenewalDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  return {
    repository: createBillingRepository(client, {
      users: config.TABLE_USERS,
      idempotency: config.TABLE_IDEMPOTENCY,
    }),
    service: createBillingService({ gateway: createPaymentGateway(config), now }),
    now,
    receipts: createReceiptDeps(
      createSqsMailQueue(createQueueClient(config), config.MAIL_QUEUE_URL),
      createUsersRepository(client, config.TABLE_USERS),
    ),
  };
}

/** EventBridge scheduled rule target; the event's `time` is the schedule's instant. */
export async function handler(
  event: Partial<Pick<ScheduledEvent, 'time'>> = {},
): Promise<BillingRenewalOutcome> {
  lambdaDeps ??= createBillingRenewalDeps();
  const at = event.time && !Number.isNaN(Date.parse(event.time)) ? new Date(event.time) : new Date();
  const outcome = await runBillingRenewals(lambdaDeps, at);
  logger.info('billing renewals finished', { ...outcome });
  return outcome;
}
