import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { QuotaFeature } from '@app/shared/domain/enums';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import { keys } from './keys';

/**
 * Quota counters in the usage table (access patterns: infra/README.md).
 *
 * - Daily quotas live in one row per user and UTC day, `USER#<id>` / `DAY#<yyyy-mm-dd>`, one numeric
 *   attribute per feature. A new day has no row yet, so its counters start at zero by construction:
 *   nothing has to be reset in place at midnight. Old rows expire through the table's TTL
 *   (`expires_at`, {@link USAGE_DAY_RETENTION_DAYS} days after their day).
 * - The number of holdings lives in `USER#<id>` / `HOLDINGS`, attribute `count`. Only the portfolio's
 *   add/remove transactions change it, with the items built by {@link buildHoldingsIncrementItem} and
 *   {@link buildHoldingsDecrementItem}, so it equals the number of holdings at all times.
 *
 * Every limit is enforced by the write itself (a conditional UpdateItem or a transaction item), never
 * read-then-write, so concurrent requests cannot exceed it.
 */

/** Quotas counted per UTC day; portfolio_assets is a standing count, not a daily one. */
export const DAILY_QUOTA_FEATURES = ['ai_recommendations', 'market_alerts', 'analyst_questions'] as const;
export type DailyQuotaFeature = (typeof DAILY_QUOTA_FEATURES)[number];

export function isDailyQuotaFeature(feature: string): feature is DailyQuotaFeature {
  return (DAILY_QUOTA_FEATURES as readonly string[]).includes(feature);
}

/** Long enough for a month of history on the usage screen and in cost reviews, short enough to stay small. */
export const USAGE_DAY_RETENTION_DAYS = 35;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant, `yyyy-mm-dd`: the key of that day's counters. */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The next 00:00:00.000 UTC after an instant: when the daily counters start again. */
export function nextUtcMidnight(instant: Date): Date {
  const startOfDay = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  return new Date(startOfDay + DAY_MS);
}

/** The UTC day before `day` (`yyyy-mm-dd`). */
export function previousUtcDay(day: string): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS));
}

/** Epoch seconds at which a day's row may be deleted by TTL. */
export function usageDayExpiry(day: string): number {
  return Math.floor((Date.parse(`${day}T00:00:00.000Z`) + USAGE_DAY_RETENTION_DAYS * DAY_MS) / 1000);
}

export type DailyUsage = Record<DailyQuotaFeature, number>;

export interface UsageSnapshot {
  day: string;
  daily: DailyUsage;
  holdings: number;
}

export type QuotaConsumeResult =
  /** The unit was counted; `used` includes it. */
  | { consumed: true; used: number }
  /** The limit was already reached; nothing was written. `used` is the count that refused it. */
  | { consumed: false; used: number };

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function dailyUsageOf(item: Record<string, unknown> | undefined): DailyUsage {
  return {
    ai_recommendations: numberOr(item?.ai_recommendations, 0),
    market_alerts: numberOr(item?.market_alerts, 0),
    analyst_questions: numberOr(item?.analyst_questions, 0),
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The transaction item that counts one more holding, refused when the count has reached `limit`
 * (-1: no limit). The portfolio puts it in the same TransactWrite as the holding's Put, so the holding
 * and the count change together or not at all. A missing count means 0.
 */
export function buildHoldingsIncrementItem(
  tableName: string,
  userId: string,
  limit: number,
  now: Date,
): TransactItem {
  const base = {
    TableName: tableName,
    Key: keys.usageHoldings(userId),
    UpdateExpression: 'ADD #count :one SET updated_at = :now',
    ExpressionAttributeNames: { '#count': 'count' },
  };
  if (limit === UNLIMITED) {
    return { Update: { ...base, ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() } } };
  }
  return {
    Update: {
      ...base,
      // A limit of 0 admits nothing, not even a first holding, so the "missing means 0" branch needs limit > 0.
      ConditionExpression: limit > 0 ? 'attribute_not_exists(#count) OR #count < :limit' : '#count < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':now': now.toISOString() },
    },
  };
}

/** The transaction item that counts one holding fewer; the condition keeps the count from going negative. */
export function buildHoldingsDecrementItem(tableName: string, userId: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.usageHoldings(userId),
      UpdateExpression: 'ADD #count :minusOne SET updated_at = :now',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': now.toISOString() },
    },
  };
}

export interface JobRunMarker {
  job: string;
  day: string;
  startedAt: string;
  details: Record<string, unknown>;
}

export function createUsageRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    tableName,

    /** Today's daily counters and the holdings count, in one strongly consistent batch read. */
    async getSnapshot(userId: string, day: string): Promise<UsageSnapshot> {
      const dayKey = keys.usageDay(userId, day);
      const holdingsKey = keys.usageHoldings(userId);
      const { Responses, UnprocessedKeys } = await client.send(
        new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: [dayKey, holdingsKey], ConsistentRead: true } },
        }),
      );
      const items = Responses?.[tableName] ?? [];
      // Two small keys never exceed BatchGet's limits; unprocessed keys mean throttling: read them one by one.
      const pending = UnprocessedKeys?.[tableName]?.Keys ?? [];
      if (pending.length > 0) {
        const retried = await client.send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
        );
        items.push(...(retried.Responses?.[tableName] ?? []));
      }
      const dayItem = items.find((item) => item.sk === dayKey.sk);
      const holdingsItem = items.find((item) => item.sk === holdingsKey.sk);
      return { day, daily: dailyUsageOf(dayItem), holdings: numberOr(holdingsItem?.count, 0) };
    },

    /**
     * Counts one unit of a daily quota in ONE conditional UpdateItem: the condition compares the stored
     * count with the limit at write time, so 50 concurrent calls against a limit of 3 count exactly 3.
     * -1 adds without a condition; 0 refuses without writing.
     */
    async consumeDaily(
      userId: string,
      feature: DailyQuotaFeature,
      day: string,
      limit: number,
      now: Date,
    ): Promise<QuotaConsumeResult> {
      if (limit === 0) return { consumed: false, used: 0 };
      const limited = limit !== UNLIMITED;
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.usageDay(userId, day),
            UpdateExpression: 'ADD #feature :one SET expires_at = :expiresAt, updated_at = :now',
            ...(limited
              ? { ConditionExpression: 'attribute_not_exists(#feature) OR #feature < :limit' }
              : {}),
            ExpressionAttributeNames: { '#feature': feature },
            ExpressionAttributeValues: {
              ':one': 1,
              ':expiresAt': usageDayExpiry(day),
              ':now': now.toISOString(),
              ...(limited ? { ':limit': limit } : {}),
            },
            ReturnValues: 'UPDATED_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { consumed: true, used: numberOr(Attributes?.[feature], 1) };
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) {
          const current = error.Item?.[feature] as { N?: string } | undefined;
          return { consumed: false, used: current?.N !== undefined ? Number(current.N) : limit };
        }
        throw error;
      }
    },

    /**
     * Records that a job ran for a day; false when it already had (the marker exists), which is what makes
     * running a job twice a no-op. The marker expires with the usage rows.
     */
    async recordJobRun(marker: JobRunMarker): Promise<boolean> {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.jobRun(marker.job, marker.day),
              entity: 'job-run',
              job: marker.job,
              day: marker.day,
              started_at: marker.startedAt,
              ...marker.details,
              expires_at: usageDayExpiry(marker.day),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
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

export type UsageRepository = ReturnType<typeof createUsageRepository>;

/** Counters of a snapshot per quota feature, in the vocabulary of the tier catalogue. */
export function usageByFeature(snapshot: UsageSnapshot): Record<QuotaFeature, number> {
  return {
    portfolio_assets: snapshot.holdings,
    ai_recommendations: snapshot.daily.ai_recommendations,
    market_alerts: snapshot.daily.market_alerts,
    analyst_questions: snapshot.daily.analyst_questions,
  };
}
