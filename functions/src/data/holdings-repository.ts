import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AssetType } from '@app/shared/domain/enums';
import { cancellationCodes, queryAll } from './dynamo-helpers';
import { keys } from './keys';
import { buildHoldingsDecrementItem, buildHoldingsIncrementItem } from './usage-repository';

/**
 * A user's holdings in the holdings table (access patterns: infra/README.md).
 *
 * - `USER#<id>` / `HOLDING#<ulid>`: the position; gsi1 `SYMBOL#<symbol>` / `USER#<id>` lets the price
 *   poll find the holders of a symbol.
 * - `USER#<id>` / `HELD#<symbol>`: one marker per symbol held, pointing at the position. Creating it
 *   with attribute_not_exists in the add transaction makes "one position per symbol" hold under
 *   concurrency: the loser of a race is told the symbol is held and merges instead.
 * - The holdings count lives in the usage table (`USER#<id>` / `HOLDINGS`, usage-repository.ts). Add
 *   and remove change position, marker and count in ONE TransactWriteItems, so the count always equals
 *   the number of positions and the tier's limit cannot be exceeded by concurrent adds.
 */

export interface StoredHolding {
  id: string;
  user_id: string;
  symbol: string;
  name: string;
  asset_type: AssetType;
  shares: number;
  purchase_price: number | null;
  purchase_date: string | null;
  created_at: string;
  updated_at: string;
  /** Incremented by every change; merges write only if it is still the version they read. */
  version: number;
}

export interface PositionPatch {
  shares?: number;
  purchase_price?: number | null;
  purchase_date?: string | null;
}

/** What the market area needs of a position (portfolio history): its symbol and share count. */
export interface HeldPosition {
  symbol: string;
  shares: number;
}

export type InsertOutcome = 'inserted' | 'quota_exceeded' | 'symbol_held' | 'conflict';
export type RemoveOutcome = 'removed' | 'missing' | 'conflict';
export type UpdateOutcome = { status: 'updated'; holding: StoredHolding } | { status: 'missing' | 'stale' };

const ASSET_TYPES: readonly AssetType[] = ['stock', 'crypto', 'alternative'];

function toStoredHolding(item: Record<string, unknown>): StoredHolding {
  const assetType = ASSET_TYPES.find((type) => type === item.asset_type) ?? 'stock';
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    symbol: String(item.symbol),
    name: String(item.name),
    asset_type: assetType,
    shares: Number(item.shares),
    purchase_price: typeof item.purchase_price === 'number' ? item.purchase_price : null,
    purchase_date: typeof item.purchase_date === 'string' ? item.purchase_date : null,
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
    version: typeof item.version === 'number' ? item.version : 1,
  };
}

export interface HoldingsTables {
  holdings: string;
  /** Where the holdings count lives (usage table). */
  usage: string;
}

export function createHoldingsRepository(client: DynamoDBDocumentClient, tables: HoldingsTables) {
  return {
    /** Every position of a user, oldest first (ULIDs sort by creation time). */
    async list(userId: string): Promise<StoredHolding[]> {
      const holdings: StoredHolding[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tables.holdings,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.holdingPrefix },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) holdings.push(toStoredHolding(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return holdings;
    },

    async get(userId: string, holdingId: string): Promise<StoredHolding | null> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tables.holdings,
          Key: keys.holding(userId, holdingId),
          ConsistentRead: true,
        }),
      );
      return Item ? toStoredHolding(Item) : null;
    },

    /** The position holding `symbol`, through its marker; null when the user does not hold it. */
    async findBySymbol(userId: string, symbol: string): Promise<StoredHolding | null> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tables.holdings,
          Key: keys.heldSymbol(userId, symbol),
          ConsistentRead: true,
        }),
      );
      if (!Item || typeof Item.holding_id !== 'string') return null;
      return this.get(userId, Item.holding_id);
    },

    /**
     * Creates a position, its symbol marker and one more unit of the holdings count, all or nothing.
     * `limit` is the tier's portfolio_assets limit (-1 unlimited).
     */
    async insert(holding: StoredHolding, limit: number, now: Date): Promise<InsertOutcome> {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tables.holdings,
                  Item: {
                    ...keys.holding(holding.user_id, holding.id),
                    ...keys.holdersOfSymbol(holding.symbol, holding.user_id),
                    entity: 'holding',
                    ...holding,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tables.holdings,
                  Item: {
                    ...keys.heldSymbol(holding.user_id, holding.symbol),
                    entity: 'held-symbol',
                    holding_id: holding.id,
                    symbol: holding.symbol,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              buildHoldingsIncrementItem(tables.usage, holding.user_id, limit, now),
            ],
          }),
        );
        return 'inserted';
      } catch (error: unknown) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [, marker, count] = cancellationCodes(error);
        if (marker === 'ConditionalCheckFailed') return 'symbol_held';
        if (count === 'ConditionalCheckFailed') return 'quota_exceeded';
        return 'conflict';
      }
    },

    /**
     * Changes a position. With `expectedVersion` the write happens only if nobody changed the position
     * since it was read ('stale' otherwise): merges use it so two concurrent merges cannot lose shares.
     */
    async update(
      userId: string,
      holdingId: string,
      patch: PositionPatch,
      now: Date,
      expectedVersion?: number,
    ): Promise<UpdateOutcome> {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      const names: Record<string, string> = { '#version': 'version', '#updated': 'updated_at' };
      const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString() };
      const assignments = ['#updated = :now', '#version = #version + :one'];
      entries.forEach(([name, value], index) => {
        names[`#f${index}`] = name;
        values[`:v${index}`] = value;
        assignments.push(`#f${index} = :v${index}`);
      });
      let condition = 'attribute_exists(pk)';
      if (expectedVersion !== undefined) {
        condition += ' AND #version = :expected';
        values[':expected'] = expectedVersion;
      }
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tables.holdings,
            Key: keys.holding(userId, holdingId),
            UpdateExpression: `SET ${assignments.join(', ')}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { status: 'updated', holding: toStoredHolding(Attributes ?? {}) };
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException)
          return { status: error.Item ? 'stale' : 'missing' };
        throw error;
      }
    },

    /** Deletes a position and its marker and frees one unit of the holdings count, all or nothing. */
    async remove(holding: StoredHolding, now: Date): Promise<RemoveOutcome> {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tables.holdings,
                  Key: keys.holding(holding.user_id, holding.id),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Delete: {
                  TableName: tables.holdings,
                  Key: keys.heldSymbol(holding.user_id, holding.symbol),
                  ConditionExpression: 'holding_id = :id',
                  ExpressionAttributeValues: { ':id': holding.id },
                },
              },
              buildHoldingsDecrementItem(tables.usage, holding.user_id, now),
            ],
          }),
        );
        return 'removed';
      } catch (error: unknown) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [position] = cancellationCodes(error);
        return position === 'ConditionalCheckFailed' ? 'missing' : 'conflict';
      }
    },

    /** Symbol and shares of every position of a user (a projected Query of the user's partition). */
    async listPositions(userId: string): Promise<HeldPosition[]> {
      const items = await queryAll(client, {
        TableName: tables.holdings,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.holdingPrefix },
        ProjectionExpression: 'symbol, shares',
      });
      return items.flatMap((item) => {
        const shares = Number(item.shares);
        return typeof item.symbol === 'string' && Number.isFinite(shares) && shares > 0
          ? [{ symbol: item.symbol.toUpperCase(), shares }]
          : [];
      });
    },
  };
}

export type HoldingsRepository = ReturnType<typeof createHoldingsRepository>;
