import { randomUUID } from 'node:crypto';
import {
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { cancellationCodes, isConditionFailure, type TransactItems } from './dynamo-helpers';
import { isItemTooLarge, itemSizeBytes, MAX_ITEM_BYTES } from './item-size';
import { keys } from './keys';
import {
  applyOwnCommit,
  appendCommitId,
  changeItem,
  deleteAll,
  MAX_DIRECT_ROWS,
  putAll,
  rowItem,
  STAGED_TTL_SECONDS,
  stagedKeys,
  type RowChange,
} from './ledger-apply';

export { MAX_DIRECT_ROWS, rollForward, type RowChange } from './ledger-apply';

/**
 * How a ledger write reaches the table (layout: data/ledger-repository.ts). A write is the list of
 * row changes between the ledger read and the ledger wanted (`diffRows`), plus the head's new
 * version. Up to `MAX_DIRECT_ROWS` changes go in one TransactWriteItems with the head's conditional
 * update, so one added row costs the same whatever the ledger's size. More (an import, a migration)
 * cannot fit in one transaction (100 items), so they are staged first under a commit id, invisible to
 * readers; one conditional update of the head then names the commit, which is the instant the whole
 * change becomes the ledger's new version; the writer then applies the staged changes to the rows
 * (data/ledger-apply.ts: in parallel, nobody else applying a commit that young), or, if it died, the
 * first reader after APPLY_TAKEOVER_MS (`rollForward`, idempotent, each step conditioned on the head
 * still naming the commit). A write whose head update fails leaves the ledger as it was. Staged items
 * expire by the holdings table's TTL (`expires_at`): an abandoned commit's, and an applied one's,
 * are removed by DynamoDB without a write.
 */

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

/** A staged commit as the head names it: its id, and since when (data/ledger-apply.ts `isOwnedByWriter`). */
interface NamedCommit {
  id: string;
  since: string;
}

/** The head's conditional write, naming `commit` when the rows are staged. */
function headItem(
  tableName: string,
  userId: string,
  fields: HeadFields,
  condition: HeadCondition,
  commit: NamedCommit | null,
  settled: string | null = null,
): TransactItems[number] {
  if ('expectedVersion' in condition && condition.expectedVersion === null) {
    const item = { ...keys.ledger(userId), entity: 'ledger', layout: 'rows', ...fields };
    return {
      Put: {
        TableName: tableName,
        Item: commit ? { ...item, applying: commit.id, applying_since: commit.since } : item,
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
  if (commit) {
    values[':commit'] = commit.id;
    values[':since'] = commit.since;
    names['#applying_since'] = 'applying_since';
    sets.push('#applying = :commit', '#applying_since = :since');
  }
  if (commit || !legacy) names['#applying'] = 'applying';
  names['#transactions'] = 'transactions';
  values[':expected'] = legacy ? condition.legacyVersion : condition.expectedVersion;
  if (settled) {
    names['#commits'] = 'commits';
    values[':settled'] = new Set([settled]);
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.ledger(userId),
      UpdateExpression: `SET ${sets.join(', ')}${settled ? ' ADD #commits :settled' : ''}${legacy ? ' REMOVE #transactions' : ''}`,
      ConditionExpression: legacy
        ? '#version = :expected AND attribute_exists(#transactions)'
        : '#version = :expected AND attribute_not_exists(#applying) AND attribute_not_exists(#transactions)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * A large write that only adds rows with new ids (an import) is written once: its rows go straight to
 * their items, marked with the commit's id, which readers skip (data/ledger-repository.ts) until the
 * head's conditional update adds the id to its settled `commits`, the instant they all become the
 * ledger's. Half the writes of staging then applying, and nothing left to apply. Refused by a newer
 * version, the rows are deleted (the ids are this write's own, no other writer's).
 */
async function appendSettled(
  client: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  fields: HeadFields,
  condition: HeadCondition,
  changes: readonly RowChange[],
): Promise<CommitOutcome> {
  const commitId = appendCommitId(Date.now(), randomUUID());
  const rows = changes.flatMap((change) =>
    change.kind === 'put' ? [{ ...rowItem(userId, change.row, change.sequence), commit: commitId }] : [],
  );
  try {
    await putAll(client, tableName, rows);
    await client.send(
      new UpdateCommand(headItem(tableName, userId, fields, condition, null, commitId).Update!),
    );
    return 'saved';
  } catch (error: unknown) {
    if (!isConditionFailure(error)) throw error;
    await deleteAll(client, tableName, rows);
    return 'stale';
  }
}

/** Whether a large write is only new rows, of new ids, on a ledger that exists (see `appendSettled`). */
const isFreshAppend = (condition: HeadCondition, changes: readonly RowChange[]) =>
  'expectedVersion' in condition &&
  condition.expectedVersion !== null &&
  changes.every((change) => change.kind === 'put');

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
  if (changes.length > MAX_DIRECT_ROWS && isFreshAppend(condition, changes)) {
    return appendSettled(client, tableName, userId, fields, condition, changes);
  }
  const commitId = changes.length > MAX_DIRECT_ROWS ? randomUUID() : null;
  const now = Date.now();
  const staged = commitId
    ? stagedKeys(userId, commitId, changes).map((key, index) => ({
        ...key,
        entity: 'ledger_staged',
        change: changes[index],
        expires_at: Math.floor(now / 1000) + STAGED_TTL_SECONDS,
      }))
    : [];
  try {
    if (commitId) {
      await putAll(client, tableName, staged);
      const since = new Date(now).toISOString();
      const head = headItem(tableName, userId, fields, condition, { id: commitId, since });
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
  // The head names the commit: the change is the ledger now. This writer applies it; if it fails,
  // a reader applies it once APPLY_TAKEOVER_MS has passed (the repository's get), reading the rows
  // with the staged changes laid over them until then.
  await applyOwnCommit(client, tableName, userId, commitId, changes);
  return 'saved';
}
