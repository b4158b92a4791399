import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchDeleteAll, isConditionFailure, queryAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Everything stored about one account, found by key, never by Scan (docs/accounts.md):
 *
 * | Table      | Where                                                                              |
 * | ---------- | ---------------------------------------------------------------------------------- |
 * | users      | the whole partition `USER#<sub>` (profile, billing account, invoices, credit notes, |
 * |            | notification preferences, and any item a later feature keys under the user)        |
 * | holdings   | the whole partition `USER#<sub>` (holdings, held symbols, ledger, import mappings, |
 * |            | alerts, alert rules and their count, watchlists and their symbols)                 |
 * | usage      | the partitions `USER#<sub>` (quota days, holdings count, detail views) and         |
 * |            | `CONTACT#user:<sub>` (the contact form's hourly counter)                           |
 * | moderation | the Inbox (gsi1 `INBOX`) filtered on `user_id`: the messages the user sent         |
 *
 * Whole partitions, not a list of sort-key prefixes: an item another feature adds under the user's
 * partition (mail preferences, codes) is exported and erased without a change here. The market table
 * keys nothing by user; the idempotency table keeps hashed request keys and billing answers for a few
 * hours under its TTL, and they cannot be listed per user without a Scan (docs/accounts.md).
 */

export interface AccountTables {
  users: string;
  holdings: string;
  usage: string;
  moderation: string;
}

export type AccountTableId = keyof AccountTables;

export interface AccountRecord {
  table: AccountTableId;
  item: Record<string, unknown>;
}

/** Sort keys of the documents the law requires to keep (invoices and credit notes). */
const RETAINED_PREFIXES = [keys.billingInvoicePrefix, keys.creditNotePrefix];
const ERASURE_MARKER_SK = 'ERASURE';

export const isRetainedDocument = (record: AccountRecord) =>
  record.table === 'users' && RETAINED_PREFIXES.some((prefix) => String(record.item.sk).startsWith(prefix));

export const retainedPartition = (pseudonym: string) => `RETAINED#${pseudonym}`;

export function createAccountRecordsRepository(client: DynamoDBDocumentClient, tables: AccountTables) {
  const partition = (table: AccountTableId, pk: string) =>
    queryAll(client, {
      TableName: tables[table],
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }).then((items) => items.map((item) => ({ table, item })));

  const contactMessages = async (userId: string): Promise<AccountRecord[]> =>
    (
      await queryAll(client, {
        TableName: tables.moderation,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :inbox',
        FilterExpression: 'user_id = :user',
        ExpressionAttributeValues: { ':inbox': keys.inboxPartition, ':user': userId },
      })
    ).map((item) => ({ table: 'moderation' as const, item }));

  return {
    /** Every record of the account, as stored (keys included), in table order. */
    async listAll(userId: string): Promise<AccountRecord[]> {
      const parts = await Promise.all([
        partition('users', keys.userPartition(userId)),
        partition('holdings', keys.userPartition(userId)),
        partition('usage', keys.userPartition(userId)),
        partition('usage', `CONTACT#user:${userId}`),
        contactMessages(userId),
      ]);
      return parts.flat().filter((record) => record.item.sk !== ERASURE_MARKER_SK);
    },

    /**
     * The pseudonym the account's kept documents go under, chosen once per deletion and stored on an
     * erasure marker in the user's partition, so a retried deletion files the rest under the same one.
     */
    async pseudonymFor(userId: string, proposed: string): Promise<string> {
      const marker = { pk: keys.userPartition(userId), sk: ERASURE_MARKER_SK };
      try {
        await client.send(
          new PutCommand({
            TableName: tables.users,
            Item: { ...marker, pseudonym: proposed },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return proposed;
      } catch (error: unknown) {
        if (!isConditionFailure(error)) throw error;
      }
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.users, Key: marker, ConsistentRead: true }),
      );
      return String(Item?.pseudonym ?? proposed);
    },

    /**
     * Moves one kept document under the pseudonym, with its expiry: one transaction, so never twice.
     * Its content stays as issued (the law keeps the invoice), but nothing in it is the user's id.
     */
    async retainDocument(
      userId: string,
      record: AccountRecord,
      pseudonym: string,
      retainUntil: Date,
    ): Promise<void> {
      const { pk, sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...stored } = record.item;
      // The billing customer id (and any attribute) that is the user's id becomes the pseudonym.
      const document = Object.fromEntries(
        Object.entries(stored).map(([name, value]) => [name, value === userId ? pseudonym : value]),
      );
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tables.users,
                Item: {
                  ...document,
                  pk: retainedPartition(pseudonym),
                  sk,
                  retained_until: retainUntil.toISOString(),
                  expires_at: Math.floor(retainUntil.getTime() / 1000),
                },
              },
            },
            { Delete: { TableName: tables.users, Key: { pk, sk } } },
          ],
        }),
      );
    },

    /** Deletes records by their table's key; deleting a missing item is not an error. */
    async erase(records: readonly AccountRecord[]): Promise<void> {
      for (const table of Object.keys(tables) as AccountTableId[]) {
        const keyList = records
          .filter((record) => record.table === table)
          .map((record) => ({ pk: record.item.pk, sk: record.item.sk }));
        if (keyList.length > 0) await batchDeleteAll(client, tables[table], keyList);
      }
    },

    /** The last step of a deletion: the marker goes once nothing else of the account is left. */
    async removeErasureMarker(userId: string): Promise<void> {
      await batchDeleteAll(client, tables.users, [{ pk: keys.userPartition(userId), sk: ERASURE_MARKER_SK }]);
    },
  };
}

export type AccountRecordsRepository = ReturnType<typeof createAccountRecordsRepository>;
