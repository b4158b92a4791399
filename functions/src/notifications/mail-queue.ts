import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { LanguageSchema } from '@app/shared/domain/enums';
import { isMessageCode, type Message } from '@app/shared/messages/message';
import { type Mailer } from '../platform/mail/mailer';
import { RecipientRejectedError } from '../platform/mail/transport';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';

/*
 * The mail queue (notifications/README.md "The mail queue"): a request that must not tell whether an
 * account exists (password reset, sign-up) never talks to the mail server. It puts exactly one message
 * on this queue whatever the address, and a consumer (jobs/mail-sender.ts in the cloud, the local
 * stack's queue consumer on a laptop) words and sends it. A `drop` message is what a request enqueues
 * when there is nothing to mail (a reset for an address no account has): the same one call, so the
 * request does the same work and takes the same time either way; the consumer discards it.
 */

const QueuedMessageSchema = z.object({
  code: z.string().refine(isMessageCode),
  params: z.record(z.string(), z.unknown()),
});

export const QueuedMailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    to: z.string().min(3).max(320),
    language: LanguageSchema,
    subject: QueuedMessageSchema,
    body: QueuedMessageSchema,
  }),
  z.object({ kind: z.literal('drop') }),
]);
export type QueuedMail =
  | { kind: 'send'; to: string; language: z.infer<typeof LanguageSchema>; subject: Message; body: Message }
  | { kind: 'drop' };

export interface MailQueue {
  enqueue(mail: QueuedMail): Promise<void>;
}

/** The SQS queue of the environment (MAIL_QUEUE_URL: the CDK's queue, or the local stack's fauxqs one). */
export function createSqsMailQueue(client: SQSClient, queueUrl: string): MailQueue {
  return {
    async enqueue(mail) {
      if (!queueUrl) throw new Error('MAIL_QUEUE_URL is not set: the mail queue has no address');
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(mail) }));
    },
  };
}

/**
 * One queued mail: true when it is done (sent, dropped, suppressed, or refused by the mail server for
 * good), false when SQS should deliver it again (the mail server is down, or the message unreadable:
 * after five receptions it rests in the dead-letter queue, where the alarm sees it).
 */
export async function deliverQueuedMail(record: Pick<SQSRecord, 'body' | 'messageId'>, mailer: Mailer) {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = null;
  }
  const parsed = QueuedMailSchema.safeParse(body);
  if (!parsed.success) {
    logger.error('queued mail refused', {
      message_id: record.messageId,
      issue: parsed.error.issues[0]?.path,
    });
    return false;
  }
  const mail = parsed.data;
  if (mail.kind === 'drop') return true;
  try {
    await mailer.send({
      to: mail.to,
      subject: render(mail.subject as Message, mail.language),
      text: render(mail.body as Message, mail.language),
    });
    return true;
  } catch (error: unknown) {
    if (error instanceof RecipientRejectedError) {
      logger.warn('queued mail refused by the mail server', { message_id: record.messageId });
      return true;
    }
    logger.warn('queued mail handed back', {
      message_id: record.messageId,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** An SQS event with ReportBatchItemFailures: the records that must come back are named. */
export async function deliverQueuedMails(event: SQSEvent, mailer: Mailer): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    if (!(await deliverQueuedMail(record, mailer))) failures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures: failures };
}
