import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Grade } from '@app/shared/domain/enums';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import {
  cancellationCodes,
  queryAll,
  sendWithConflictRetry,
  stripKeys,
  type ConflictRetry,
} from './dynamo-helpers';
import { keys } from './keys';

/*
 * The symbols of watchlists (keys and the caps' transactions: ./watchlists-repository.ts): adding one
 * with its list's `symbol_count < limit`, removing one, and the price poll's side (who watches a
 * symbol, on gsi1, and the grade it last compared against).
 */

export interface StoredWatchlistEntry {
  user_id: string;
  list_id: string;
  symbol: string;
  added_at: string;
  added_market_date: string;
  added_grade: Grade | null;
  /** The grade the price poll last compared against (the added grade until then). */
  last_grade: Grade | null;
}

export type EntryAddOutcome = 'written' | 'limit_reached' | 'duplicate' | 'list_not_found';

export /** ConditionExpression of a count held below `limit` (-1: none). */
function capOf(field: string, limit: number, initialised: boolean) {
  if (limit === UNLIMITED) return {};
  const absent = initialised || limit <= 0 ? '' : `attribute_not_exists(${field}) OR `;
  return { condition: `${absent}${field} < :limit`, values: { ':limit': limit } };
}

/**
 * Many adds to one list at once touch its item together: DynamoDB cancels all but one with
 * TransactionConflict (no condition failed); each is sent again after a jittered, growing pause, up to
 * 10 times (20 concurrent adds to one list clash more than the counters' 4 tries absorb).
 */
const LIST_CONFLICTS: ConflictRetry = {
  attempts: 10,
  pauseMs: (attempt) => 10 * attempt + Math.random() * 30 * attempt,
};

export function sendTransactionRetryingConflicts(
  client: DynamoDBDocumentClient,
  command: TransactWriteCommand,
): Promise<void> {
  return sendWithConflictRetry(client, command, LIST_CONFLICTS);
}

const watcherIndex = (symbol: string, userId: string, listId: string) => ({
  gsi1pk: `WATCHERS#${symbol}`,
  gsi1sk: `USER#${userId}#LIST#${listId}`,
});

export function createWatchlistEntriesRepository(client: DynamoDBDocumentClient, tableName: string) {
  const sendRetryingConflicts = (command: TransactWriteCommand) =>
    sendTransactionRetryingConflicts(client, command);
  const listExists = async (userId: string, listId: string) =>
    (
      await client.send(
        new GetCommand({ TableName: tableName, Key: keys.watchlist(userId, listId), ConsistentRead: true }),
      )
    ).Item !== undefined;

  return {
    /** Adds the symbol unless the list holds `limit` symbols (-1: no cap), holds it already, or is gone. */
    async addEntry(entry: StoredWatchlistEntry, limit: number, now: Date): Promise<EntryAddOutcome> {
      const cap = capOf('symbol_count', limit, true);
      try {
        await sendRetryingConflicts(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.watchlistEntry(entry.user_id, entry.list_id, entry.symbol),
                    ...watcherIndex(entry.symbol, entry.user_id, entry.list_id),
                    entity: 'watchlist-entry',
                    ...entry,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.watchlist(entry.user_id, entry.list_id),
                  UpdateExpression: 'ADD symbol_count :one SET updated_at = :now',
                  ConditionExpression: cap.condition
                    ? `attribute_exists(pk) AND ${cap.condition}`
                    : 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ...cap.values },
                },
              },
            ],
          }),
        );
        return 'written';
      } catch (error: unknown) {
        const [entryCode, listCode] = cancellationCodes(error);
        if (entryCode === 'ConditionalCheckFailed') return 'duplicate';
        if (listCode !== 'ConditionalCheckFailed') throw error;
        return (await listExists(entry.user_id, entry.list_id)) ? 'limit_reached' : 'list_not_found';
      }
    },

    /** False when the list does not hold the symbol (nothing changes). */
    async removeEntry(userId: string, listId: string, symbol: string, now: Date): Promise<boolean> {
      try {
        await sendRetryingConflicts(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.watchlistEntry(userId, listId, symbol),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.watchlist(userId, listId),
                  UpdateExpression: 'ADD symbol_count :minusOne SET updated_at = :now',
                  ConditionExpression: 'attribute_exists(pk) AND symbol_count > :zero',
                  ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': now.toISOString() },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        const codes = cancellationCodes(error);
        if (codes.includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },

    /** Every watchlist entry on a symbol, whoever owns it (gsi1, eventually consistent: the poll reads it). */
    async listWatchers(symbol: string): Promise<StoredWatchlistEntry[]> {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `WATCHERS#${symbol}` },
      });
      return items.map((item) => stripKeys<StoredWatchlistEntry>(item));
    },

    /** Remembers the grade the poll compared against; false when it moved meanwhile or the entry is gone. */
    async recordGrade(entry: StoredWatchlistEntry, grade: Grade): Promise<boolean> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.watchlistEntry(entry.user_id, entry.list_id, entry.symbol),
            UpdateExpression: 'SET last_grade = :grade',
            ConditionExpression:
              entry.last_grade === null
                ? 'attribute_exists(pk) AND last_grade = :none'
                : 'attribute_exists(pk) AND last_grade = :seen',
            ExpressionAttributeValues: {
              ':grade': grade,
              ...(entry.last_grade === null ? { ':none': null } : { ':seen': entry.last_grade }),
            },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
