import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { isConditionFailure, putIfVersion, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * What every worker shares about a provider, so concurrent workers respect its limits together
 * (access patterns: infra/README.md "The stored market"):
 *
 * | Pattern                         | Key                                                              |
 * | ------------------------------- | ---------------------------------------------------------------- |
 * | reserve the next request slot   | UpdateItem pk=PROVIDER#<p>, sk=LIMIT, conditioned on the slot read |
 * | the circuit breaker             | GetItem / PutItem pk=PROVIDER#<p>, sk=BREAKER, version-conditioned |
 * | requests of a minute            | UpdateItem ADD pk=PROVIDER#<p>, sk=COUNT#<minute> (TTL 2 h)       |
 */

export interface BreakerRecord {
  provider: string;
  state: 'closed' | 'open';
  consecutive_failures: number;
  /** Epoch ms when it opened (null while closed). */
  opened_at: number | null;
  /** Epoch ms when a worker took the one trial request of the half-open state (null when none is out). */
  trial_started_at: number | null;
  changed_at: string;
  version: number;
}

export interface ProviderMinuteCounts {
  /** `yyyy-mm-ddThh:mm` (UTC). */
  minute: string;
  requests: number;
  throttled: number;
  failed: number;
}

export interface ProviderStateRepository {
  /**
   * Reserves the provider's next request slot: the later of `now()` and the stored next slot. The
   * stored next slot moves `intervalMs` past it, conditioned on the value read, so two workers never
   * take the same slot. Returns the epoch ms at which the caller may send.
   */
  reserveSlot(provider: string, intervalMs: number, now: () => number): Promise<number>;
  getBreaker(provider: string): Promise<BreakerRecord | null>;
  /** Conditioned on `record.version - 1` (or absence for version 1); false when another worker wrote first. */
  putBreaker(record: BreakerRecord): Promise<boolean>;
  addCounts(provider: string, counts: ProviderMinuteCounts, expiresAtEpochSeconds: number): Promise<void>;
  listCounts(provider: string, fromMinute: string, toMinute: string): Promise<ProviderMinuteCounts[]>;
}

/** Contention between workers costs a retry each; this many in a row means something is wrong. */
const MAX_SLOT_ATTEMPTS = 50;

export function createProviderStateRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): ProviderStateRepository {
  async function readNextSlot(provider: string): Promise<number | null> {
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.providerLimit(provider), ConsistentRead: true }),
    );
    return typeof Item?.next_slot_at === 'number' ? Item.next_slot_at : null;
  }

  /** The next slot as this process last saw it: tried first, so a reservation is usually one write. */
  const lastSeen = new Map<string, number | null>();

  return {
    async reserveSlot(provider, intervalMs, now) {
      let known = lastSeen.has(provider) ? (lastSeen.get(provider) ?? null) : await readNextSlot(provider);
      for (let attempt = 1; attempt <= MAX_SLOT_ATTEMPTS; attempt += 1) {
        const slot = Math.max(now(), known ?? 0);
        try {
          await client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.providerLimit(provider),
              UpdateExpression: 'SET next_slot_at = :next, interval_ms = :interval, entity = :entity',
              ConditionExpression:
                known === null ? 'attribute_not_exists(next_slot_at)' : 'next_slot_at = :known',
              ExpressionAttributeValues: {
                ':next': slot + intervalMs,
                ':interval': intervalMs,
                ':entity': 'provider-limit',
                ...(known === null ? {} : { ':known': known }),
              },
              // The refusal carries the slot another worker just took: no second read needed.
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            }),
          );
          lastSeen.set(provider, slot + intervalMs);
          return slot;
        } catch (error: unknown) {
          if (!isConditionFailure(error)) throw error;
          const item = error instanceof ConditionalCheckFailedException ? error.Item : undefined;
          const returned = item?.next_slot_at?.N;
          known = returned === undefined ? await readNextSlot(provider) : Number(returned);
          lastSeen.set(provider, known);
        }
      }
      throw new Error(`Could not reserve a request slot for ${provider} after ${MAX_SLOT_ATTEMPTS} attempts`);
    },

    async getBreaker(provider) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.providerBreaker(provider), ConsistentRead: true }),
      );
      return Item ? stripKeys<BreakerRecord>(Item) : null;
    },

    putBreaker(record) {
      return putIfVersion(client, tableName, {
        ...keys.providerBreaker(record.provider),
        entity: 'provider-breaker',
        ...record,
      });
    },

    async addCounts(provider, counts, expiresAtEpochSeconds) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.providerCount(provider, counts.minute),
          // MINUTE is a DynamoDB reserved word: every name goes through a placeholder.
          UpdateExpression:
            'ADD #requests :requests, #throttled :throttled, #failed :failed SET #minute = :minute, expires_at = :expires, entity = :entity',
          ExpressionAttributeNames: {
            '#requests': 'requests',
            '#throttled': 'throttled',
            '#failed': 'failed',
            '#minute': 'minute',
          },
          ExpressionAttributeValues: {
            ':requests': counts.requests,
            ':throttled': counts.throttled,
            ':failed': counts.failed,
            ':minute': counts.minute,
            ':expires': expiresAtEpochSeconds,
            ':entity': 'provider-count',
          },
        }),
      );
    },

    async listCounts(provider, fromMinute, toMinute) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.providerPartition(provider),
          ':from': `${keys.providerCountPrefix}${fromMinute}`,
          ':to': `${keys.providerCountPrefix}${toMinute}`,
        },
      });
      return items.map((item) => ({
        minute: String(item.minute),
        requests: Number(item.requests ?? 0),
        throttled: Number(item.throttled ?? 0),
        failed: Number(item.failed ?? 0),
      }));
    },
  };
}
