import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The Stripe events already processed (billing/stripe-webhook.ts), one item per event id in the
 * idempotency table: `id=stripe-event#<evt_...>`, TTL `expiration` 30 days, longer than Stripe's
 * retries (up to three days, stripe.com/docs/webhooks "Retry behavior"). Written with
 * `attribute_not_exists(id)`, so of two deliveries of one event only one is recorded.
 */

const RETENTION_SECONDS = 30 * 24 * 60 * 60;

const idOf = (eventId: string) => `stripe-event#${eventId}`;

export interface StripeEventsRepository {
  wasProcessed(eventId: string): Promise<boolean>;
  /** False when the event was already recorded (another delivery got there first). */
  recordProcessed(eventId: string, record: { type: string; outcome: string; at: Date }): Promise<boolean>;
}

export function createStripeEventsRepository(
  client: DynamoDBDocumentClient,
  table: string,
): StripeEventsRepository {
  return {
    async wasProcessed(eventId) {
      const { Item } = await client.send(
        new GetCommand({ TableName: table, Key: { id: idOf(eventId) }, ConsistentRead: true }),
      );
      return Item !== undefined;
    },

    async recordProcessed(eventId, record) {
      try {
        await client.send(
          new PutCommand({
            TableName: table,
            Item: {
              id: idOf(eventId),
              event_type: record.type,
              outcome: record.outcome,
              processed_at: record.at.toISOString(),
              expiration: Math.floor(record.at.getTime() / 1000) + RETENTION_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(id)',
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
