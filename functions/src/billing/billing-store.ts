import type { Tier } from '@app/shared/domain/enums';
import type { BillingRepository, StoredBilling } from '../data/billing-repository';
import {
  newBillingAccount,
  tierOf,
  type BillingAccount,
  type BillingInvoice,
  type CreditNote,
  type ProcessedRequest,
} from './billing-account';
import { BillingBusyError } from './billing-errors';
import { sendReceipts, type ReceiptDeps } from './billing-receipts';
import type { BillingReply, BillingService } from './billing-service';

/**
 * Runs one billing request against storage, so the state machine's answers hold when requests and
 * Lambdas run at once:
 *
 * 1. read the account item and the answer already given to the request's key; a repeat is answered
 *    from it by the service (no lock, no gateway call, nothing written);
 * 2. take the account (`acquire`: the version read, no other unexpired lock), or answer 409
 *    BILLING_REQUEST_IN_PROGRESS when another request holds it;
 * 3. run the service (it calls the gateway with keys derived from the request's key);
 * 4. write the result in ONE transaction (`commit`): the account, the answer, invoices, credit notes and
 *    the profile's tier. A refused request (a BillingError) releases the account unchanged.
 *
 * A run that dies between 3 and 4 leaves a lock that expires (BILLING_LOCK_MS); the retried request,
 * same key, is charged once by the processor (same gateway key, same charge).
 */

export interface BillingStoreDeps {
  repository: Pick<BillingRepository, 'load' | 'loadAnswer' | 'acquire' | 'release' | 'commit'>;
  service: BillingService;
  now: () => Date;
  /** Receipt mails of each committed charge and refund (billing-receipts.ts); none in tests without. */
  receipts?: ReceiptDeps;
}

export type BillingOperation = (service: BillingService, account: BillingAccount) => Promise<BillingReply>;

/**
 * An account stored before `moneyBackUsedAt` existed used the guarantee if a payment was refunded; the
 * refund's day was not kept, so the refunded payment's date (at most 30 days earlier) stands for it.
 */
function moneyBackUsedAtOf(account: Omit<BillingAccount, 'processed'>): string | null {
  if (account.moneyBackUsedAt) return account.moneyBackUsedAt;
  return account.charges.find((charge) => charge.refunded)?.chargedAt ?? null;
}

/** Reads of an account that has never billed anything see a new, FREE one. */
export function accountOf(userId: string, stored: StoredBilling | null): BillingAccount {
  if (!stored) return newBillingAccount(userId);
  const account = stored.account as Omit<BillingAccount, 'processed'>;
  return { ...account, moneyBackUsedAt: moneyBackUsedAtOf(account), processed: {} };
}

function withoutAnswers(account: BillingAccount): Omit<BillingAccount, 'processed'> {
  const { processed: _processed, ...rest } = account;
  return rest;
}

/** What entitlements read from the profile: the tier and its paid period. */
export function profileOf(account: BillingAccount): {
  tier: Tier;
  startedAt: string | null;
  expiresAt: string | null;
} {
  return {
    tier: tierOf(account),
    startedAt: account.period?.start ?? null,
    expiresAt: account.period?.end ?? null,
  };
}

/** Attempts when another request moved the version between the read and the take-over. */
const MAX_ATTEMPTS = 3;

export async function runBillingRequest(
  userId: string,
  key: string,
  operation: BillingOperation,
  deps: BillingStoreDeps,
): Promise<BillingReply> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const [stored, answer] = await Promise.all([
      deps.repository.load(userId),
      deps.repository.loadAnswer(userId, key),
    ]);
    const account = accountOf(userId, stored);
    if (answer) {
      return operation(deps.service, { ...account, processed: { [key]: answer as ProcessedRequest } });
    }
    const now = deps.now();
    if (!(await deps.repository.acquire(userId, stored, withoutAnswers(account), key, now))) {
      const latest = await deps.repository.load(userId);
      const held = latest?.lock && latest.lock.key !== key && latest.lock.until > now.toISOString();
      if (held) throw new BillingBusyError();
      continue;
    }
    let reply: BillingReply;
    try {
      reply = await operation(deps.service, account);
    } catch (error: unknown) {
      await deps.repository.release(userId, key);
      throw error;
    }
    if (reply.outputs.length === 0 && Object.keys(reply.account.processed).length === 0) {
      // Nothing happened and nothing was answered (a renewal run with nothing due): write nothing.
      await deps.repository.release(userId, key);
      return reply;
    }
    const committed = await deps.repository.commit({
      userId,
      expectedVersion: stored?.version ?? 0,
      lockKey: key,
      account: withoutAnswers(reply.account),
      answers: reply.account.processed,
      invoices: reply.outputs.flatMap((output): BillingInvoice[] =>
        output.type === 'invoice_issued' ? [output.invoice] : [],
      ),
      creditNotes: reply.outputs.flatMap((output): CreditNote[] =>
        output.type === 'credit_note_issued' ? [output.creditNote] : [],
      ),
      profile: profileOf(reply.account),
      now: deps.now(),
    });
    if (!committed) throw new BillingBusyError();
    if (deps.receipts) await sendReceipts(userId, reply.outputs, deps.receipts);
    return reply;
  }
  throw new BillingBusyError();
}
