import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/*
 * The local stand-in for Lambda's SQS event source mapping with ReportBatchItemFailures: it receives
 * up to `batchSize` messages (the priority queue first), hands them to the worker handler as the
 * same SQSEvent Lambda would build, deletes the ones the handler did not report as failed, and leaves
 * the failed ones to come back after the queue's visibility timeout (and, after five receptions, to
 * move to the dead-letter queue: fauxqs applies the redrive policy). `pollers` loops run at once, as
 * Lambda runs several concurrent invocations. Lambda's event source mappings poll each queue on their
 * own, so with more than one queue one more loop long-polls the priority queue alone: a person's
 * on-demand request is picked up as it arrives, not after a loop's one-second long poll of the bulk
 * queue or its current batch (bench section 9 measures the hand-off).
 *
 * Lambda never lets a message reappear while its invocation runs (the function's timeout is shorter
 * than the queue's visibility timeout). Locally there is no function timeout, so while a message is
 * being handled its visibility is extended every third of `visibilitySeconds`: a message comes back
 * only when its handler reported it failed, or when the process handling it died.
 */

export type IngestionHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export interface QueueConsumerOptions {
  client: SQSClient;
  /** Polled in this order: the priority queue first. */
  queueUrls: readonly string[];
  handle: IngestionHandler;
  batchSize?: number;
  pollers?: number;
  /** The queues' visibility timeout, extended while a message is handled. Default 60. */
  visibilitySeconds?: number;
  log?: (message: string) => void;
}

export interface QueueConsumer {
  /** Messages handled so far (successes and reported failures). */
  handled(): number;
  /** Resolves true once every queue is empty and nothing is in flight, false after `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * Resolves true once nothing is waiting to be received or being handled by this consumer; messages
   * handed back for a later delivery (a provider down) do not hold it. False after `timeoutMs`.
   */
  settle(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordOf(message: Message, queueUrl: string): SQSEvent['Records'][number] {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueUrl.split('/').at(-1)}`,
    awsRegion: 'us-east-1',
  };
}

export function startQueueConsumer(options: QueueConsumerOptions): QueueConsumer {
  const log = options.log ?? (() => undefined);
  let stopped = false;
  let handled = 0;
  let inFlight = 0;

  async function receiveFrom(queueUrl: string, waitSeconds: number): Promise<Message[]> {
    const output = await options.client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: options.batchSize ?? 1,
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: [
          'ApproximateReceiveCount',
          'SentTimestamp',
          'ApproximateFirstReceiveTimestamp',
        ],
      }),
    );
    return output.Messages ?? [];
  }

  async function pollOnce(queueUrls: readonly string[]): Promise<void> {
    for (const [index, queueUrl] of queueUrls.entries()) {
      // Only the last queue long-polls, so a priority message never waits behind a long poll.
      const messages = await receiveFrom(queueUrl, index === queueUrls.length - 1 ? 1 : 0);
      if (messages.length === 0) continue;
      inFlight += messages.length;
      const visibility = options.visibilitySeconds ?? 60;
      const heartbeat = setInterval(
        () => {
          for (const message of messages) {
            options.client
              .send(
                new ChangeMessageVisibilityCommand({
                  QueueUrl: queueUrl,
                  ReceiptHandle: message.ReceiptHandle,
                  VisibilityTimeout: visibility,
                }),
              )
              .catch(() => undefined);
          }
        },
        (visibility * 1000) / 3,
      );
      try {
        const response = await options.handle({
          Records: messages.map((message) => recordOf(message, queueUrl)),
        });
        const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
        const done = messages.filter((message) => !failed.has(message.MessageId ?? ''));
        if (done.length > 0) {
          await options.client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((message, position) => ({
                Id: String(position),
                ReceiptHandle: message.ReceiptHandle,
              })),
            }),
          );
        }
        handled += messages.length;
      } finally {
        clearInterval(heartbeat);
        inFlight -= messages.length;
      }
      return;
    }
  }

  const priorityQueue = options.queueUrls.length > 1 ? options.queueUrls.slice(0, 1) : [];
  const loopQueues = [
    ...Array.from({ length: options.pollers ?? 2 }, () => options.queueUrls),
    // A consumer without pollers only watches the queues (drain, settle): it must not receive.
    ...(priorityQueue.length > 0 && (options.pollers ?? 2) > 0 ? [priorityQueue] : []),
  ];
  const loops = loopQueues.map(async (queueUrls) => {
    while (!stopped) {
      try {
        await pollOnce(queueUrls);
      } catch (error: unknown) {
        // The queue server restarting, the worker throwing: the messages come back after their timeout.
        log(`local queue consumer: ${error instanceof Error ? error.message : String(error)}`);
        await pause(500);
      }
    }
  });

  async function queuesEmpty(countHandedBack: boolean): Promise<boolean> {
    for (const queueUrl of options.queueUrls) {
      const { Attributes } = await options.client.send(
        new GetQueueAttributesCommand({
          QueueUrl: queueUrl,
          AttributeNames: [
            'ApproximateNumberOfMessages',
            'ApproximateNumberOfMessagesNotVisible',
            'ApproximateNumberOfMessagesDelayed',
          ],
        }),
      );
      const total =
        Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
        (countHandedBack ? Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0) : 0) +
        Number(Attributes?.ApproximateNumberOfMessagesDelayed ?? 0);
      if (total > 0) return false;
    }
    return inFlight === 0;
  }

  async function waitUntilEmpty(countHandedBack: boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        if (await queuesEmpty(countHandedBack)) return true;
      } catch {
        // The queue server is restarting.
      }
      await pause(200);
    }
    return false;
  }

  return {
    handled: () => handled,
    drain: (timeoutMs) => waitUntilEmpty(true, timeoutMs),
    settle: (timeoutMs) => waitUntilEmpty(false, timeoutMs),
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
