import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { countBelowLimit, isConditionFailure } from './dynamo-helpers';
import type { Language, Theme } from '@app/shared/domain/enums';
import { keys } from './keys';

/*
 * E-mailed single-use codes (docs/product.md "Accounts and e-mail"):
 *
 * | Pattern                                      | Key                                                         |
 * | -------------------------------------------- | ----------------------------------------------------------- |
 * | a user's pending e-mail change (users table) | pk=USER#<id>, sk=CODE#EMAIL                                  |
 * | a pending reset (users table, TTL)           | pk=RESET#<address hash>, sk=CODE#RESET                       |
 * | a pending sign-up (users table, TTL)         | pk=SIGNUP#<address hash>, sk=CODE#SIGNUP                     |
 * | codes asked for one address this hour (usage) | pk=CODES#<purpose>#<address hash>, sk=HOUR#<hour>, TTL      |
 *
 * Only the code's HMAC is stored, never the code. A new request replaces the pending code; a
 * confirmation deletes it under the condition that it is still the same code and not expired, so two
 * concurrent uses of one code cannot both succeed.
 */

export type CodePurpose = 'RESET' | 'EMAIL' | 'SIGNUP';

/** What a sign-up keeps until its code comes back: no password (docs/accounts.md "Sign-up"). */
export interface PendingSignUp {
  email: string;
  first_name: string;
  last_name: string;
  language: Language;
  theme: Theme;
}

export interface StoredCode {
  code_hash: string;
  /** Epoch seconds after which the code is refused. */
  valid_until: number;
  attempts: number;
  /** The address being verified (e-mail change only). */
  new_email?: string;
  /** The account to create (sign-up only). */
  sign_up?: PendingSignUp;
  /** Epoch seconds at which the table's TTL removes the row (a pending sign-up names no user). */
  expires_at?: number;
}

/** Hourly counters are kept past their hour, then removed by the usage table's TTL. */
const COUNTER_TTL_SECONDS = 2 * 3600;

export interface MailCodeTables {
  users: string;
  usage: string;
}

export function createMailCodesRepository(client: DynamoDBDocumentClient, tables: MailCodeTables) {
  return {
    /** Counts one code request for an address in its hour; false once `limit` were asked (one conditional write). */
    async countRequest(
      purpose: CodePurpose,
      addressHash: string,
      hour: string,
      limit: number,
      nowSeconds: number,
    ): Promise<boolean> {
      return countBelowLimit(client, {
        table: tables.usage,
        key: keys.mailCodeRequests(purpose, addressHash, hour),
        field: 'requested',
        limit,
        expiresAt: nowSeconds + COUNTER_TTL_SECONDS,
      });
    },

    async save(userId: string, purpose: CodePurpose, code: Omit<StoredCode, 'attempts'>): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tables.users,
          Item: { ...keys.mailCode(userId, purpose), entity: 'MAIL_CODE', ...code, attempts: 0 },
        }),
      );
    },

    async get(userId: string, purpose: CodePurpose): Promise<StoredCode | null> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tables.users,
          Key: keys.mailCode(userId, purpose),
          ConsistentRead: true,
        }),
      );
      if (!Item) return null;
      return {
        code_hash: String(Item.code_hash),
        valid_until: Number(Item.valid_until),
        attempts: Number(Item.attempts ?? 0),
        ...(typeof Item.new_email === 'string' ? { new_email: Item.new_email } : {}),
        ...(Item.sign_up ? { sign_up: Item.sign_up as PendingSignUp } : {}),
      };
    },

    /** Counts a wrong try; at `maxAttempts` the code is deleted (a guesser gets a handful of tries per code). */
    async recordWrongAttempt(userId: string, purpose: CodePurpose, maxAttempts: number): Promise<void> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tables.users,
            Key: keys.mailCode(userId, purpose),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(pk) AND attempts < :last',
            ExpressionAttributeValues: { ':one': 1, ':last': maxAttempts - 1 },
          }),
        );
      } catch (error: unknown) {
        if (!isConditionFailure(error)) throw error;
        await client.send(
          new DeleteCommand({ TableName: tables.users, Key: keys.mailCode(userId, purpose) }),
        );
      }
    },

    /** Uses the code: deletes it if it is still this code and still valid; false when another use won. */
    async consume(
      userId: string,
      purpose: CodePurpose,
      codeHash: string,
      nowSeconds: number,
    ): Promise<boolean> {
      try {
        await client.send(
          new DeleteCommand({
            TableName: tables.users,
            Key: keys.mailCode(userId, purpose),
            ConditionExpression: 'code_hash = :hash AND valid_until > :now',
            ExpressionAttributeValues: { ':hash': codeHash, ':now': nowSeconds },
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

export type MailCodesRepository = ReturnType<typeof createMailCodesRepository>;
