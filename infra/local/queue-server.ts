import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startHostedServer } from './emulator-host';
import type { ManagedProcess } from './processes';

/*
 * The local SQS-compatible server: fauxqs 2.4 (it speaks the JSON protocol of the current
 * @aws-sdk/client-sqs; 2.x needs Node 22.5, which the stack runs), listening on 127.0.0.1 only (its own
 * CLI binds every interface: the shared emulator host, emulator-host.ts, builds the same app and binds loopback).
 * It keeps no state on disk: after a restart the stack creates the queues again, and the next
 * planner run sends again what was due (ingestion is idempotent).
 */

export interface LocalQueueUrls {
  normal: string;
  priority: string;
  deadLetters: string;
  /** The mail queue (functions/src/notifications/mail-queue.ts) and its own dead-letter queue. */
  mail: string;
  mailDeadLetters: string;
}

/**
 * Queue names, as in the cloud (infra/lib/constructs/ingestion-pipeline.ts, mail-queue.ts) with the
 * stage `local`.
 */
export const LOCAL_QUEUE_NAMES = {
  normal: 'nugget-local-ingestion',
  priority: 'nugget-local-ingestion-priority',
  deadLetters: 'nugget-local-ingestion-dlq',
  mail: 'nugget-local-mail',
  mailDeadLetters: 'nugget-local-mail-dlq',
} as const;

/** A queued mail not done after this long comes back (a local send takes milliseconds). */
export const LOCAL_MAIL_VISIBILITY_SECONDS = 30;

/** A message received this many times without success moves to the dead-letter queue (as in the cloud). */
export const MAX_RECEIVE_COUNT = 5;

export function startQueueServer(port: number): Promise<ManagedProcess> {
  return startHostedServer('the queue (fauxqs)', 'queue', { port }, [port]);
}

export function localQueueClient(port: number): SQSClient {
  return new SQSClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates a dead-letter queue and returns its URL and the attributes of a queue redriving to it. */
async function deadLetterQueue(client: SQSClient, name: string, visibilityTimeoutSeconds: number) {
  const url = (await client.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl as string;
  const arn = (
    await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))
  ).Attributes?.QueueArn as string;
  const attributes = {
    VisibilityTimeout: String(visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: String(MAX_RECEIVE_COUNT) }),
  };
  return { url, attributes };
}

/**
 * Creates the ingestion dead-letter queue and both ingestion queues redriving to it, and the mail
 * queue with its own dead-letter queue. Idempotent.
 */
export async function createQueues(
  client: SQSClient,
  visibilityTimeoutSeconds: number,
): Promise<LocalQueueUrls> {
  const ingestion = await deadLetterQueue(client, LOCAL_QUEUE_NAMES.deadLetters, visibilityTimeoutSeconds);
  const mail = await deadLetterQueue(
    client,
    LOCAL_QUEUE_NAMES.mailDeadLetters,
    LOCAL_MAIL_VISIBILITY_SECONDS,
  );
  const create = async (name: string, attributes: Record<string, string>) =>
    (await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes })))
      .QueueUrl as string;
  return {
    normal: await create(LOCAL_QUEUE_NAMES.normal, ingestion.attributes),
    priority: await create(LOCAL_QUEUE_NAMES.priority, ingestion.attributes),
    deadLetters: ingestion.url,
    mail: await create(LOCAL_QUEUE_NAMES.mail, mail.attributes),
    mailDeadLetters: mail.url,
  };
}
