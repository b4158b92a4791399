import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { InvoiceSchema, type Invoice } from '@app/shared/domain/entities/subscription';
import type { Tier } from '@app/shared/domain/enums';
import { cancellationCodes } from './dynamo-helpers';
import { keys } from './keys';

/**
 * Invoices live beside the profile in the users table (`USER#<id>` / `INVOICE#<ulid>`): ULIDs sort by
 * time, so one Query in reverse key order lists a user's billing history newest first.
 */

export interface PaidUpgrade {
  userId: string;
  /** The tier read before charging; the profile must still hold it when the transaction commits. */
  expectedTier: Tier;
  targetTier: Tier;
  startedAt: string;
  expiresAt: string;
  chargeId: string;
  invoice: Invoice;
}

/** The profile no longer holds the tier we read: another request changed the subscription first. */
export class SubscriptionChangedError extends Error {}

export function createInvoicesRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The user's invoices, newest first (at most `limit`). */
    async list(userId: string, limit = 100): Promise<Invoice[]> {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.invoicePrefix },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: limit,
        }),
      );
      return (Items ?? []).map((item) => InvoiceSchema.parse(item));
    },

    /** Whether one of the user's recent invoices records this gateway charge. */
    async hasRecentCharge(userId: string, chargeId: string, lookBack = 10): Promise<boolean> {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.invoicePrefix },
          ProjectionExpression: 'charge_id',
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: lookBack,
        }),
      );
      return (Items ?? []).some((item) => item.charge_id === chargeId);
    },

    /**
     * Records a paid upgrade in ONE transaction: the invoice is created (never overwritten) and the
     * profile moves to the new tier only if it still holds the tier we read. Two clicks on "Upgrade"
     * cannot both commit: the second finds the tier changed and nothing of it is written.
     */
    async recordPaidUpgrade(upgrade: PaidUpgrade): Promise<void> {
      const { userId, invoice } = upgrade;
      // A profile written before tiers existed has no attribute; the schema reads it as FREE.
      const tierCondition =
        upgrade.expectedTier === 'FREE'
          ? '(#tier = :expected OR attribute_not_exists(#tier))'
          : '#tier = :expected';
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.invoice(userId, invoice.id),
                    entity: 'invoice',
                    user_id: userId,
                    charge_id: upgrade.chargeId,
                    previous_tier: upgrade.expectedTier,
                    ...invoice,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.userProfile(userId),
                  UpdateExpression:
                    'SET #tier = :target, subscription_started_at = :started, subscription_expires_at = :expires',
                  ConditionExpression: `attribute_exists(pk) AND ${tierCondition}`,
                  ExpressionAttributeNames: { '#tier': 'subscription_tier' },
                  ExpressionAttributeValues: {
                    ':expected': upgrade.expectedTier,
                    ':target': upgrade.targetTier,
                    ':started': upgrade.startedAt,
                    ':expires': upgrade.expiresAt,
                  },
                },
              },
            ],
          }),
        );
      } catch (error: unknown) {
        if (error instanceof TransactionCanceledException) {
          const [invoiceCode, profileCode] = cancellationCodes(error);
          if (profileCode === 'ConditionalCheckFailed') throw new SubscriptionChangedError(userId);
          // ULIDs are unique per millisecond and random within it; a clash is a bug worth a 500.
          if (invoiceCode === 'ConditionalCheckFailed')
            throw new Error(`invoice ${invoice.id} already exists`);
        }
        throw error;
      }
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
