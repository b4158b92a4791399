import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../config';
import { createMailSuppressionsRepository } from '../data/mail-suppressions-repository';
import { createMailer, transportFor, type Mailer } from '../platform/mail/mailer';

/** The product's one Mailer: the environment's transport, the configured sender, the suppression list. */
export function createProductMailer(config: Config, client: DynamoDBDocumentClient): Mailer {
  return createMailer(
    transportFor(config),
    config.MAIL_FROM,
    createMailSuppressionsRepository(client, config.TABLE_USERS),
  );
}
