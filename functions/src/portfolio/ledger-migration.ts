import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { HoldingsRepository, StoredHolding } from '../data/holdings-repository';
import type { LedgerRepository, StoredLedger } from '../data/ledger-repository';
import type { MarketEngine } from '../market-data/market-engine';
import { logger } from '../platform/observability';
import { closeOnOrBefore, UNIVERSE_CURRENCY } from './ledger-market';
import type { PortfolioMarket } from './portfolio-market';

/**
 * The one-time move of the holdings from before the ledger into it (docs/product.md "One
 * valuation", infra/README.md "Ledger migration job"): each holding becomes its opening BUY, keeping
 * the holding's id. Safe to run again, and again after a run that died half-way:
 * - a user whose ledger head exists is skipped (the head is written once, conditioned on there being
 *   none, so two runs, or a run and a first request, cannot both migrate the same user);
 * - a user's opening BUYs become visible together with the head (data/ledger-commit.ts: one
 *   transaction up to 99 rows, else staged rows named by the head's one conditional write), so a run
 *   that died mid-user left either nothing visible (its staged rows expire unread) or the whole ledger;
 * - an opening BUY's item key is its holding's id, so the same holding can never become two rows.
 * The portfolio's first read still migrates a user the job has not reached yet, by the same code.
 */

export interface LedgerMigrationDeps {
  ledgers: Pick<LedgerRepository, 'get' | 'save'>;
  holdings: Pick<HoldingsRepository, 'list'>;
  market: Pick<PortfolioMarket, 'findAsset' | 'readMarket'>;
  engine: MarketEngine;
  now: () => Date;
}

/**
 * A holding from before the ledger as its opening BUY, keeping its id: bought on its purchase date
 * (else the day it was added, at most the market date) at its purchase price, or, without one, at
 * that day's close, flagged estimated (docs/product.md, the ledger README).
 */
async function openingBuyOf(
  holding: StoredHolding,
  marketDate: string,
  deps: Pick<LedgerMigrationDeps, 'engine' | 'market'>,
): Promise<LedgerTransaction> {
  const added = holding.purchase_date ?? holding.created_at.slice(0, 10);
  const date = added > marketDate ? marketDate : added;
  let price = holding.purchase_price;
  if (price === null) {
    const close = await closeOnOrBefore(deps.engine, holding.symbol, date);
    const asset = close === null ? await deps.market.findAsset(holding.symbol) : null;
    price = close ?? asset?.snapshot_price ?? 0;
  }
  return {
    id: holding.id,
    type: 'BUY',
    date,
    symbol: holding.symbol,
    quantity: holding.shares,
    price,
    fee: 0,
    currency: UNIVERSE_CURRENCY,
    estimated: holding.purchase_price === null,
  };
}

export type UserMigration =
  | { status: 'migrated'; ledger: StoredLedger }
  | { status: 'already'; ledger: StoredLedger }
  /** The row of an opening BUY would not fit in an item (never for a schema-valid holding). */
  | { status: 'too_large' };

/**
 * The user's ledger, migrating their holdings into it first if they have none (the ledger's
 * version 1, written only if no head exists yet). A concurrent migration's ledger is theirs.
 */
export async function migrateUserHoldings(
  userId: string,
  deps: LedgerMigrationDeps,
  marketDate: string = deps.market.readMarket().marketDate.date,
): Promise<UserMigration> {
  const stored = await deps.ledgers.get(userId);
  if (stored) return { status: 'already', ledger: stored };
  const holdings = await deps.holdings.list(userId);
  const rows = await Promise.all(holdings.map((holding) => openingBuyOf(holding, marketDate, deps)));
  const timestamp = deps.now().toISOString();
  const ledger: StoredLedger = {
    user_id: userId,
    base_currency: 'USD',
    cost_method: 'FIFO',
    transactions: rows,
    version: 1,
    migrated_at: timestamp,
    updated_at: timestamp,
  };
  const outcome = await deps.ledgers.save(ledger, null, null);
  if (outcome === 'saved') return { status: 'migrated', ledger };
  if (outcome === 'too_large') return { status: 'too_large' };
  // A concurrent first use migrated the same holdings: theirs is the ledger.
  const winner = await deps.ledgers.get(userId);
  return winner ? { status: 'already', ledger: winner } : { status: 'too_large' };
}

export interface LedgerMigrationOutcome {
  /** Users with at least one holding row. */
  users: number;
  /** Users whose ledger this run wrote, and the opening BUYs it wrote for them. */
  migrated: number;
  openingBuys: number;
  /** Users who already had a ledger (an earlier run, or their first request). */
  alreadyMigrated: number;
  /** Users left without a ledger (logged); a later run tries them again. */
  failed: number;
}

/** Migrates every user `owners` yields, one at a time (a user's ledger is one conditional write). */
export async function runLedgerMigration(
  owners: AsyncIterable<string>,
  deps: LedgerMigrationDeps,
): Promise<LedgerMigrationOutcome> {
  const marketDate = deps.market.readMarket().marketDate.date;
  const outcome: LedgerMigrationOutcome = {
    users: 0,
    migrated: 0,
    openingBuys: 0,
    alreadyMigrated: 0,
    failed: 0,
  };
  for await (const userId of owners) {
    outcome.users += 1;
    const migration = await migrateUserHoldings(userId, deps, marketDate);
    if (migration.status === 'migrated') {
      outcome.migrated += 1;
      outcome.openingBuys += migration.ledger.transactions.length;
    } else if (migration.status === 'already') {
      outcome.alreadyMigrated += 1;
    } else {
      outcome.failed += 1;
      logger.error('a holding too large for a ledger row; user left unmigrated', { userId });
    }
  }
  return outcome;
}
