import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { chunk } from '../platform/chunk';

/*
 * What every repository does the same way with DynamoDB: strip keys from items, read why a
 * transaction was cancelled, page through a Query, batch reads and writes with retries of what the
 * service left unprocessed. One module, so no repository keeps its own copy.
 */

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'entity'] as const;

/** The item without its table keys and entity tag: what the repository's callers see. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = { ...item };
  for (const name of KEY_ATTRIBUTES) delete rest[name];
  return rest as T;
}

/** A counter attribute as a number (absent or malformed counts as 0). */
export function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Why each item of a cancelled transaction refused it, in item order ('None' when it did not). */
export function cancellationCodes(error: unknown): string[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** A conditional write (single or in a transaction) refused by its condition. */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  return cancellationCodes(error).includes('ConditionalCheckFailed');
}

/** Two transactions touching the same counters at the same instant: DynamoDB cancels one; retry it. */
const MAX_CONFLICT_ATTEMPTS = 4;

/** How often and after what pause (ms, by attempt) a cancelled transaction is sent again. */
export interface ConflictRetry {
  attempts: number;
  pauseMs: (attempt: number) => number;
}

const COUNTER_CONFLICTS: ConflictRetry = {
  attempts: MAX_CONFLICT_ATTEMPTS,
  pauseMs: (attempt) => 20 * attempt,
};

export async function sendWithConflictRetry(
  client: DynamoDBDocumentClient,
  command: TransactWriteCommand,
  retry: ConflictRetry = COUNTER_CONFLICTS,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.send(command);
      return;
    } catch (error: unknown) {
      const codes = cancellationCodes(error);
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= retry.attempts) throw error;
      await pause(retry.pauseMs(attempt));
    }
  }
}

type Key = Record<string, string>;

/**
 * A counted item's deletion as one transaction's two writes: the item (which must exist) and its owner's
 * count, one down (never below zero). A cancellation's first code is the item's: `ConditionalCheckFailed`
 * there means there was no such item.
 */
export function deleteCountedItem(
  tableName: string,
  itemKey: Key,
  countKey: Key,
  now: Date,
): NonNullable<TransactWriteCommandInput['TransactItems']> {
  return [
    { Delete: { TableName: tableName, Key: itemKey, ConditionExpression: 'attribute_exists(pk)' } },
    {
      Update: {
        TableName: tableName,
        Key: countKey,
        UpdateExpression: 'ADD #count :minusOne SET updated_at = :now',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': now.toISOString() },
      },
    },
  ];
}

/** Every item of a Query, following LastEvaluatedKey. */
export async function queryAll(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(output.Items ?? []));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
/** Unprocessed items come back under throttling; a few rounds with a growing pause absorb it. */
const MAX_BATCH_ROUNDS = 6;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** BatchGet of any number of keys (100 per call), unprocessed keys retried. Order is not kept. */
export async function batchGetAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  keyList: readonly Record<string, string>[],
  options: { consistentRead?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const part of chunk(keyList, BATCH_GET_LIMIT)) {
    let pending: Record<string, unknown>[] = part;
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= MAX_BATCH_ROUNDS) throw new Error(`BatchGet on ${tableName}: keys left unprocessed`);
      if (round > 0) await pause(25 * 2 ** round);
      const output = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: { Keys: pending, ...(options.consistentRead ? { ConsistentRead: true } : {}) },
          },
        }),
      );
      found.push(...(output.Responses?.[tableName] ?? []));
      pending = (output.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return found;
}

/** BatchWrite puts of any number of items (25 per call), unprocessed items retried. */
export async function batchPutAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  for (const part of chunk(items, BATCH_WRITE_LIMIT)) {
    let pending = part.map((item) => ({ PutRequest: { Item: item } }));
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= MAX_BATCH_ROUNDS) throw new Error(`BatchWrite on ${tableName}: items left unprocessed`);
      if (round > 0) await pause(25 * 2 ** round);
      const output = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (output.UnprocessedItems?.[tableName] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
    }
  }
}

/** BatchWrite deletes of any number of keys (25 per call), unprocessed ones retried. */
export async function batchDeleteAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  keyList: readonly Record<string, unknown>[],
): Promise<void> {
  for (const part of chunk(keyList, BATCH_WRITE_LIMIT)) {
    let pending = part.map((key) => ({ DeleteRequest: { Key: key } }));
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= MAX_BATCH_ROUNDS) throw new Error(`BatchWrite on ${tableName}: deletes left unprocessed`);
      if (round > 0) await pause(25 * 2 ** round);
      const output = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (output.UnprocessedItems?.[tableName] ?? []).flatMap((request) =>
        request.DeleteRequest?.Key ? [{ DeleteRequest: { Key: request.DeleteRequest.Key } }] : [],
      );
    }
  }
}

/**
 * Puts `item` when the stored item's `version` is still `item.version - 1` (absent when that is 0):
 * an optimistic lock. False when another writer got there first; the caller reads again.
 */
export async function putIfVersion(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown> & { version: number },
): Promise<boolean> {
  const previous = item.version - 1;
  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: item,
        ConditionExpression: previous < 1 ? 'attribute_not_exists(pk)' : 'version = :previous',
        ...(previous < 1 ? {} : { ExpressionAttributeValues: { ':previous': previous } }),
      }),
    );
    return true;
  } catch (error: unknown) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Adds one to `field` of an hourly counter item, refused (false) once it reached `limit`: one
 * conditional UpdateItem, so concurrent requests cannot pass the limit together. The item expires
 * `ttlSeconds` after its first count (the usage table's TTL).
 */
export async function countBelowLimit(
  client: DynamoDBDocumentClient,
  request: { table: string; key: Record<string, string>; field: string; limit: number; expiresAt: number },
): Promise<boolean> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: request.table,
        Key: request.key,
        UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': request.field },
        ExpressionAttributeValues: { ':one': 1, ':limit': request.limit, ':expires': request.expiresAt },
      }),
    );
    return true;
  } catch (error: unknown) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
