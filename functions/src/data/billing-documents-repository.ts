import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo-helpers';
import { keys } from './keys';

/**
 * A user's billing documents (users table, `USER#<id>` / `INV#<number>` and `CN#<number>`, written by
 * billing-repository.ts with the account): invoices and credit notes, newest first. Items are returned
 * as stored (the billing service's plain data), without their keys.
 */
export function createBillingDocumentsRepository(client: DynamoDBDocumentClient, tableName: string) {
  const query = async (userId: string, prefix: string) =>
    (
      await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
        ScanIndexForward: false,
        ConsistentRead: true,
      })
    ).map(({ pk: _pk, sk: _sk, entity: _entity, ...document }) => document);

  return {
    listInvoices: (userId: string) => query(userId, keys.billingInvoicePrefix),
    listCreditNotes: (userId: string) => query(userId, keys.creditNotePrefix),
  };
}

export type BillingDocumentsRepository = ReturnType<typeof createBillingDocumentsRepository>;
