import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import { cancellationCodes, numberOf } from './dynamo-helpers';
import { keys } from './keys';
import { usageDayExpiry } from './usage-repository';

/**
 * The ai_recommendations quota counted per detail served (usage table; infra/README.md): a user is
 * charged one unit the first time they open a symbol's detail on a UTC day, never again that day.
 *
 * ONE TransactWriteItems does both writes: Put the marker `USER#<id>` / `VIEW#<day>#<symbol>` with
 * attribute_not_exists, and ADD 1 to the day row's `ai_recommendations` on condition that it is under
 * the limit. The marker makes a repeat free, the condition holds the limit, and the two commit
 * together: 50 simultaneous requests for one symbol count one unit; against a limit of 3, only the
 * first 3 distinct symbols are counted. A refused transaction writes nothing. Both items expire with
 * the day's row (TTL).
 */

export type DetailViewOutcome =
  | { outcome: 'counted'; used: number }
  | { outcome: 'already_counted'; used: number }
  | { outcome: 'quota_exceeded'; used: number };

const FEATURE = 'ai_recommendations';
/** Simultaneous requests for the same items conflict; each retry sees what the winner wrote. */
const MAX_ATTEMPTS = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createDetailViewsRepository(client: DynamoDBDocumentClient, tableName: string) {
  async function usedOn(userId: string, day: string): Promise<number> {
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.usageDay(userId, day), ConsistentRead: true }),
    );
    return numberOf(Item?.[FEATURE]);
  }

  return {
    /** Counts the first detail of `symbol` for the user on `day` against `limit` (-1 unlimited, 0 none). */
    async countDetailView(
      userId: string,
      symbol: string,
      day: string,
      limit: number,
      now: Date,
    ): Promise<DetailViewOutcome> {
      const limited = limit !== UNLIMITED;
      const expiresAt = usageDayExpiry(day);
      const command = new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.detailView(userId, day, symbol),
                entity: 'detail-view',
                symbol,
                day,
                viewed_at: now.toISOString(),
                expires_at: expiresAt,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.usageDay(userId, day),
              UpdateExpression: 'ADD #feature :one SET expires_at = :expiresAt, updated_at = :now',
              ...(limited
                ? {
                    ConditionExpression:
                      limit > 0 ? 'attribute_not_exists(#feature) OR #feature < :limit' : '#feature < :limit',
                  }
                : {}),
              ExpressionAttributeNames: { '#feature': FEATURE },
              ExpressionAttributeValues: {
                ':one': 1,
                ':expiresAt': expiresAt,
                ':now': now.toISOString(),
                ...(limited ? { ':limit': limit } : {}),
              },
            },
          },
        ],
      });
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.send(command);
          return { outcome: 'counted', used: await usedOn(userId, day) };
        } catch (error: unknown) {
          const [markerCode, counterCode] = cancellationCodes(error);
          if (markerCode === 'ConditionalCheckFailed') {
            return { outcome: 'already_counted', used: await usedOn(userId, day) };
          }
          if (counterCode === 'ConditionalCheckFailed') {
            return { outcome: 'quota_exceeded', used: await usedOn(userId, day) };
          }
          const conflict = markerCode === 'TransactionConflict' || counterCode === 'TransactionConflict';
          if (!conflict || attempt >= MAX_ATTEMPTS) throw error;
          // Jittered, growing pause: the competing transactions finish and this one then sees them.
          await pause(10 * attempt + Math.random() * 20 * attempt);
        }
      }
    },
  };
}

export type DetailViewsRepository = ReturnType<typeof createDetailViewsRepository>;
