import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { numberOf, queryAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * How many of the analyst's model answers were replaced by the template answer, per UTC day and reason
 * (docs/product.md "The analyst"; read by the admin dashboard). Usage table, one item per day:
 *
 * | Pattern                     | Key                                                    |
 * | --------------------------- | ------------------------------------------------------ |
 * | count one fallback          | UpdateItem pk=ANALYST_FALLBACKS, sk=<yyyy-mm-dd>: ADD  |
 * | the days of a range         | Query pk=ANALYST_FALLBACKS, sk BETWEEN from AND to     |
 *
 * Each reason is its own number attribute added with ADD, so concurrent requests never lose a count.
 * Items expire after 90 days (TTL).
 */

/** guard: the answer failed the guard; timeout: none in time; model_error: the model failed otherwise. */
export const ANALYST_FALLBACK_KINDS = ['guard', 'timeout', 'model_error'] as const;
export type AnalystFallbackKind = (typeof ANALYST_FALLBACK_KINDS)[number];

export type AnalystFallbackCounts = Record<AnalystFallbackKind, number>;

export const ANALYST_FALLBACK_RETENTION_DAYS = 90;
const SECONDS_PER_DAY = 86_400;

export const NO_FALLBACKS: AnalystFallbackCounts = { guard: 0, timeout: 0, model_error: 0 };

export function createAnalystFallbacksRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Adds one fallback of `kind` to the UTC day of `at`. */
    async countFallback(kind: AnalystFallbackKind, at: Date): Promise<void> {
      const day = at.toISOString().slice(0, 10);
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.analystFallbackDay(day),
          UpdateExpression:
            'SET #day = :day, expires_at = if_not_exists(expires_at, :expires) ADD #kind :one',
          ExpressionAttributeNames: { '#day': 'day', '#kind': kind },
          ExpressionAttributeValues: {
            ':day': day,
            ':one': 1,
            ':expires': Math.floor(at.getTime() / 1000) + ANALYST_FALLBACK_RETENTION_DAYS * SECONDS_PER_DAY,
          },
        }),
      );
    },

    /** Each day of [fromDay, toDay] that had a fallback, with its counts per reason. */
    async listFallbackDays(fromDay: string, toDay: string): Promise<Map<string, AnalystFallbackCounts>> {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.analystFallbackPartition,
          ':from': fromDay,
          ':to': toDay,
        },
      });
      return new Map(
        items.map((item) => [
          String(item.sk),
          {
            guard: numberOf(item.guard),
            timeout: numberOf(item.timeout),
            model_error: numberOf(item.model_error),
          },
        ]),
      );
    },
  };
}

export type AnalystFallbacksRepository = ReturnType<typeof createAnalystFallbacksRepository>;
