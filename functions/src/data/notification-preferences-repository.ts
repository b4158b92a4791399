import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesPayload,
} from '@app/shared/domain/entities/catalysts';
import type { MailChannel } from '@app/shared/domain/entities/mail';
import { MARKET_ALERT_TYPES, type MarketAlertType } from '@app/shared/domain/enums';
import { keys } from './keys';

/*
 * A user's notification preferences, one item of the holdings table: pk=USER#<id>, sk=NOTIFY, with
 * `in_app`, `email` and `digest` (one switch per alert type each). While any digest switch is on, the
 * item also carries gsi1pk=DIGEST, gsi1sk=<user id>, so the daily digest job queries its readers
 * instead of scanning.
 */

const allTypes = (on: boolean) =>
  Object.fromEntries(MARKET_ALERT_TYPES.map((type) => [type, on])) as NotificationPreferences['in_app'];

/** In the app every type is on until saved; mail is opt-in (off until saved). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  in_app: allTypes(true),
  email: allTypes(false),
  digest: allTypes(false),
};

export const DIGEST_READERS_PARTITION = 'DIGEST';

function readPreferences(item: Record<string, unknown> | undefined): NotificationPreferences {
  const parsed = NotificationPreferencesSchema.safeParse({
    in_app: item?.in_app ?? DEFAULT_NOTIFICATION_PREFERENCES.in_app,
    email: item?.email ?? DEFAULT_NOTIFICATION_PREFERENCES.email,
    digest: item?.digest ?? DEFAULT_NOTIFICATION_PREFERENCES.digest,
  });
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

export function createNotificationPreferencesRepository(
  client: DynamoDBDocumentClient,
  holdingsTable: string,
) {
  const repository = {
    async get(userId: string): Promise<NotificationPreferences> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: holdingsTable,
          Key: keys.notificationPreferences(userId),
          ConsistentRead: true,
        }),
      );
      return readPreferences(Item);
    },

    /** Saves the payload over the saved preferences (a channel left out keeps its switches); returns the result. */
    async put(
      userId: string,
      payload: NotificationPreferencesPayload,
      now: Date,
    ): Promise<NotificationPreferences> {
      const saved = await repository.get(userId);
      const preferences: NotificationPreferences = {
        in_app: payload.in_app,
        email: payload.email ?? saved.email,
        digest: payload.digest ?? saved.digest,
      };
      const readsDigest = Object.values(preferences.digest).some(Boolean);
      await client.send(
        new PutCommand({
          TableName: holdingsTable,
          Item: {
            ...keys.notificationPreferences(userId),
            entity: 'notification_preferences',
            ...preferences,
            ...(readsDigest ? { gsi1pk: DIGEST_READERS_PARTITION, gsi1sk: userId } : {}),
            updated_at: now.toISOString(),
          },
        }),
      );
      return preferences;
    },

    /**
     * Turns one type off on one mail channel (the unsubscribe link); the other switches stay. Mail is
     * off until saved, so without a saved item there is nothing to turn off and nothing is written
     * (a link clicked after the account was deleted leaves no trace).
     */
    async turnOff(userId: string, type: MarketAlertType, channel: MailChannel, now: Date): Promise<void> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: holdingsTable,
          Key: keys.notificationPreferences(userId),
          ConsistentRead: true,
        }),
      );
      if (!Item) return;
      const saved = readPreferences(Item);
      await repository.put(userId, { ...saved, [channel]: { ...saved[channel], [type]: false } }, now);
    },

    /** The users with at least one digest switch on (the digest job's readers). */
    async digestReaders(): Promise<string[]> {
      const readers: string[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: holdingsTable,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :digest',
            ExpressionAttributeValues: { ':digest': DIGEST_READERS_PARTITION },
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const item of page.Items ?? []) readers.push(String(item.gsi1sk));
        start = page.LastEvaluatedKey;
      } while (start);
      return readers;
    },
  };
  return repository;
}

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;
