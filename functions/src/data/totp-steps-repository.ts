import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Authenticator codes used once (docs/accounts.md "Two-step sign-in (TOTP)"):
 *
 * | Pattern                                  | Key                                         |
 * | ---------------------------------------- | ------------------------------------------- |
 * | the last time step a user signed in with | pk=USER#<sub>, sk=TOTP_STEP (users table, TTL) |
 *
 * The identity service checks the code against the secret, which we never hold: we cannot tell which
 * step a code was made for, only when it was accepted. So a user signs in with a code at most once
 * per 30-second step, and the same code (its hash) is refused while the identity service would still
 * accept it (its window reaches one step either side: `REUSE_STEPS`).
 */

/** A code made for step c is accepted from c - 1 to c + 1: two steps can separate two uses of it. */
const REUSE_STEPS = 2;
/** The row is only needed while the code could be accepted again; then the table's TTL removes it. */
const KEEP_SECONDS = 10 * 60;

export type TotpUse = 'recorded' | 'replayed';

export function createTotpStepsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /**
     * Records that `userId` signed in with a code whose hash is `codeHash` at time step `step`, in one
     * conditional write: 'replayed' (nothing written) when a code was already used at this step or a
     * later one, or when this same code was used within the steps it stays valid.
     */
    async recordUse(userId: string, step: number, codeHash: string, nowSeconds: number): Promise<TotpUse> {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.totpLastStep(userId),
              last_step: step,
              code_hash: codeHash,
              expires_at: nowSeconds + KEEP_SECONDS,
            },
            ConditionExpression:
              'attribute_not_exists(pk) OR (last_step < :step AND (code_hash <> :hash OR last_step < :reuseFloor))',
            ExpressionAttributeValues: {
              ':step': step,
              ':hash': codeHash,
              ':reuseFloor': step - REUSE_STEPS,
            },
          }),
        );
        return 'recorded';
      } catch (error: unknown) {
        if (isConditionFailure(error)) return 'replayed';
        throw error;
      }
    },
  };
}

export type TotpStepsRepository = ReturnType<typeof createTotpStepsRepository>;
