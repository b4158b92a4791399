import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, sendWithConflictRetry } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Who holds an address (docs/accounts.md "E-mail change"): an item `pk = EMAIL#<address>`, `sk = CLAIM`
 * in the users table, written in the same transaction as the profile's new address, under the
 * condition that nobody else holds it. Two accounts moving to one address at the same instant: one
 * transaction wins, the other is refused by the condition, whatever either read before.
 *
 * A hold lasts until its `expires_at` (the table's TTL attribute; a passed one counts as free before
 * the TTL removes it): the address moved to is held for the undo window, by then the profile's
 * by-email index tells that it is taken; the address left is held as long, so nobody takes it before
 * its owner could take it back. Holds expire, so a deleted account leaves none behind for long.
 */

export type MoveOutcome = 'moved' | 'taken' | 'changed';

export interface AddressMove {
  userId: string;
  /** The address the profile must still have (otherwise `changed`). */
  from: string;
  to: string;
  /** Epoch seconds. */
  nowSeconds: number;
  /** Until when (epoch seconds) the account holds `to`, and `from`, which it may take back. */
  holdToUntil: number;
  holdFromUntil: number;
}

const FREE_OR_MINE = 'attribute_not_exists(pk) OR user_id = :me OR expires_at < :now';

export function createEmailClaimsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Moves the profile from `from` to `to` in one transaction: holds `to` (refused when another
     * account holds it), keeps `from` held until `holdFromUntil`, points the profile and its by-email
     * index at `to` (refused when the profile no longer has `from`).
     */
    async move(move: AddressMove): Promise<MoveOutcome> {
      const index = keys.userEmail(move.to);
      const command = new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.emailClaim(move.to),
                entity: 'email-claim',
                user_id: move.userId,
                expires_at: move.holdToUntil,
              },
              ConditionExpression: FREE_OR_MINE,
              ExpressionAttributeValues: { ':me': move.userId, ':now': move.nowSeconds },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.userProfile(move.userId),
              UpdateExpression: 'SET email = :to, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
              ConditionExpression: 'attribute_exists(pk) AND email = :from',
              ExpressionAttributeValues: {
                ':to': move.to,
                ':from': move.from,
                ':gsi1pk': index.gsi1pk,
                ':gsi1sk': index.gsi1sk,
              },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.emailClaim(move.from),
                entity: 'email-claim',
                user_id: move.userId,
                expires_at: move.holdFromUntil,
              },
            },
          },
        ],
      });
      try {
        await sendWithConflictRetry(client, command);
        return 'moved';
      } catch (error: unknown) {
        const codes = cancellationCodes(error);
        if (codes[0] === 'ConditionalCheckFailed') return 'taken';
        if (codes[1] === 'ConditionalCheckFailed') return 'changed';
        throw error;
      }
    },
  };
}

export type EmailClaimsRepository = ReturnType<typeof createEmailClaimsRepository>;
