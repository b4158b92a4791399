import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { priorityOf } from './ingestion-messages';
import type { PlannedMessage } from './plan-ingestion';

/*
 * Sends planned messages to the ingestion queues: `high` priority to the priority queue (an on-demand
 * backfill a user waits for), the rest to the main queue; ten per SendMessageBatch, each with its own
 * delay (the jitter). A batch entry SQS refuses fails the send, so the planner run fails loudly.
 */

export interface IngestionQueueUrls {
  normal: string;
  priority: string;
}

export interface IngestionQueue {
  send(messages: readonly PlannedMessage[]): Promise<number>;
}

const SQS_BATCH = 10;

export function createIngestionQueue(client: SQSClient, urls: IngestionQueueUrls): IngestionQueue {
  return {
    async send(messages) {
      let sent = 0;
      for (const priority of ['high', 'normal'] as const) {
        const url = priority === 'high' ? urls.priority || urls.normal : urls.normal;
        const group = messages.filter((message) => priorityOf(message.body) === priority);
        for (let index = 0; index < group.length; index += SQS_BATCH) {
          const batch = group.slice(index, index + SQS_BATCH);
          const output = await client.send(
            new SendMessageBatchCommand({
              QueueUrl: url,
              Entries: batch.map((message, position) => ({
                Id: String(position),
                MessageBody: JSON.stringify(message.body),
                DelaySeconds: Math.max(0, Math.min(900, message.delaySeconds)),
              })),
            }),
          );
          const failed = output.Failed ?? [];
          if (failed.length > 0) {
            throw new Error(
              `SQS refused ${failed.length} ingestion message(s): ${failed[0]?.Message ?? failed[0]?.Code}`,
            );
          }
          sent += batch.length;
        }
      }
      return sent;
    },
  };
}
