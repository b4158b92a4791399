import type { SQSClient } from '@aws-sdk/client-sqs';
import { startQueueConsumer, type QueueConsumer } from './queue-consumer';
import { createQueues, localQueueClient, startQueueServer, type LocalQueueUrls } from './queue-server';
import { supervise, type SupervisedServer } from './supervisor';

/*
 * The ingestion path on a laptop, the same code as in the cloud: a real SQS-compatible server
 * (fauxqs, supervised), the two ingestion queues and their dead-letter queue, and a consumer feeding
 * the worker handler as Lambda's event source mapping would. `runCycle` is what the EventBridge rules
 * do in the cloud: the planner sends, the worker drains the queues, then the price poll reads the store.
 */

/**
 * Local visibility timeout: a message handed back (or left by a worker that died) comes back after
 * this. Longer than a message takes (20 symbols at the providers' rates); the cloud uses 6x the
 * worker's timeout. LOCAL_QUEUE_VISIBILITY_SECONDS changes it (the redelivery tests use a few seconds).
 */
export const LOCAL_VISIBILITY_TIMEOUT_SECONDS = Number(process.env.LOCAL_QUEUE_VISIBILITY_SECONDS ?? 60);

export interface LocalIngestion {
  endpoint: string;
  urls: LocalQueueUrls;
  server: SupervisedServer;
  client: SQSClient;
  /** Starts the consumer (after the function environment is set: the worker reads its config on load). */
  startConsumer(): Promise<QueueConsumer>;
  stop(): Promise<void>;
}

export async function startLocalIngestion(
  port: number,
  log: (message: string) => void,
): Promise<LocalIngestion> {
  const client = localQueueClient(port);
  let urls: LocalQueueUrls | undefined;
  const server = await supervise('the queue (fauxqs)', () => startQueueServer(port), {
    log,
    // fauxqs keeps nothing on disk: the queues are created again; the next planner run re-sends what is due.
    afterStart: async () => {
      urls = await createQueues(client, LOCAL_VISIBILITY_TIMEOUT_SECONDS);
    },
  });
  urls = await createQueues(client, LOCAL_VISIBILITY_TIMEOUT_SECONDS);
  let consumer: QueueConsumer | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get urls() {
      return urls as LocalQueueUrls;
    },
    server,
    client,
    async startConsumer() {
      const { createIngestionDeps } = await import('@app/functions/jobs/ingestion-deps');
      const { processIngestionEvent } = await import('@app/functions/jobs/ingestion-worker');
      const { getConfig } = await import('@app/functions/config');
      const deps = createIngestionDeps(getConfig());
      consumer ??= startQueueConsumer({
        client,
        queueUrls: [(urls as LocalQueueUrls).priority, (urls as LocalQueueUrls).normal],
        handle: (event) => processIngestionEvent(deps, event),
        visibilitySeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS,
        log,
      });
      return consumer;
    },
    async stop() {
      await consumer?.stop();
      await server.stop();
    },
  };
}
