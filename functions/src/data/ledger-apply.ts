import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { chunk } from '../platform/chunk';
import {
  batchDeleteAll,
  batchPutAll,
  isConditionFailure,
  queryAll,
  sendWithConflictRetry,
  type TransactItems,
} from './dynamo-helpers';
import { keys } from './keys';

/**
 * How a large ledger write's staged changes reach the rows once the head names its commit
 * (data/ledger-commit.ts): by the writer itself, in parallel, right after naming it (`applyOwnCommit`),
 * or, when the writer is gone, by the next reader (`rollForward`). While the writer applies, a reader
 * reads the rows with the staged changes laid over them (`overlayStaged`), so it sees the new version
 * whole without applying anything: the writer is the commit's only applier until
 * `APPLY_TAKEOVER_MS` has passed, so its unconditioned batches cannot land after a later write.
 */

/** TransactWriteItems takes 100 items: the head's update (or check) and 99 row changes. */
export const MAX_DIRECT_ROWS = 99;

/**
 * How long a named commit is its writer's alone: past this, a reader finishes it. Above the longest
 * request an API Lambda can run (API Gateway stops waiting at 30 s), so the writer is gone by then.
 */
export const APPLY_TAKEOVER_MS = 60_000;

/**
 * Staged items carry `expires_at` (the holdings table's TTL attribute, infra/lib/table-definitions.ts):
 * a commit abandoned before its head update (a writer that died) and an applied commit's staged
 * items are removed by DynamoDB, at no write cost. A named commit is applied within seconds by its
 * writer or by the next read of the ledger, far inside this week.
 */
export const STAGED_TTL_SECONDS = 7 * 86_400;

/**
 * A large import's rows are written before the head settles their commit (data/ledger-commit.ts
 * `appendSettled`); a writer that died in between leaves them unsettled, never read. Past this age
 * (far beyond any Lambda's 15-minute limit, so their writer is gone) a reader deletes them. The
 * commit id starts with the time it was made, so its age is known from the rows alone.
 */
export const ABANDONED_APPEND_MS = 3_600_000;

export const appendCommitId = (now: number, unique: string) => `${new Date(now).toISOString()}#${unique}`;

/** An unsettled append commit old enough to be abandoned (an id without a time never is). */
export function isAbandonedAppend(commitId: string, now: number): boolean {
  const made = Date.parse(commitId.split('#')[0] ?? '');
  return Number.isFinite(made) && now - made > ABANDONED_APPEND_MS;
}

/** Batches of a large write sent at once: a 10,000-row import is 400 BatchWrite calls, not in series. */
const PARALLEL_BATCHES = 8;
/** Items per BatchWrite helper call (25 a request inside it). */
const ITEMS_PER_BATCH = 100;

export type RowChange =
  | { kind: 'put'; row: LedgerTransaction; sequence: number }
  | { kind: 'update'; row: LedgerTransaction }
  | { kind: 'delete'; id: string };

/** `work` on every part of `items`, at most PARALLEL_BATCHES parts at a time. */
async function inParallel<T>(items: readonly T[], size: number, work: (part: T[]) => Promise<void>) {
  const parts = chunk(items, size);
  let next = 0;
  const worker = async () => {
    while (next < parts.length) {
      const part = parts[next++]!;
      await work(part);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_BATCHES, parts.length) }, worker));
}

export const putAll = (client: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) =>
  inParallel(items, ITEMS_PER_BATCH, (part) => batchPutAll(client, tableName, part));

export const deleteAll = (
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Record<string, unknown>[],
) =>
  inParallel(
    items.map((item) => ({ pk: item.pk, sk: item.sk })),
    ITEMS_PER_BATCH,
    (part) => batchDeleteAll(client, tableName, part),
  );

export function rowItem(userId: string, row: LedgerTransaction, sequence: number) {
  return { ...keys.ledgerTransaction(userId, row.id), entity: 'ledger_transaction', sequence, row };
}

export function changeItem(tableName: string, userId: string, change: RowChange): TransactItems[number] {
  if (change.kind === 'put')
    return { Put: { TableName: tableName, Item: rowItem(userId, change.row, change.sequence) } };
  if (change.kind === 'delete') {
    return { Delete: { TableName: tableName, Key: keys.ledgerTransaction(userId, change.id) } };
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.ledgerTransaction(userId, change.row.id),
      UpdateExpression: 'SET #row = :row',
      ExpressionAttributeNames: { '#row': 'row' },
      ExpressionAttributeValues: { ':row': change.row },
    },
  };
}

const headNamesCommit = (tableName: string, userId: string, commitId: string) => ({
  TableName: tableName,
  Key: keys.ledger(userId),
  ConditionExpression: '#applying = :commit',
  ExpressionAttributeNames: { '#applying': 'applying' } as Record<string, string>,
  ExpressionAttributeValues: { ':commit': commitId },
});

/** The head stops naming the commit (its changes are the rows now); a no-op if already done. */
async function finishCommit(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
) {
  const named = headNamesCommit(tableName, userId, commitId);
  try {
    await client.send(
      new UpdateCommand({
        ...named,
        ExpressionAttributeNames: { ...named.ExpressionAttributeNames, '#since': 'applying_since' },
        UpdateExpression: 'REMOVE #applying, #since',
      }),
    );
  } catch (error: unknown) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function stagedChanges(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
) {
  const staged = await queryAll(client, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': keys.ledgerStagedPrefix(commitId) },
    ProjectionExpression: '#change',
    ExpressionAttributeNames: { '#change': 'change' },
    ConsistentRead: true,
  });
  return staged.map((item) => item.change as RowChange);
}

const changeIdOf = (change: RowChange): string => (change.kind === 'delete' ? change.id : change.row.id);

/** The staged items of a commit (an applied one's go at once; the TTL is for those left behind). */
export const stagedKeys = (userId: string, commitId: string, changes: readonly RowChange[]) =>
  changes.map((change) => keys.ledgerStaged(userId, commitId, changeIdOf(change)));

/**
 * Applies a named commit's staged changes to the rows, 99 at a time, each batch conditioned on the
 * head still naming the commit (a slower reader finishing the same commit cannot undo a later
 * write); then the head stops naming it. Safe to run any number of times, by anyone.
 */
export async function rollForward(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
  known?: readonly RowChange[],
): Promise<void> {
  const changes = known ?? (await stagedChanges(client, tableName, userId, commitId));
  const check = { ConditionCheck: headNamesCommit(tableName, userId, commitId) };
  try {
    // In series: transactions checking the same head at once would cancel each other (TransactionConflict).
    for (const part of chunk(changes, MAX_DIRECT_ROWS)) {
      const items = part.map((change) => changeItem(tableName, userId, change));
      await sendWithConflictRetry(client, new TransactWriteCommand({ TransactItems: [check, ...items] }));
    }
  } catch (error: unknown) {
    // Another reader finished this commit first: nothing left to do here.
    if (isConditionFailure(error)) return;
    throw error;
  }
  await finishCommit(client, tableName, userId, commitId);
  await deleteAll(client, tableName, stagedKeys(userId, commitId, changes));
}

/**
 * The writer's own application of the commit it just named: its puts and deletes in parallel
 * batches (no reader applies a commit this young, see the file's comment), then the head stops
 * naming it. A commit that edits rows in place keeps the conditioned series (`rollForward`).
 */
export async function applyOwnCommit(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
  changes: readonly RowChange[],
): Promise<void> {
  if (changes.some((change) => change.kind === 'update')) {
    await rollForward(client, tableName, userId, commitId, changes);
    return;
  }
  const puts = changes.flatMap((change) =>
    change.kind === 'put' ? [rowItem(userId, change.row, change.sequence)] : [],
  );
  const deletes = changes.flatMap((change) =>
    change.kind === 'delete' ? [keys.ledgerTransaction(userId, change.id)] : [],
  );
  await Promise.all([putAll(client, tableName, puts), deleteAll(client, tableName, deletes)]);
  await finishCommit(client, tableName, userId, commitId);
  await deleteAll(client, tableName, stagedKeys(userId, commitId, changes));
}

/** True while a named commit is still its writer's to apply (`applying_since`: when the head named it). */
export function isOwnedByWriter(head: Record<string, unknown>, now: number): boolean {
  const since = Date.parse(String(head.applying_since));
  return Number.isFinite(since) && now - since < APPLY_TAKEOVER_MS;
}

/**
 * The rows as they are once the named commit is applied, read without applying it: the stored rows
 * (some of the commit's changes may have landed already) with its staged changes laid over them,
 * in sequence order.
 */
export async function overlayStaged(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
  stored: readonly { sequence: number; row: LedgerTransaction }[],
): Promise<LedgerTransaction[]> {
  const rows = new Map(stored.map((entry) => [entry.row.id, entry]));
  for (const change of await stagedChanges(client, tableName, userId, commitId)) {
    if (change.kind === 'delete') rows.delete(change.id);
    else if (change.kind === 'put') rows.set(change.row.id, { sequence: change.sequence, row: change.row });
    else {
      const existing = rows.get(change.row.id);
      if (existing) rows.set(change.row.id, { sequence: existing.sequence, row: change.row });
    }
  }
  return [...rows.values()].sort((left, right) => left.sequence - right.sequence).map((entry) => entry.row);
}
