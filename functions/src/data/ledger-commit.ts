import { randomUUID } from 'node:crypto';
import {
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { chunk } from '../platform/chunk';
import {
  batchDeleteAll,
  batchPutAll,
  cancellationCodes,
  isConditionFailure,
  queryAll,
  sendWithConflictRetry,
  type TransactItems,
} from './dynamo-helpers';
import { isItemTooLarge, itemSizeBytes, MAX_ITEM_BYTES } from './item-size';
import { keys } from './keys';

/**
 * How a ledger write reaches the table (layout: data/ledger-repository.ts). A write is the list of
 * row changes between the ledger read and the ledger wanted (`diffRows`), plus the head's new
 * version. Up to `MAX_DIRECT_ROWS` changes go in one TransactWriteItems with the head's conditional
 * update, so one added row costs the same whatever the ledger's size. More (an import, a migration)
 * cannot fit in one transaction (100 items), so they are staged first under a commit id, invisible to
 * readers; one conditional update of the head then names the commit, which is the instant the whole
 * change becomes the ledger's new version; the staged changes are then applied to the rows by
 * whoever reads next (`rollForward`, idempotent, each step conditioned on the head still naming the
 * commit) and deleted. A write whose head update fails leaves the ledger as it was.
 */

/** TransactWriteItems takes 100 items: the head's update and 99 row changes. */
export const MAX_DIRECT_ROWS = 99;

/** Batches of a large write sent at once: a 10,000-row import is 400 BatchWrite calls, not in series. */
const PARALLEL_BATCHES = 8;
/** Items per BatchWrite helper call (25 a request inside it). */
const ITEMS_PER_BATCH = 100;

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

const putAll = (client: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) =>
  inParallel(items, ITEMS_PER_BATCH, (part) => batchPutAll(client, tableName, part));

const deleteAll = (client: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) =>
  inParallel(
    items.map((item) => ({ pk: item.pk, sk: item.sk })),
    ITEMS_PER_BATCH,
    (part) => batchDeleteAll(client, tableName, part),
  );

export type RowChange =
  | { kind: 'put'; row: LedgerTransaction; sequence: number }
  | { kind: 'update'; row: LedgerTransaction }
  | { kind: 'delete'; id: string };

/** The head's attributes a write sets (the version, the settings, the bookkeeping). */
export interface HeadFields {
  version: number;
  base_currency: string;
  cost_method: string;
  migrated_at: string;
  updated_at: string;
  next_sequence: number;
  transaction_count: number;
}

/** The head is written only if it is still the version read (null: only if there is none yet). */
export type HeadCondition = { expectedVersion: number | null } | { legacyVersion: number };

export type CommitOutcome = 'saved' | 'stale' | 'too_large';

/**
 * The changes from `previous` to `next`, by id: a new id is put with the next sequence (rows read
 * back in sequence order, the order they were entered, which orders same-day rows), a changed row is
 * updated in place (keeping its sequence), a missing id is deleted. Unchanged rows cost nothing.
 */
export function diffRows(
  previous: readonly LedgerTransaction[],
  next: readonly LedgerTransaction[],
  firstSequence: number,
): { changes: RowChange[]; nextSequence: number } {
  const before = new Map(previous.map((row) => [row.id, row]));
  const changes: RowChange[] = [];
  let sequence = firstSequence;
  const kept = new Set<string>();
  for (const row of next) {
    kept.add(row.id);
    const old = before.get(row.id);
    if (!old) changes.push({ kind: 'put', row, sequence: sequence++ });
    else if (old !== row && JSON.stringify(old) !== JSON.stringify(row))
      changes.push({ kind: 'update', row });
  }
  for (const id of before.keys()) if (!kept.has(id)) changes.push({ kind: 'delete', id });
  return { changes, nextSequence: sequence };
}

function rowItem(userId: string, row: LedgerTransaction, sequence: number) {
  return { ...keys.ledgerTransaction(userId, row.id), entity: 'ledger_transaction', sequence, row };
}

function changeItem(tableName: string, userId: string, change: RowChange): TransactItems[number] {
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

/** The head's conditional write, naming `commitId` when the rows are staged. */
function headItem(
  tableName: string,
  userId: string,
  fields: HeadFields,
  condition: HeadCondition,
  commitId: string | null,
): TransactItems[number] {
  if ('expectedVersion' in condition && condition.expectedVersion === null) {
    const item = { ...keys.ledger(userId), entity: 'ledger', layout: 'rows', ...fields };
    return {
      Put: {
        TableName: tableName,
        Item: commitId ? { ...item, applying: commitId } : item,
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }
  const names: Record<string, string> = { '#version': 'version', '#layout': 'layout' };
  const values: Record<string, unknown> = { ':layout': 'rows' };
  const sets = ['#layout = :layout'];
  for (const [name, value] of Object.entries(fields)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  const legacy = 'legacyVersion' in condition;
  if (commitId) {
    values[':commit'] = commitId;
    sets.push('#applying = :commit');
  }
  if (commitId || !legacy) names['#applying'] = 'applying';
  names['#transactions'] = 'transactions';
  values[':expected'] = legacy ? condition.legacyVersion : condition.expectedVersion;
  return {
    Update: {
      TableName: tableName,
      Key: keys.ledger(userId),
      UpdateExpression: `SET ${sets.join(', ')}${legacy ? ' REMOVE #transactions' : ''}`,
      ConditionExpression: legacy
        ? '#version = :expected AND attribute_exists(#transactions)'
        : '#version = :expected AND attribute_not_exists(#applying) AND attribute_not_exists(#transactions)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function changeKeyOf(change: RowChange): string {
  return change.kind === 'delete' ? change.id : change.row.id;
}

/** Writes the head and the row changes as one version of the ledger (see the file's comment). */
export async function commitLedger(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  fields: HeadFields,
  condition: HeadCondition,
  changes: readonly RowChange[],
): Promise<CommitOutcome> {
  for (const change of changes) {
    if (change.kind !== 'delete' && itemSizeBytes(rowItem(userId, change.row, 0)) > MAX_ITEM_BYTES)
      return 'too_large';
  }
  const commitId = changes.length > MAX_DIRECT_ROWS ? randomUUID() : null;
  const staged = commitId
    ? changes.map((change) => ({
        ...keys.ledgerStaged(userId, commitId, changeKeyOf(change)),
        entity: 'ledger_staged',
        change,
      }))
    : [];
  try {
    if (commitId) {
      await putAll(client, tableName, staged);
      const head = headItem(tableName, userId, fields, condition, commitId);
      if (head.Put) await client.send(new PutCommand(head.Put));
      else await client.send(new UpdateCommand(head.Update!));
    } else {
      const items = [
        headItem(tableName, userId, fields, condition, null),
        ...changes.map((change) => changeItem(tableName, userId, change)),
      ];
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return 'saved';
    }
  } catch (error: unknown) {
    const codes = cancellationCodes(error);
    const refused = isConditionFailure(error) || codes.includes('TransactionConflict');
    if (commitId && refused) {
      // Never named by the head, so never read: removed now rather than left behind.
      await deleteAll(client, tableName, staged);
    }
    if (refused) return 'stale';
    if (isItemTooLarge(error)) return 'too_large';
    throw error;
  }
  // The head names the commit: the change is the ledger now. Applying it here saves the next reader
  // the work; if this fails, that reader applies it (the repository's get) before anything else.
  await rollForward(client, tableName, userId, commitId);
  return 'saved';
}

/**
 * Applies a named commit's staged changes to the rows, 99 at a time, each batch conditioned on the
 * head still naming the commit (a slower reader finishing the same commit cannot undo a later
 * write); then the head stops naming it and the staged items go. Safe to run any number of times.
 */
export async function rollForward(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  commitId: string,
): Promise<void> {
  const staged = await queryAll(client, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': keys.ledgerStagedPrefix(commitId) },
    ConsistentRead: true,
  });
  const headNamesCommit = {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.ledger(userId),
      ConditionExpression: '#applying = :commit',
      ExpressionAttributeNames: { '#applying': 'applying' },
      ExpressionAttributeValues: { ':commit': commitId },
    },
  };
  try {
    // In series: transactions checking the same head at once would cancel each other (TransactionConflict).
    for (const part of chunk(staged, MAX_DIRECT_ROWS)) {
      const items = part.map((item) => changeItem(tableName, userId, item.change as RowChange));
      await sendWithConflictRetry(
        client,
        new TransactWriteCommand({ TransactItems: [headNamesCommit, ...items] }),
      );
    }
    await client.send(
      new UpdateCommand({ ...headNamesCommit.ConditionCheck, UpdateExpression: 'REMOVE #applying' }),
    );
  } catch (error: unknown) {
    // Another reader finished this commit first: nothing left to do here.
    if (!isConditionFailure(error)) throw error;
  }
  await deleteAll(client, tableName, staged);
}
