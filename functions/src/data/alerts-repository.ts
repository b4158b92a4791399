import {
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UserAlertSchema, type NotificationPreferencesPayload } from '@app/shared/domain/entities/catalysts';
import { StoredTextSchema } from '@app/shared/messages/stored-text';
import * as z from 'zod';
import type { UserAlertDraft } from '../engine/catalysts/user-alerts';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import { cancellationCodes } from './dynamo-helpers';
import { keys } from './keys';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  createNotificationPreferencesRepository,
} from './notification-preferences-repository';
import { usageDayExpiry } from './usage-repository';

/*
 * A user's alerts (holdings table; infra/README.md access patterns):
 * - `USER#<id>` / `ALERT#<ulid>`: one alert. The ULID is derived from (user, symbol, rule, day)
 *   (engine/catalysts/user-alerts.ts), so writing it with attribute_not_exists is idempotent: a price poll
 *   that runs twice over the same bar writes one alert and counts one unit of quota.
 * - list: Query on the user's partition, sk begins_with ALERT#, newest first.
 * - the holders of a symbol: gsi1 `SYMBOL#<symbol>` (written with each holding), for the poll.
 * Writing an alert and counting it against the day's market_alerts quota (usage table,
 * `USER#<id>` / `DAY#<yyyy-mm-dd>`) is ONE TransactWriteItems, so the quota cannot be exceeded by
 * concurrent polls and a refused write counts nothing.
 */

export type AlertWriteOutcome = 'written' | 'duplicate' | 'quota_exceeded';

export interface AlertsTables {
  holdings: string;
  usage: string;
}

export { DEFAULT_NOTIFICATION_PREFERENCES };

/** Upper bound of one list call; the screen shows recent alerts, not an archive. */
export const MAX_LISTED_ALERTS = 100;

/**
 * An alert as stored: its texts are messages (worded for each reader when read), or, in rows written
 * before messages, an English title and description and a trilingual message, read as they are.
 */
export const StoredUserAlertSchema = UserAlertSchema.omit({ figures: true, source: true }).extend({
  title: StoredTextSchema,
  description: StoredTextSchema,
  message: StoredTextSchema,
  /** Rows written before alerts could be read have no flag: they count as unread. */
  read: z.boolean().default(false),
  /** The rule that raised it (engine/catalysts/user-alerts.ts, or `rule:<id>` for a custom rule). */
  rule: z.string().optional(),
});
export type StoredUserAlert = z.infer<typeof StoredUserAlertSchema>;

function toStoredAlert(item: Record<string, unknown>): StoredUserAlert {
  return StoredUserAlertSchema.parse(item);
}

export function createAlertsRepository(client: DynamoDBDocumentClient, tables: AlertsTables) {
  const preferences = createNotificationPreferencesRepository(client, tables.holdings);
  const queryAlerts = async (userId: string, onlyDismissed: boolean, limit: number) => {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tables.holdings,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ...(onlyDismissed ? { FilterExpression: 'dismissed = :true' } : {}),
          ExpressionAttributeValues: {
            ':pk': keys.userPartition(userId),
            ':prefix': keys.alertPrefix,
            ...(onlyDismissed ? { ':true': true } : {}),
          },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey && items.length < limit);
    return items.slice(0, limit);
  };

  return {
    /**
     * Writes the alert once and counts it against the day's market_alerts quota (-1: unlimited;
     * 0: nothing is written). `day` is the UTC day of the write (the quota's day).
     */
    async putCounted(
      userId: string,
      alert: UserAlertDraft,
      context: { symbol: string; rule: string; day: string; limit: number; now: Date },
    ): Promise<AlertWriteOutcome> {
      if (context.limit === 0) return 'quota_exceeded';
      const limited = context.limit !== UNLIMITED;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tables.holdings,
                  Item: {
                    ...keys.alert(userId, alert.id),
                    entity: 'alert',
                    ...alert,
                    read: false,
                    symbol: context.symbol,
                    rule: context.rule,
                    created_at: context.now.toISOString(),
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tables.usage,
                  Key: keys.usageDay(userId, context.day),
                  UpdateExpression: 'ADD market_alerts :one SET expires_at = :expiresAt, updated_at = :now',
                  ...(limited
                    ? { ConditionExpression: 'attribute_not_exists(market_alerts) OR market_alerts < :limit' }
                    : {}),
                  ExpressionAttributeValues: {
                    ':one': 1,
                    ':expiresAt': usageDayExpiry(context.day),
                    ':now': context.now.toISOString(),
                    ...(limited ? { ':limit': context.limit } : {}),
                  },
                },
              },
            ],
          }),
        );
        return 'written';
      } catch (error: unknown) {
        const [alertCode, quotaCode] = cancellationCodes(error);
        if (alertCode === 'ConditionalCheckFailed') return 'duplicate';
        if (quotaCode === 'ConditionalCheckFailed') return 'quota_exceeded';
        throw error;
      }
    },

    async list(userId: string, limit = MAX_LISTED_ALERTS): Promise<StoredUserAlert[]> {
      return (await queryAlerts(userId, false, limit)).map(toStoredAlert);
    },

    /** False when the user has no such alert (nothing is created). */
    async dismiss(userId: string, alertId: string): Promise<boolean> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tables.holdings,
            Key: keys.alert(userId, alertId),
            UpdateExpression: 'SET dismissed = :true',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':true': true },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    /** False when the user has no such alert (nothing is created). */
    async markRead(userId: string, alertId: string): Promise<boolean> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tables.holdings,
            Key: keys.alert(userId, alertId),
            UpdateExpression: 'SET #read = :true',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#read': 'read' },
            ExpressionAttributeValues: { ':true': true },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    /** Marks every listed unread alert of the user read; returns how many changed. */
    async markAllRead(userId: string): Promise<number> {
      const unread = (await queryAlerts(userId, false, MAX_LISTED_ALERTS)).filter(
        (item) => item.read !== true,
      );
      let marked = 0;
      for (const item of unread) {
        try {
          await client.send(
            new UpdateCommand({
              TableName: tables.holdings,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET #read = :true',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#read) OR #read = :false)',
              ExpressionAttributeNames: { '#read': 'read' },
              ExpressionAttributeValues: { ':true': true, ':false': false },
            }),
          );
          marked += 1;
        } catch (error: unknown) {
          // Read concurrently by another request: not counted twice.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }
      return marked;
    },

    /** The user's notification preferences (notification-preferences-repository.ts). */
    getPreferences: (userId: string) => preferences.get(userId),
    putPreferences: (userId: string, payload: NotificationPreferencesPayload, now: Date) =>
      preferences.put(userId, payload, now),

    /** Un-dismisses every dismissed alert of the user; returns how many changed. */
    async restoreAll(userId: string): Promise<number> {
      const dismissed = await queryAlerts(userId, true, MAX_LISTED_ALERTS);
      let restored = 0;
      for (const item of dismissed) {
        try {
          await client.send(
            new UpdateCommand({
              TableName: tables.holdings,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET dismissed = :false',
              ConditionExpression: 'attribute_exists(pk) AND dismissed = :true',
              ExpressionAttributeValues: { ':false': false, ':true': true },
            }),
          );
          restored += 1;
        } catch (error: unknown) {
          // Restored concurrently by another request: not counted twice.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }
      return restored;
    },

    /** Users holding a symbol (gsi1 of the holdings table), for the price poll. */
    async listHolders(symbol: string): Promise<{ userId: string; holdingSk: string }[]> {
      const holders: { userId: string; holdingSk: string }[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tables.holdings,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `SYMBOL#${symbol}` },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) {
          const userId = String(item.pk ?? '').replace(/^USER#/, '');
          if (userId) holders.push({ userId, holdingSk: String(item.sk ?? '') });
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return holders;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
