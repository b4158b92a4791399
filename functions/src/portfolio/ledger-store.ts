import type { LedgerBook } from '@app/shared/domain/ledger/ledger-book';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { message } from '@app/shared/messages/message';
import type { HoldingsRepository } from '../data/holdings-repository';
import type { LedgerRepository, StoredLedger } from '../data/ledger-repository';
import type { UsersRepository } from '../data/users-repository';
import { liftingTierFor, tierLimits, upgradeMessageFor } from '../entitlements/feature-gate';
import type { MarketEngine } from '../market-data/market-engine';
import type { MarketReading } from '../market-data/market-quotes';
import { ConflictError, QuotaExceededError, fieldError } from '../platform/errors';
import { currentRequestScope } from '../platform/request-scope';
import { MAX_WRITE_ATTEMPTS } from './holdings-service';
import { checkLedger, symbolsHeld, type LedgerProblemTarget } from './ledger-rules';
import { syncHoldingsWithLedger } from './ledger-projection';
import { migrateUserHoldings } from './ledger-migration';
import type { PortfolioMarket } from './portfolio-market';

/**
 * Reading and writing a user's ledger (data/ledger-repository.ts): the lazy migration of the holdings
 * from before the ledger, and the one write path every change takes (checked, quota, conditional
 * save, holdings derived again).
 */

export interface LedgerStoreDeps {
  ledgers: LedgerRepository;
  holdings: HoldingsRepository;
  users: Pick<UsersRepository, 'get'>;
  market: PortfolioMarket;
  engine: MarketEngine;
  now: () => Date;
  newId: () => string;
  sleep?: (milliseconds: number) => Promise<void>;
}

/**
 * The caller's ledger; the first call turns their holdings into opening BUY rows and stores them, as
 * the migration job does (portfolio/ledger-migration.ts), for a user it has not reached yet.
 */
export async function loadLedger(
  userId: string,
  deps: LedgerStoreDeps,
  reading: MarketReading = deps.market.readMarket(),
): Promise<StoredLedger> {
  const migration = await migrateUserHoldings(userId, deps, reading.marketDate.date);
  if (migration.status === 'too_large') throw new ConflictError(message('PORTFOLIO_LEDGER_CHANGED'));
  return migration.ledger;
}

export interface LedgerChange<Result> {
  transactions?: LedgerTransaction[];
  settings?: Pick<StoredLedger, 'base_currency' | 'cost_method'>;
  /** How a ledger that no longer adds up is refused: a 400 on the row, or a 409 (a delete). */
  target: LedgerProblemTarget;
  /** The field a ledger too large to store is blamed on (`body.note`); by default the target's. */
  storageField?: string;
  result: Result;
}

/** DynamoDB's 400 KB item bound, in KB, as the refusal says it (data/item-size.ts). */
const LEDGER_STORAGE_KB = 400;

/**
 * A row too large for its own item (one row per item since issue 43: the schema's bounds on a note
 * keep every row far below 400 KB, so this guards a bound the schema no longer enforces): a 400
 * naming what the caller sent, or a 409 when the caller sent no row; nothing is stored.
 */
function storageFull(change: LedgerChange<unknown>): Error {
  const problem = message('LEDGER_STORAGE_FULL', { maximum: LEDGER_STORAGE_KB });
  if (change.target === 'conflict') return new ConflictError(problem);
  return fieldError(change.storageField ?? (change.target === 'content' ? 'body.content' : 'body'), problem);
}

const defaultSleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

async function checkQuota(userId: string, before: LedgerBook, after: LedgerBook, deps: LedgerStoreDeps) {
  const held = symbolsHeld(after);
  if (held.size <= symbolsHeld(before).size) return;
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const scope = currentRequestScope();
  if (scope) scope.tier = tier;
  const limit = tierLimits(tier).portfolio_assets;
  if (limit >= 0 && held.size > limit) {
    throw new QuotaExceededError(
      upgradeMessageFor(tier, 'portfolio_assets'),
      liftingTierFor(tier, 'portfolio_assets'),
      tier,
    );
  }
}

/**
 * The one write path: `change` computes the new rows from the ledger read; the result must add up
 * and stay within the portfolio_assets quota (distinct symbols held; only a change that holds more
 * symbols is refused); it is saved only if nobody wrote in between (else read again and retry); then
 * the holdings are derived again from the stored ledger.
 */
export async function changeLedger<Result>(
  userId: string,
  deps: LedgerStoreDeps,
  change: (ledger: StoredLedger) => Promise<LedgerChange<Result>> | LedgerChange<Result>,
): Promise<Result> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(Math.random() * Math.min(400, 15 * 2 ** attempt));
    const ledger = await loadLedger(userId, deps);
    const next = await change(ledger);
    const settings = next.settings ?? {
      base_currency: ledger.base_currency,
      cost_method: ledger.cost_method,
    };
    const transactions = next.transactions ?? ledger.transactions;
    const after = checkLedger(transactions, settings.cost_method, next.target);
    await checkQuota(userId, checkLedger(ledger.transactions, settings.cost_method, 'conflict'), after, deps);
    const saved: StoredLedger = {
      ...ledger,
      ...settings,
      transactions,
      version: ledger.version + 1,
      updated_at: deps.now().toISOString(),
    };
    const outcome = await deps.ledgers.save(saved, ledger.version, ledger);
    if (outcome === 'stale') continue;
    if (outcome === 'too_large') throw storageFull(next);
    await syncHoldingsWithLedger(userId, deps);
    return next.result;
  }
  throw new ConflictError(message('PORTFOLIO_LEDGER_CHANGED'));
}
