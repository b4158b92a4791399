import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { BaseCurrency } from '@app/shared/domain/ledger/currencies';
import type { CostMethod } from '@app/shared/domain/ledger/ledger-book';
import { queryAll } from './dynamo-helpers';
import { keys } from './keys';
import { deleteAll, isAbandonedAppend, isOwnedByWriter, overlayStaged } from './ledger-apply';
import { commitLedger, diffRows, rollForward, type HeadFields, type RowChange } from './ledger-commit';

/**
 * A user's transactions ledger in the holdings table (access patterns: infra/README.md), one item
 * per transaction under the user's partition and a small head:
 * - `USER#<id>` / `LEDGER`: the head, with the settings, the version (1 for the first write, one more
 *   per write), the next row's sequence and the row count; `applying` while a large write's staged
 *   rows are being applied (data/ledger-commit.ts);
 * - `USER#<id>` / `LEDGER#TX#<transaction id>`: one row and its sequence (the order it was entered);
 *   a large import's rows also carry their `commit`, read only once the head's `commits` lists it;
 * - `USER#<id>` / `LEDGER#STAGED#<commit>#<transaction id>`: a large write's row change until applied.
 * Every reader needs the whole ledger (holdings, gains and returns derive from all of it): a read is
 * the head, then, unless this process already holds that version (`LedgerCache`), one Query of the
 * rows, checked against the head once more so a write in between is never half seen. A write sends
 * only the rows that changed, conditioned on the version read, so concurrent writers lose nothing and
 * duplicate nothing. A head still holding its rows as a `transactions` list (the single-item layout
 * before issue 43) is migrated when first read, as one write of the same version.
 */

export interface StoredLedger {
  user_id: string;
  base_currency: BaseCurrency;
  cost_method: CostMethod;
  transactions: LedgerTransaction[];
  /** 1 for the ledger's first write; each write adds one. */
  version: number;
  /** When the holdings from before the ledger became its opening BUY rows. */
  migrated_at: string;
  updated_at: string;
  /** The sequence the next added row takes (rows read back in sequence order); 0 for a new ledger. */
  next_sequence?: number;
}

export type SaveLedgerOutcome = 'saved' | 'stale' | 'too_large';

/**
 * Rows held in memory per process, all users together: one ledger at MAX_LEDGER_TRANSACTIONS, about
 * 100 MB of the portfolio Lambda's 768 (infra/lib/area-sizing.ts) at ~1 KB a row in the heap.
 */
const CACHED_ROWS_LIMIT = 100_000;
/** Reads that each saw a write land in between; the last one is answered (a write re-checks its version). */
const MAX_READ_ATTEMPTS = 5;

/**
 * The last version of each ledger this process read or wrote, most recent last. Valid exactly while
 * the head's version is the cached one (every write changes it), so a repeated read costs one GetItem.
 */
class LedgerCache {
  private readonly entries = new Map<string, StoredLedger>();
  private rows = 0;

  get(userId: string, version: number): StoredLedger | null {
    const entry = this.entries.get(userId);
    if (!entry || entry.version !== version) return null;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return { ...entry, transactions: entry.transactions.slice() };
  }

  set(ledger: StoredLedger): void {
    this.drop(ledger.user_id);
    const frozen = { ...ledger, transactions: ledger.transactions.map((row) => Object.freeze(row)) };
    this.entries.set(ledger.user_id, frozen);
    this.rows += frozen.transactions.length;
    for (const [userId] of this.entries) {
      if (this.rows <= CACHED_ROWS_LIMIT || userId === ledger.user_id) break;
      this.drop(userId);
    }
  }

  drop(userId: string): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.rows -= entry.transactions.length;
    this.entries.delete(userId);
  }
}

function ledgerOf(userId: string, head: Record<string, unknown>, rows: LedgerTransaction[]): StoredLedger {
  return {
    user_id: userId,
    base_currency: head.base_currency as BaseCurrency,
    cost_method: head.cost_method as CostMethod,
    transactions: rows,
    version: Number(head.version),
    migrated_at: String(head.migrated_at),
    updated_at: String(head.updated_at),
    next_sequence: Number(head.next_sequence ?? rows.length),
  };
}

function headFieldsOf(ledger: StoredLedger, nextSequence: number): HeadFields {
  return {
    version: ledger.version,
    base_currency: ledger.base_currency,
    cost_method: ledger.cost_method,
    migrated_at: ledger.migrated_at,
    updated_at: ledger.updated_at,
    next_sequence: nextSequence,
    transaction_count: ledger.transactions.length,
  };
}

/** The ledger as stored after `changes`: rows in sequence order (kept, edited in place, then added). */
function appliedRows(previous: readonly LedgerTransaction[], changes: readonly RowChange[]) {
  const edited = new Map<string, LedgerTransaction | null>();
  const added: LedgerTransaction[] = [];
  for (const change of changes) {
    if (change.kind === 'delete') edited.set(change.id, null);
    else if (change.kind === 'update') edited.set(change.row.id, change.row);
    else added.push(change.row);
  }
  const kept = previous.flatMap((row) => {
    const replacement = edited.get(row.id);
    return replacement === undefined ? [row] : replacement === null ? [] : [replacement];
  });
  return [...kept, ...added];
}

export function createLedgerRepository(client: DynamoDBDocumentClient, tableName: string) {
  const cache = new LedgerCache();

  async function readHead(userId: string) {
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.ledger(userId), ConsistentRead: true }),
    );
    return Item ?? null;
  }

  /** The rows of the ledger: a large append's rows only once the head lists its commit as settled. */
  async function readRows(
    userId: string,
    head: Record<string, unknown>,
  ): Promise<{ sequence: number; row: LedgerTransaction }[]> {
    const settled = (head.commits ?? new Set()) as Set<string>;
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': keys.ledgerTransactionPrefix },
      ProjectionExpression: '#sequence, #row, #commit',
      ExpressionAttributeNames: { '#sequence': 'sequence', '#row': 'row', '#commit': 'commit' },
      ConsistentRead: true,
    });
    const unsettled = items.filter((item) => item.commit !== undefined && !settled.has(String(item.commit)));
    const now = Date.now();
    const abandoned = unsettled.filter((item) => isAbandonedAppend(String(item.commit), now));
    if (abandoned.length > 0) {
      const rowKeys = abandoned.map((item) =>
        keys.ledgerTransaction(userId, (item.row as LedgerTransaction).id),
      );
      await deleteAll(client, tableName, rowKeys);
    }
    return items
      .filter((item) => item.commit === undefined || settled.has(String(item.commit)))
      .map((item) => ({ sequence: Number(item.sequence), row: item.row as LedgerTransaction }))
      .sort((left, right) => left.sequence - right.sequence);
  }

  /** The rows of the head's version: as stored, or with its commit's staged changes while its writer applies them. */
  async function rowsOf(userId: string, head: Record<string, unknown>): Promise<LedgerTransaction[]> {
    const stored = await readRows(userId, head);
    if (typeof head.applying !== 'string') return stored.map((entry) => entry.row);
    return overlayStaged(client, tableName, userId, head.applying, stored);
  }

  /** A head from the single-item layout: its rows become items, in their order, at the same version. */
  async function migrateSingleItem(userId: string, head: Record<string, unknown>): Promise<void> {
    const rows = (head.transactions ?? []) as LedgerTransaction[];
    const ledger = ledgerOf(userId, head, rows);
    const { changes, nextSequence } = diffRows([], rows, 0);
    const version = ledger.version;
    await commitLedger(
      client,
      tableName,
      userId,
      headFieldsOf(ledger, nextSequence),
      { legacyVersion: version },
      changes,
    );
  }

  const repository = {
    async get(userId: string): Promise<StoredLedger | null> {
      let answer: StoredLedger | null = null;
      for (let attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt += 1) {
        const head = await readHead(userId);
        if (!head) return null;
        if (head.transactions !== undefined) {
          await migrateSingleItem(userId, head);
          continue;
        }
        // A commit its writer is still applying is read with its staged changes laid over the rows;
        // one left behind by a writer that died is applied here first (data/ledger-apply.ts).
        if (typeof head.applying === 'string' && !isOwnedByWriter(head, Date.now())) {
          await rollForward(client, tableName, userId, head.applying);
          continue;
        }
        const version = Number(head.version);
        const cached = cache.get(userId, version);
        if (cached) return cached;
        answer = ledgerOf(userId, head, await rowsOf(userId, head));
        const after = await readHead(userId);
        // The same version, and the same rows: no commit named since, or still the one laid over them.
        if (
          after &&
          Number(after.version) === version &&
          (after.applying ?? null) === (head.applying ?? null)
        ) {
          cache.set(answer);
          return { ...answer, transactions: answer.transactions.slice() };
        }
      }
      return answer;
    },

    /**
     * Writes `ledger` as the version after `expectedVersion` (null: only if there is no ledger yet),
     * sending only the rows that differ from `previous` (the ledger read, which must be that
     * version): 'stale' if somebody wrote in between; 'too_large' if one row would not fit in an
     * item (400 KB, data/item-size.ts). Nothing is stored unless 'saved'.
     */
    async save(
      ledger: StoredLedger,
      expectedVersion: number | null,
      previous?: StoredLedger | null,
    ): Promise<SaveLedgerOutcome> {
      const before =
        previous === undefined && expectedVersion !== null ? await repository.get(ledger.user_id) : previous;
      if (expectedVersion !== null && before?.version !== expectedVersion) return 'stale';
      const { changes, nextSequence } = diffRows(
        before?.transactions ?? [],
        ledger.transactions,
        before?.next_sequence ?? 0,
      );
      const outcome = await commitLedger(
        client,
        tableName,
        ledger.user_id,
        headFieldsOf(ledger, nextSequence),
        { expectedVersion },
        changes,
      );
      if (outcome === 'saved') {
        const rows = appliedRows(before?.transactions ?? [], changes);
        cache.set({ ...ledger, transactions: rows, next_sequence: nextSequence });
      } else {
        cache.drop(ledger.user_id);
      }
      return outcome;
    },
  };
  return repository;
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
