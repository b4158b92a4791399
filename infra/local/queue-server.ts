import { fileURLToPath } from 'node:url';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startProcess, waitForPort, type ManagedProcess } from './processes';

/*
 * The local SQS-compatible server: fauxqs 2.4 (it speaks the JSON protocol of the current
 * @aws-sdk/client-sqs; 2.x needs Node 22.5, which the stack runs), as a child process listening on 127.0.0.1 only
 * (its own CLI binds every interface: queue-server-main.js builds the same app and binds loopback).
 * It keeps no state on disk: after a restart the stack creates the queues again, and the next
 * planner run sends again what was due (ingestion is idempotent).
 */

export interface LocalQueueUrls {
  normal: string;
  priority: string;
  deadLetters: string;
}

/** Queue names, as in the cloud (infra/lib/constructs/ingestion-pipeline.ts) with the stage `local`. */
export const LOCAL_QUEUE_NAMES = {
  normal: 'nugget-local-ingestion',
  priority: 'nugget-local-ingestion-priority',
  deadLetters: 'nugget-local-ingestion-dlq',
} as const;

/** A message received this many times without success moves to the dead-letter queue (as in the cloud). */
export const MAX_RECEIVE_COUNT = 5;

export async function startQueueServer(port: number): Promise<ManagedProcess> {
  const main = fileURLToPath(new URL('./queue-server-main.js', import.meta.url));
  const managed = startProcess('the queue (fauxqs)', process.execPath, [main], {
    env: { ...process.env, QUEUE_PORT: String(port) },
  });
  await waitForPort(port, managed);
  return managed;
}

export function localQueueClient(port: number): SQSClient {
  return new SQSClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the dead-letter queue and both ingestion queues redriving to it. Idempotent. */
export async function createQueues(
  client: SQSClient,
  visibilityTimeoutSeconds: number,
): Promise<LocalQueueUrls> {
  const deadLetters = (
    await client.send(new CreateQueueCommand({ QueueName: LOCAL_QUEUE_NAMES.deadLetters }))
  ).QueueUrl as string;
  const arn = (
    await client.send(new GetQueueAttributesCommand({ QueueUrl: deadLetters, AttributeNames: ['QueueArn'] }))
  ).Attributes?.QueueArn as string;
  const attributes = {
    VisibilityTimeout: String(visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: String(MAX_RECEIVE_COUNT) }),
  };
  const create = async (name: string) =>
    (await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes })))
      .QueueUrl as string;
  return {
    normal: await create(LOCAL_QUEUE_NAMES.normal),
    priority: await create(LOCAL_QUEUE_NAMES.priority),
    deadLetters,
  };
}
