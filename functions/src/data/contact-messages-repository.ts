import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InboxMessage } from '@app/shared/domain/entities/contact';
import { countBelowLimit, isConditionFailure, stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from './review-queue';

/*
 * The contact Inbox (access patterns in infra/README.md):
 *
 * | Pattern                                   | Key                                                          |
 * | ----------------------------------------- | ------------------------------------------------------------ |
 * | one message (moderation table)            | pk=CONTACT#<ulid>, sk=ITEM                                   |
 * | the Inbox, paid plans first, newest first | gsi1pk=INBOX, gsi1sk=<1 paid, 0 else>#<received_at>#<id> desc |
 * | a sender's messages this hour (usage)     | pk=CONTACT#<sender>, sk=HOUR#<yyyy-mm-ddThh>, TTL            |
 */

export interface ContactRepositoryTables {
  moderation: string;
  usage: string;
}

/** Seconds a sender's hourly counter is kept after its hour: long enough to outlive the hour. */
const COUNTER_TTL_SECONDS = 2 * 3600;

export function createContactMessagesRepository(
  client: DynamoDBDocumentClient,
  tables: ContactRepositoryTables,
) {
  return {
    /**
     * Counts one message against the sender's hour, refused (false) once `limit` were sent: one
     * conditional UpdateItem, so concurrent posts cannot pass the limit together.
     */
    async countSenderMessage(sender: string, hour: string, limit: number, nowSeconds: number) {
      return countBelowLimit(client, {
        table: tables.usage,
        key: keys.contactSenderHour(sender, hour),
        field: 'sent',
        limit,
        expiresAt: nowSeconds + COUNTER_TTL_SECONDS,
      });
    },

    async insert(item: InboxMessage): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tables.moderation,
          Item: {
            ...withoutHandledAt(item),
            ...keys.contactMessage(item.id),
            ...keys.inbox(item.priority, item.received_at, item.id),
            entity: 'CONTACT',
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async list(page: PageRequest): Promise<Page<InboxMessage>> {
      const { Items, LastEvaluatedKey } = await client.send(
        new QueryCommand({
          TableName: tables.moderation,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :inbox',
          ExpressionAttributeValues: { ':inbox': keys.inboxPartition },
          ScanIndexForward: false,
          Limit: page.limit,
          ...(page.cursor ? { ExclusiveStartKey: decodeCursor(page.cursor, keys.inboxPartition) } : {}),
        }),
      );
      return {
        items: (Items ?? []).map((item) => toInboxMessage(item)),
        nextCursor: LastEvaluatedKey ? encodeCursor(LastEvaluatedKey) : null,
      };
    },

    /**
     * Sets the handled flag; null when no message has this id. Idempotent: marking a handled message
     * handled again keeps the first handled_at.
     */
    async setHandled(id: string, handled: boolean, at: string): Promise<InboxMessage | null> {
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tables.moderation,
            Key: keys.contactMessage(id),
            UpdateExpression: handled
              ? 'SET handled = :handled, handled_at = if_not_exists(handled_at, :at)'
              : 'SET handled = :handled REMOVE handled_at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: handled ? { ':handled': true, ':at': at } : { ':handled': false },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toInboxMessage(Attributes) : null;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
    },
  };
}

function withoutHandledAt(item: InboxMessage): Omit<InboxMessage, 'handled_at'> {
  const { handled_at: _handledAt, ...rest } = item;
  return rest;
}

/** handled_at is stored only while the message is handled. */
function toInboxMessage(item: Record<string, unknown>): InboxMessage {
  const stored = stripKeys<InboxMessage>(item);
  return { ...stored, handled_at: stored.handled_at ?? null };
}

export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;
