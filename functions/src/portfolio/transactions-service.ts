import type { LedgerSettingsBody } from '@app/shared/domain/entities/ledger';
import type { LedgerTransaction, Transaction } from '@app/shared/domain/ledger/transaction';
import { message } from '@app/shared/messages/message';
import { NotFoundError } from '../platform/errors';
import { changeLedger, loadLedger, type LedgerStoreDeps } from './ledger-store';
import { checkRowAgainstMarket, latestAllowedDate } from './ledger-rules';

/**
 * The transactions routes: list, add, edit, delete, and the ledger's settings. Each write goes through
 * `changeLedger` (ledger-store.ts): the row is checked against the market (ledger-rules.ts), the
 * whole ledger must still add up, the quota counts distinct symbols held.
 */

export async function listTransactions(userId: string, deps: LedgerStoreDeps) {
  const reading = deps.market.readMarket();
  const ledger = await loadLedger(userId, deps, reading);
  return {
    market_date: reading.marketDate.date,
    settings: { base_currency: ledger.base_currency, cost_method: ledger.cost_method },
    transactions: ledger.transactions,
  };
}

async function checkedRow(row: Transaction, deps: LedgerStoreDeps): Promise<Transaction> {
  await checkRowAgainstMarket(row, latestAllowedDate(deps.market.readMarket(), deps.now()), deps.market);
  // Symbols are stored as the universe spells them.
  return 'symbol' in row && row.symbol ? { ...row, symbol: row.symbol.trim().toUpperCase() } : row;
}

/** What a row too large for its item (400 KB) is blamed on: its note when it has one. */
function storageFieldOf(row: Transaction): string {
  return row.note ? 'body.note' : 'body';
}

/** A new row keeps its id across retries of one request (the Idempotency-Key replays the answer). */
export async function addTransaction(
  userId: string,
  draft: Transaction,
  deps: LedgerStoreDeps,
): Promise<LedgerTransaction> {
  const row = { ...(await checkedRow(draft, deps)), id: deps.newId() } as LedgerTransaction;
  return changeLedger(userId, deps, (ledger) => ({
    transactions: [...ledger.transactions, row],
    target: 'body',
    storageField: storageFieldOf(row),
    result: row,
  }));
}

export async function editTransaction(
  userId: string,
  transactionId: string,
  draft: Transaction,
  deps: LedgerStoreDeps,
): Promise<LedgerTransaction> {
  const row = { ...(await checkedRow(draft, deps)), id: transactionId } as LedgerTransaction;
  return changeLedger(userId, deps, (ledger) => {
    const index = ledger.transactions.findIndex((stored) => stored.id === transactionId);
    if (index < 0) throw new NotFoundError(message('PORTFOLIO_TRANSACTION_NOT_FOUND'));
    const transactions = ledger.transactions.slice();
    // The stored fingerprint stays: the row is still the broker's row a re-import would recognise.
    const fingerprint = ledger.transactions[index]?.import_fingerprint;
    transactions[index] =
      fingerprint && !row.import_fingerprint ? { ...row, import_fingerprint: fingerprint } : row;
    return {
      transactions,
      target: 'body',
      storageField: storageFieldOf(row),
      result: transactions[index] as LedgerTransaction,
    };
  });
}

export async function deleteTransaction(userId: string, transactionId: string, deps: LedgerStoreDeps) {
  return changeLedger(userId, deps, (ledger) => {
    if (!ledger.transactions.some((stored) => stored.id === transactionId)) {
      throw new NotFoundError(message('PORTFOLIO_TRANSACTION_NOT_FOUND'));
    }
    return {
      transactions: ledger.transactions.filter((stored) => stored.id !== transactionId),
      target: 'conflict',
      result: { deleted: true as const, id: transactionId },
    };
  });
}

export async function saveLedgerSettings(
  userId: string,
  settings: LedgerSettingsBody,
  deps: LedgerStoreDeps,
) {
  return changeLedger(userId, deps, () => ({ settings, target: 'conflict', result: settings }));
}
