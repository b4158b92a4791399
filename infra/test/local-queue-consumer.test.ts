import { GetQueueAttributesCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { startQueueConsumer } from '../local/queue-consumer';

/*
 * A consumer without pollers is how the ingestion bench and harness wait for the queues to empty:
 * it must never receive a message (it would delete it unprocessed), and stopping it must end every
 * loop, so the process that started it can exit.
 */

function fakeClient(received: string[]): SQSClient {
  return {
    send: async (command: unknown) => {
      if (command instanceof ReceiveMessageCommand) {
        received.push(command.input.QueueUrl ?? '');
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { Messages: [] };
      }
      if (command instanceof GetQueueAttributesCommand) {
        return {
          Attributes: {
            ApproximateNumberOfMessages: '0',
            ApproximateNumberOfMessagesNotVisible: '0',
            ApproximateNumberOfMessagesDelayed: '0',
          },
        };
      }
      throw new Error('unexpected command');
    },
  } as unknown as SQSClient;
}

describe('local queue consumer', () => {
  it('receives nothing from any queue when it has no pollers, and drains', async () => {
    const received: string[] = [];
    const watcher = startQueueConsumer({
      client: fakeClient(received),
      queueUrls: ['http://queue/priority', 'http://queue/normal'],
      handle: async () => ({ batchItemFailures: [] }),
      pollers: 0,
    });
    expect(await watcher.drain(1_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await watcher.stop();
    expect(received).toEqual([]);
  });

  it('polls the priority queue in a loop of its own besides the pollers, until stopped', async () => {
    const received: string[] = [];
    const consumer = startQueueConsumer({
      client: fakeClient(received),
      queueUrls: ['http://queue/priority', 'http://queue/normal'],
      handle: async () => ({ batchItemFailures: [] }),
      pollers: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await consumer.stop();
    const after = received.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(after);
    // The poller asks both queues, the priority loop the priority queue alone: more priority receives.
    const priority = received.filter((url) => url.endsWith('priority')).length;
    const normal = received.filter((url) => url.endsWith('normal')).length;
    expect(normal).toBeGreaterThan(0);
    expect(priority).toBeGreaterThan(normal);
  });
});
