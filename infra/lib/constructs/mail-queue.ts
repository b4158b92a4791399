import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import type { TableGrants } from '../table-access';
import type { TableRefs } from '../stacks/data-stack';
import { AppFunction } from './app-function';
import { deadLetterQueue } from './dead-letter-queue';
import type { Mail } from './mail';

/**
 * The mail queue (functions/src/notifications/mail-queue.ts): the requests that must not tell whether
 * an account exists (password reset, sign-up) put one message on it and answer, and the consumer
 * Lambda (functions/src/jobs/mail-sender.ts) words and sends it through SES, with partial batch
 * failures. A message that fails five deliveries (SES unreachable, a message it cannot read) rests in
 * the dead-letter queue. Built as the ingestion queues are (ingestion-pipeline.ts).
 */

export const MAIL_SENDER_TIMEOUT = Duration.seconds(30);
/** AWS's advice for Lambda consumers: at least six times the function's timeout. */
export const MAIL_QUEUE_VISIBILITY_TIMEOUT = Duration.minutes(3);
export const MAIL_MAX_RECEIVE_COUNT = 5;
export const MAIL_BATCH_SIZE = 10;
/** SES's default sending rate is 14 a second in production: two invocations of ten keep well under it. */
export const MAIL_MAX_CONCURRENCY = 2;
/** The Mailer reads the suppression list (users table, GetItem); nothing else. */
export const MAIL_SENDER_GRANTS: TableGrants = { users: 'read' };

export interface MailQueueProps {
  readonly config: StageConfig;
  readonly tables: TableRefs;
  readonly mail: Mail;
}

export class MailQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly sender: lambda.Function;

  constructor(scope: Construct, id: string, props: MailQueueProps) {
    super(scope, id);
    const { config } = props;
    const name = (suffix: string) => `nugget-${config.stage}-mail${suffix}`;

    this.deadLetterQueue = deadLetterQueue(this, name('-dlq'), 'the mail queue');
    // Codes are valid 15 minutes: a mail still queued after a day is no use to anyone.
    this.queue = new sqs.Queue(this, 'Queue', {
      queueName: name(''),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: MAIL_QUEUE_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAIL_MAX_RECEIVE_COUNT },
    });

    this.sender = new AppFunction(this, 'Sender', {
      config,
      entry: 'functions/src/jobs/mail-sender.ts',
      description: `Nugget ${config.stage}: sends the queued reset and sign-up mails through SES`,
      memorySize: 256,
      timeout: MAIL_SENDER_TIMEOUT,
      tables: props.tables,
      tableGrants: MAIL_SENDER_GRANTS,
      environment: { JOB_NAME: 'mail-sender', COST_RECORDS: 'off' },
    }).function;
    // It sends; it signs no link, so it does not get the token secret.
    props.mail.connectSender(this.sender, { signsLinks: false });
    this.sender.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: MAIL_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: MAIL_MAX_CONCURRENCY,
      }),
    );
  }

  /** What a producer needs: where to send, and the right to (nothing else of the queue). */
  connectProducer(producer: lambda.Function): void {
    producer.addEnvironment('MAIL_QUEUE_URL', this.queue.queueUrl);
    this.queue.grantSendMessages(producer);
  }
}
