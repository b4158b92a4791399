import { LedgerBook, orderTransactions, type CostMethod } from '@app/shared/domain/ledger/ledger-book';
import { LedgerError, type LedgerIssue } from '@app/shared/domain/ledger/ledger-errors';
import type { Transaction } from '@app/shared/domain/ledger/transaction';

/**
 * Which imported rows the ledger refuses, row by row (shared/src/domain/ledger/README.md "Import and
 * export"): a row that would sell more than is held, trade a holding in a second currency, or open a
 * position beyond the plan's portfolio_assets limit is refused with its reason; the other rows are
 * kept. The preview and the import both call this, on the same stored ledger, so a row the preview
 * calls ready is a row the import takes.
 */

const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  LEDGER_SELL_EXCEEDS_HOLDING: 'quantity',
  LEDGER_CURRENCY_MISMATCH: 'currency',
};

interface Entry {
  transaction: Transaction;
  /** Index among the imported rows; null for a row already in the ledger. */
  candidate: number | null;
}

const symbolOf = (transaction: Transaction): string | null =>
  'symbol' in transaction && transaction.symbol ? transaction.symbol : null;

const issueOf = (error: LedgerError): LedgerIssue => ({
  field: FIELD_OF_CODE[error.code] ?? 'date',
  code: error.code,
  params: error.params,
});

function heldSymbols(book: LedgerBook): Set<string> {
  return new Set([...book.positions.values()].filter((p) => p.quantity.gt(0)).map((p) => p.symbol));
}

/**
 * One replay of the ledger with the rows still accepted. An imported row that fails is refused and
 * the replay goes on (a refused row changes nothing: the book checks before it changes). A row
 * already in the ledger that fails was broken by an imported row of the same symbol before it (a
 * sale taking the shares a later sale needs): the latest such row is refused and the replay restarts.
 */
function replay(
  entries: readonly Entry[],
  costMethod: CostMethod,
  refused: Map<number, LedgerIssue>,
): { book: LedgerBook; restart: boolean } {
  const book = new LedgerBook({ baseCurrency: 'USD', costMethod, fx: () => 1 });
  const applied: Entry[] = [];
  for (const entry of entries) {
    if (entry.candidate !== null && refused.has(entry.candidate)) continue;
    try {
      book.apply(entry.transaction);
      applied.push(entry);
    } catch (error: unknown) {
      if (!(error instanceof LedgerError)) throw error;
      if (entry.candidate !== null) {
        refused.set(entry.candidate, issueOf(error));
        continue;
      }
      const symbol = symbolOf(entry.transaction);
      const culprit = applied.findLast(
        (done) => done.candidate !== null && symbolOf(done.transaction) === symbol,
      );
      // Nothing imported explains it: the stored ledger itself does not add up; the import's own
      // whole-ledger check reports that.
      if (!culprit || culprit.candidate === null) throw error;
      refused.set(culprit.candidate, issueOf(error));
      return { book, restart: true };
    }
  }
  return { book, restart: false };
}

/**
 * Refusals by index into `imported`. `assetLimit` is the plan's portfolio_assets limit (negative:
 * none): when the import would hold more symbols than both the limit and what was held before,
 * the rows of the symbols opened last in the file are refused, keeping the first ones.
 */
export function importRefusals(
  existing: readonly Transaction[],
  imported: readonly Transaction[],
  costMethod: CostMethod,
  assetLimit: number,
): Map<number, LedgerIssue> {
  const entries = orderTransactions([...existing, ...imported]);
  const position = new Map<Transaction, Entry>();
  existing.forEach((transaction) => position.set(transaction, { transaction, candidate: null }));
  imported.forEach((transaction, index) => position.set(transaction, { transaction, candidate: index }));
  const ordered = entries.map((transaction) => position.get(transaction)!);
  const before = heldSymbols(
    replay(
      ordered.filter((entry) => entry.candidate === null),
      costMethod,
      new Map(),
    ).book,
  );
  const refused = new Map<number, LedgerIssue>();
  for (let pass = 0; pass <= imported.length + 1; pass += 1) {
    const { book, restart } = replay(ordered, costMethod, refused);
    if (restart) continue;
    const held = heldSymbols(book);
    if (assetLimit < 0 || held.size <= Math.max(assetLimit, before.size)) return refused;
    const opened = [...held].filter((symbol) => !before.has(symbol));
    const firstRow = (symbol: string) => imported.findIndex((row) => symbolOf(row) === symbol);
    const excess = opened
      .sort((left, right) => firstRow(left) - firstRow(right))
      .slice(opened.length - (held.size - Math.max(assetLimit, before.size)));
    imported.forEach((row, index) => {
      const symbol = symbolOf(row);
      if (symbol !== null && excess.includes(symbol) && !refused.has(index)) {
        refused.set(index, {
          field: 'symbol',
          code: 'LEDGER_IMPORT_ROW_OVER_PLAN_LIMIT',
          params: { limit: assetLimit },
        });
      }
    });
  }
  return refused;
}
