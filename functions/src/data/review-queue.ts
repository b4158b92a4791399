import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  cancellationCodes,
  numberOf,
  sendWithConflictRetry,
  stripKeys,
  type TransactItems,
} from './dynamo-helpers';
import { keys, type ReviewQueueName } from './keys';

/*
 * One review queue of the moderation table, used twice: the engine's recommendations (REC) and the
 * generated social posts (CONTENT). Access patterns (infra/README.md):
 *
 * | Pattern                          | Key                                                            |
 * | -------------------------------- | -------------------------------------------------------------- |
 * | one item                         | pk=<queue>#<ulid>, sk=ITEM                                     |
 * | items per status, newest first   | gsi1pk=QUEUE#<queue>#<status>, gsi1sk=<generated_at>#<id> desc |
 * | the queue's counters (dashboard) | pk=STATS, sk=<queue>                                           |
 *
 * Every write that moves an item moves its counters in the same transaction: queueing adds
 * `generated` and `pending`; a decision (PENDING only, so a second decision fails) moves the item to
 * its status's queue, takes one from `pending` and adds one to the decision's counter.
 */

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** The item moved; it does not exist; or someone decided on it already (a 409 for the caller). */
export type DecisionOutcome =
  { outcome: 'decided' } | { outcome: 'not_found' } | { outcome: 'already_decided'; status: string };

/** A decision as the queue's owner words it; the queue adds the status, queue and `pending` moves. */
export interface QueueDecision {
  status: string;
  /** The counter the decision adds one to (e.g. `approved`). */
  counter: string;
  /** Extra `SET` clauses and their values (e.g. `reviewed_by = :by`). */
  sets: string[];
  values: Record<string, unknown>;
  /** Extra `ADD` clauses of the counters item and their values (e.g. `quality_sum :quality`). */
  counters?: string[];
  counterValues?: Record<string, number>;
  /**
   * Writes of the queue's owner that go in the decision's transaction, after the item's and the
   * counters' (their cancellation codes from index 2). When one of them fails its condition, the item
   * having passed, `decide` throws the cancellation for the owner to handle.
   */
  also?: TransactItems;
}

/** A cursor that is not one this queue handed out (tampered, truncated, or from another list). */
export class InvalidCursorError extends Error {
  constructor() {
    super('must be a cursor returned by a previous page of this list');
    this.name = 'InvalidCursorError';
  }
}

const INDEX_KEY_NAMES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;

/** Opaque page cursor: base64url of the index's LastEvaluatedKey. */
export function encodeCursor(lastEvaluatedKey: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks it is a key of the queue being listed, so a forged cursor cannot
 * start a Query in another partition or carry attributes DynamoDB would reject with a 500.
 */
export function decodeCursor(cursor: string, expectedQueue: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidCursorError();
  const entries = Object.entries(parsed as Record<string, unknown>);
  const valid =
    entries.length === INDEX_KEY_NAMES.length &&
    entries.every(
      ([name, value]) =>
        (INDEX_KEY_NAMES as readonly string[]).includes(name) && typeof value === 'string' && value !== '',
    ) &&
    (parsed as Record<string, string>).gsi1pk === expectedQueue;
  if (!valid) throw new InvalidCursorError();
  return parsed as Record<string, string>;
}

/** A stats item's counters by name; absent counters (or an absent item) read 0. */
export function countersOf<Name extends string>(
  item: Record<string, unknown> | undefined,
  names: readonly Name[],
): Record<Name, number> {
  return Object.fromEntries(names.map((name) => [name, numberOf(item?.[name])])) as Record<Name, number>;
}

export function createReviewQueue<Stored>(
  client: DynamoDBDocumentClient,
  tableName: string,
  queue: { name: ReviewQueueName; entity: string },
) {
  /** After a cancelled decision: was the item missing, or decided already? One consistent read tells. */
  async function explainRefusal(key: Record<string, string>, error: unknown): Promise<DecisionOutcome> {
    if (cancellationCodes(error)[0] !== 'ConditionalCheckFailed') throw error;
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
    );
    return Item ? { outcome: 'already_decided', status: String(Item.status) } : { outcome: 'not_found' };
  }

  /** The writes that queue an item: the item (once) and the counters, for a caller's own transaction. */
  function enqueueItems(item: { id: string; generated_at: string } & object): TransactItems {
    return [
      {
        Put: {
          TableName: tableName,
          Item: {
            ...item,
            ...keys.reviewItem(queue.name, item.id),
            ...keys.reviewQueue(queue.name, 'PENDING', item.generated_at, item.id),
            entity: queue.entity,
            status: 'PENDING',
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: keys.reviewStats(queue.name),
          UpdateExpression: 'ADD generated :one, pending :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ];
  }

  /**
   * The writes that queue an item in place of others still PENDING (a newer version of the same
   * thing): each replaced item moves to `replacedStatus`, conditioned on being PENDING still (a
   * decision that lands first cancels the whole transaction), and one counters update adds the new
   * item and moves the replaced ones out of `pending`.
   */
  function enqueueReplacingItems(
    item: { id: string; generated_at: string } & object,
    replaced: readonly { id: string }[],
    replacedStatus: { status: string; counter: string; by: string },
  ): TransactItems {
    const [put] = enqueueItems(item);
    return [
      put as TransactItems[number],
      ...replaced.map((old) => ({
        Update: {
          TableName: tableName,
          Key: keys.reviewItem(queue.name, old.id),
          UpdateExpression: `SET #status = :replaced, gsi1pk = :queue, ${replacedStatus.by} = :by`,
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'PENDING',
            ':replaced': replacedStatus.status,
            ':queue': keys.reviewQueuePartition(queue.name, replacedStatus.status),
            ':by': item.id,
          },
        },
      })),
      {
        Update: {
          TableName: tableName,
          Key: keys.reviewStats(queue.name),
          UpdateExpression: `ADD generated :one, pending :pending, ${replacedStatus.counter} :replaced`,
          ExpressionAttributeValues: {
            ':one': 1,
            ':pending': 1 - replaced.length,
            ':replaced': replaced.length,
          },
        },
      },
    ];
  }

  return {
    enqueueItems,
    enqueueReplacingItems,

    /** Queues one item; false when that id is queued already (a retried job). */
    async enqueue(item: { id: string; generated_at: string } & object): Promise<boolean> {
      try {
        await sendWithConflictRetry(client, new TransactWriteCommand({ TransactItems: enqueueItems(item) }));
        return true;
      } catch (error: unknown) {
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },

    async get(id: string): Promise<Stored | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.reviewItem(queue.name, id), ConsistentRead: true }),
      );
      return Item ? stripKeys<Stored>(Item) : null;
    },

    /** Items of one status, newest first. Throws InvalidCursorError for a cursor of another list. */
    async list(status: string, page: PageRequest): Promise<Page<Stored>> {
      const partition = keys.reviewQueuePartition(queue.name, status);
      const startKey = page.cursor ? decodeCursor(page.cursor, partition) : undefined;
      const output = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :queue',
          ExpressionAttributeValues: { ':queue': partition },
          ScanIndexForward: false,
          Limit: page.limit,
          ExclusiveStartKey: startKey,
        }),
      );
      return {
        items: (output.Items ?? []).map((item) => stripKeys<Stored>(item)),
        nextCursor: output.LastEvaluatedKey ? encodeCursor(output.LastEvaluatedKey) : null,
      };
    },

    /** Moves a PENDING item to the decision's status and its counters, in one transaction. */
    async decide(id: string, decision: QueueDecision): Promise<DecisionOutcome> {
      const key = keys.reviewItem(queue.name, id);
      try {
        await sendWithConflictRetry(
          client,
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: key,
                  UpdateExpression: `SET ${['#status = :status', 'gsi1pk = :queue', ...decision.sets].join(', ')}`,
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':pending': 'PENDING',
                    ':status': decision.status,
                    ':queue': keys.reviewQueuePartition(queue.name, decision.status),
                    ...decision.values,
                  },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.reviewStats(queue.name),
                  UpdateExpression: `ADD ${[`${decision.counter} :one`, 'pending :minus', ...(decision.counters ?? [])].join(', ')}`,
                  ExpressionAttributeValues: { ':one': 1, ':minus': -1, ...decision.counterValues },
                },
              },
              ...(decision.also ?? []),
            ],
          }),
        );
        return { outcome: 'decided' };
      } catch (error: unknown) {
        return explainRefusal(key, error);
      }
    },

    /** The queue's counters by name; absent counters read 0. */
    async readCounters<Name extends string>(names: readonly Name[]): Promise<Record<Name, number>> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.reviewStats(queue.name) }),
      );
      return countersOf(Item, names);
    },
  };
}
