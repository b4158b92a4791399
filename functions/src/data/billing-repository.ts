import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Tier } from '@app/shared/domain/enums';
import { cancellationCodes, isConditionFailure, queryAll, type TransactItems } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Billing storage (access patterns: infra/README.md):
 * - users table `USER#<id>` / `BILLING`: the account as ONE item (the state machine's account without
 *   its answers), with `version` (each write adds one, on condition that it is still the version read)
 *   and `lock` (the request holding it: `key`, `until`), so two requests never both charge. gsi1 holds
 *   the accounts with something due: `BILLING_DUE#<shard>` / `<instant>#<userId>` (the period end, or the
 *   end of the grace period); an account on FREE has no index attributes, so the renewal job's Query
 *   reads only accounts that may be due, never a Scan.
 * - users table `USER#<id>` / `INV#<number>` and `CN#<number>`: invoices and credit notes, written with
 *   attribute_not_exists in the same transaction as the account.
 * - idempotency table `billing#<userId>#<key>`: the answer given to each request key, with the TTL
 *   `expiration` (a day): kept beside the account item rather than growing inside it.
 */

/** Due accounts spread over a few index partitions, so no one partition takes every renewal. */
export const BILLING_DUE_SHARDS = 4;
/** A request holding the account longer than this lost it (API Gateway gives up after 30 s). */
export const BILLING_LOCK_MS = 30_000;
/** How long an answer is kept for a repeated key. */
export const BILLING_ANSWER_TTL_SECONDS = 24 * 60 * 60;

/**
 * What this module reads of the billing service's plain-data account (functions/src/billing/billing-account.ts);
 * the rest is stored as given.
 */
export interface BillingAccountRecord {
  status: 'free' | 'active' | 'past_due';
  period: { end: string } | null;
  graceEndsAt: string | null;
}
export interface InvoiceRecord {
  number: string;
}
export interface CreditNoteRecord {
  number: string;
  invoiceNumber: string;
}

export interface StoredBilling {
  /** The account without its answers (those are kept per key in the idempotency table). */
  account: BillingAccountRecord;
  version: number;
  lock: { key: string; until: string } | null;
}

export interface BillingTables {
  users: string;
  idempotency: string;
}

export interface BillingCommit {
  userId: string;
  /** The version read (null: the account item did not exist). */
  expectedVersion: number | null;
  lockKey: string;
  /** The account without its answers. */
  account: BillingAccountRecord;
  /** Answers to store, by request key (the keys the step added). */
  answers: Record<string, unknown>;
  invoices: InvoiceRecord[];
  creditNotes: CreditNoteRecord[];
  /** What entitlements read: the profile's tier and its paid period (null on FREE). */
  profile: { tier: Tier; startedAt: string | null; expiresAt: string | null };
  now: Date;
}

export function dueShardOf(userId: string): number {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % BILLING_DUE_SHARDS;
}

/** When the renewal job next has something to do for the account; null on FREE. */
export function dueInstantOf(account: BillingAccountRecord): string | null {
  if (account.status === 'active') return account.period?.end ?? null;
  if (account.status === 'past_due') return account.graceEndsAt;
  return null;
}

const answerId = (userId: string, key: string) => `billing#${userId}#${key}`;

export function createBillingRepository(client: DynamoDBDocumentClient, tables: BillingTables) {
  const accountKey = (userId: string) => keys.billingAccount(userId);

  return {
    async load(userId: string): Promise<StoredBilling | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tables.users, Key: accountKey(userId), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        account: Item.account as StoredBilling['account'],
        version: Number(Item.version),
        lock: (Item.lock as StoredBilling['lock'] | undefined) ?? null,
      };
    },

    async loadAnswer(userId: string, key: string): Promise<unknown> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tables.idempotency,
          Key: { id: answerId(userId, key) },
          ConsistentRead: true,
        }),
      );
      return Item ? Item.answer : null;
    },

    /**
     * Takes the account for one request: `version` must still be the one read and nobody else may hold
     * an unexpired lock. A missing account is created with the lock. False when another request got it.
     */
    async acquire(
      userId: string,
      read: StoredBilling | null,
      fresh: BillingAccountRecord,
      key: string,
      now: Date,
    ): Promise<boolean> {
      const lock = { key, until: new Date(now.getTime() + BILLING_LOCK_MS).toISOString() };
      try {
        if (!read) {
          await client.send(
            new PutCommand({
              TableName: tables.users,
              Item: { ...accountKey(userId), entity: 'billing', account: fresh, version: 0, lock },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          );
          return true;
        }
        await client.send(
          new UpdateCommand({
            TableName: tables.users,
            Key: accountKey(userId),
            UpdateExpression: 'SET #lock = :lock',
            ConditionExpression:
              'version = :version AND (attribute_not_exists(#lock) OR #lock.#until < :now OR #lock.#key = :key)',
            ExpressionAttributeNames: { '#lock': 'lock', '#until': 'until', '#key': 'key' },
            ExpressionAttributeValues: {
              ':lock': lock,
              ':version': read.version,
              ':now': now.toISOString(),
              ':key': key,
            },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Gives the account back untouched (a refused request). */
    async release(userId: string, key: string): Promise<void> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tables.users,
            Key: accountKey(userId),
            UpdateExpression: 'REMOVE #lock',
            ConditionExpression: '#lock.#key = :key',
            ExpressionAttributeNames: { '#lock': 'lock', '#key': 'key' },
            ExpressionAttributeValues: { ':key': key },
          }),
        );
      } catch (error: unknown) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Writes a step in ONE transaction: the account (next version, lock released, due index), the new
     * answers, invoices and credit notes (never overwritten), the refunded invoices marked, and the
     * profile's tier and period. False when the lock was lost to another request (nothing written).
     */
    async commit(step: BillingCommit): Promise<boolean> {
      const { userId, account, now } = step;
      const due = dueInstantOf(account);
      const expiration = Math.floor(now.getTime() / 1000) + BILLING_ANSWER_TTL_SECONDS;
      const items: TransactItems = [
        {
          Put: {
            TableName: tables.users,
            Item: {
              ...accountKey(userId),
              entity: 'billing',
              account,
              version: (step.expectedVersion ?? -1) + 1,
              ...(due ? { gsi1pk: `BILLING_DUE#${dueShardOf(userId)}`, gsi1sk: `${due}#${userId}` } : {}),
              updated_at: now.toISOString(),
            },
            ConditionExpression: '#lock.#key = :key',
            ExpressionAttributeNames: { '#lock': 'lock', '#key': 'key' },
            ExpressionAttributeValues: { ':key': step.lockKey },
          },
        },
        ...Object.entries(step.answers).map(([key, answer]) => ({
          Put: {
            TableName: tables.idempotency,
            Item: { id: answerId(userId, key), answer, expiration },
          },
        })),
        ...step.invoices.map((invoice) => ({
          Put: {
            TableName: tables.users,
            Item: { ...keys.billingInvoice(userId, invoice.number), entity: 'invoice', ...invoice },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })),
        ...step.creditNotes.flatMap((note) => [
          {
            Put: {
              TableName: tables.users,
              Item: { ...keys.creditNote(userId, note.number), entity: 'credit-note', ...note },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tables.users,
              Key: keys.billingInvoice(userId, note.invoiceNumber),
              UpdateExpression: 'SET refundedBy = :note',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':note': note.number },
            },
          },
        ]),
        {
          Update: {
            TableName: tables.users,
            Key: keys.userProfile(userId),
            UpdateExpression:
              'SET subscription_tier = :tier, subscription_started_at = :started, subscription_expires_at = :expires',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: {
              ':tier': step.profile.tier,
              ':started': step.profile.startedAt,
              ':expires': step.profile.expiresAt,
            },
          },
        },
      ];
      try {
        await client.send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error: unknown) {
        const [accountCode] = cancellationCodes(error);
        if (accountCode === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },

    /** The user ids whose account is due at or before `at`, in one index partition (renewal job). */
    async listDue(shard: number, at: Date): Promise<string[]> {
      const items = await queryAll(client, {
        TableName: tables.users,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :at',
        ExpressionAttributeValues: { ':pk': `BILLING_DUE#${shard}`, ':at': `${at.toISOString()}#~` },
        ProjectionExpression: 'pk',
      });
      return items.map((item) => String(item.pk).replace(/^USER#/, ''));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
