import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchDeleteAll, cancellationCodes, deleteCountedItem, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import {
  capOf,
  createWatchlistEntriesRepository,
  sendTransactionRetryingConflicts,
  type StoredWatchlistEntry,
} from './watchlist-entries-repository';

export type { StoredWatchlistEntry } from './watchlist-entries-repository';

/*
 * Watchlists (holdings table; infra/README.md access patterns):
 * - `USER#<id>` / `WATCHLIST#<listId>`: one list (name, grade_alerts, `symbol_count`);
 * - `USER#<id>` / `WATCHLIST#<listId>#SYM#<symbol>`: one symbol of it, with the grade and market date
 *   it was added at and the grade the price poll last saw (`last_grade`); a user's lists and symbols
 *   are one Query (sk begins_with WATCHLIST#), inside the user's partition, so the account's export
 *   and deletion take them with the rest (data/account-records-repository.ts);
 * - gsi1 `WATCHERS#<symbol>` / `USER#<id>#LIST#<listId>`: who watches a symbol, for the price poll;
 * - `USER#<id>` / `WATCHLISTS`: how many lists the user keeps (`count`).
 * The plan's caps are held by the write transactions, so concurrent requests never pass them: creating
 * a list is its Put with `count < limit`; adding a symbol is its Put with the list's
 * `symbol_count < limit` (and the list still there). Deleting a list removes it and its count first,
 * then its symbols (a symbol whose list is gone is never read, and no symbol can be added to it).
 */

export interface StoredWatchlist {
  id: string;
  user_id: string;
  name: string;
  grade_alerts: boolean;
  symbol_count: number;
  created_at: string;
  updated_at: string;
}

export interface StoredWatchlistWithEntries extends StoredWatchlist {
  entries: StoredWatchlistEntry[];
}

export type ListCreateOutcome = 'written' | 'limit_reached';

function grouped(items: Record<string, unknown>[]): StoredWatchlistWithEntries[] {
  const lists = new Map<string, StoredWatchlistWithEntries>();
  for (const item of items) {
    if (item.entity === 'watchlist') {
      const list = stripKeys<StoredWatchlist>(item);
      lists.set(list.id, { ...list, entries: [] });
    }
  }
  for (const item of items) {
    if (item.entity !== 'watchlist-entry') continue;
    const entry = stripKeys<StoredWatchlistEntry>(item);
    lists.get(entry.list_id)?.entries.push(entry);
  }
  return [...lists.values()];
}

export function createWatchlistsRepository(client: DynamoDBDocumentClient, tableName: string) {
  const sendRetryingConflicts = (command: TransactWriteCommand) =>
    sendTransactionRetryingConflicts(client, command);
  const readPrefix = (userId: string, prefix: string) =>
    queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
      ConsistentRead: true,
    });

  return {
    ...createWatchlistEntriesRepository(client, tableName),

    /** Every list of the user with its symbols, oldest list first (ULIDs sort by time). */
    async list(userId: string): Promise<StoredWatchlistWithEntries[]> {
      return grouped(await readPrefix(userId, keys.watchlistPrefix));
    },

    async get(userId: string, listId: string): Promise<StoredWatchlistWithEntries | null> {
      return grouped(await readPrefix(userId, `${keys.watchlistPrefix}${listId}`))[0] ?? null;
    },

    /** The list alone (no symbols); null when it does not exist. */
    async getList(userId: string, listId: string): Promise<StoredWatchlist | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.watchlist(userId, listId), ConsistentRead: true }),
      );
      return Item ? stripKeys<StoredWatchlist>(Item) : null;
    },

    /** Creates the list unless the user already keeps `limit` lists (-1: no cap). */
    async createList(list: StoredWatchlist, limit: number): Promise<ListCreateOutcome> {
      const cap = capOf('#count', limit, false);
      try {
        await sendRetryingConflicts(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.watchlist(list.user_id, list.id), entity: 'watchlist', ...list },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.watchlistCount(list.user_id),
                  UpdateExpression: 'ADD #count :one SET updated_at = :now',
                  ...(cap.condition ? { ConditionExpression: cap.condition } : {}),
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':one': 1, ':now': list.created_at, ...cap.values },
                },
              },
            ],
          }),
        );
        return 'written';
      } catch (error: unknown) {
        const [, countCode] = cancellationCodes(error);
        if (countCode === 'ConditionalCheckFailed') return 'limit_reached';
        throw error;
      }
    },

    /** Renames the list or sets its grade alerts; null when the user has no such list. */
    async updateList(
      userId: string,
      listId: string,
      changes: { name?: string; grade_alerts?: boolean },
      now: Date,
    ): Promise<StoredWatchlist | null> {
      const sets = ['updated_at = :now'];
      const values: Record<string, unknown> = { ':now': now.toISOString() };
      if (changes.name !== undefined) {
        sets.push('#name = :name');
        values[':name'] = changes.name;
      }
      if (changes.grade_alerts !== undefined) {
        sets.push('grade_alerts = :alerts');
        values[':alerts'] = changes.grade_alerts;
      }
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.watchlist(userId, listId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            // NAME is a DynamoDB reserved word.
            ...(changes.name !== undefined ? { ExpressionAttributeNames: { '#name': 'name' } } : {}),
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? stripKeys<StoredWatchlist>(Attributes) : null;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    /** False when the user has no such list (nothing changes). */
    async deleteList(userId: string, listId: string, now: Date): Promise<boolean> {
      try {
        await sendRetryingConflicts(
          new TransactWriteCommand({
            TransactItems: deleteCountedItem(
              tableName,
              keys.watchlist(userId, listId),
              keys.watchlistCount(userId),
              now,
            ),
          }),
        );
      } catch (error: unknown) {
        const [listCode] = cancellationCodes(error);
        if (listCode === 'ConditionalCheckFailed') return false;
        throw error;
      }
      const entries = await readPrefix(userId, `${keys.watchlistPrefix}${listId}#SYM#`);
      await batchDeleteAll(
        client,
        tableName,
        entries.map((item) => ({ pk: item.pk, sk: item.sk })),
      );
      return true;
    },
  };
}

export type WatchlistsRepository = ReturnType<typeof createWatchlistsRepository>;
