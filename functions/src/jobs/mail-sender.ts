import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getConfig } from '../config';
import { createProductMailer } from '../notifications/mail-deps';
import { deliverQueuedMails } from '../notifications/mail-queue';
import { createDocumentClient } from '../platform/dynamo-client';
import type { Mailer } from '../platform/mail/mailer';

/*
 * The mail queue's consumer (notifications/mail-queue.ts): an SQS event source with
 * ReportBatchItemFailures. It words each queued mail in its reader's language and sends it through the
 * product's Mailer (SES in the cloud, the local stack's maildev on a laptop), and discards `drop`s.
 */

let mailer: Mailer | undefined;

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  if (!mailer) {
    const config = getConfig();
    mailer = createProductMailer(config, createDocumentClient(config));
  }
  return deliverQueuedMails(event, mailer);
}
