import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

/*
 * The suppression list (users table): pk=MAIL#<lower-cased address>, sk=SUPPRESSED, with why (a hard
 * bounce or a complaint) and when. Written by the mail-feedback job from SES's notifications, read by
 * the Mailer before every send.
 */

export type SuppressionReason = 'BOUNCE' | 'COMPLAINT';

export function createMailSuppressionsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async isSuppressed(address: string): Promise<boolean> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.mailSuppression(address) }),
      );
      return Item !== undefined;
    },

    async suppress(address: string, reason: SuppressionReason, at: string): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.mailSuppression(address), entity: 'MAIL_SUPPRESSION', reason, suppressed_at: at },
        }),
      );
    },
  };
}

export type MailSuppressionsRepository = ReturnType<typeof createMailSuppressionsRepository>;
