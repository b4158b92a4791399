/**
 * The ingestion worker as a Lambda instance runs it, for the ingestion bench: the worker's Lambda
 * handler (functions/src/jobs/ingestion-worker.ts), fed by the local queue consumer with the event
 * source mapping's settings (batches of 5, one invocation at a time per instance). Bundled by
 * esbuild into one file, so the process holds what a Lambda bundle holds (the SDK included).
 */
import { getConfig } from '../functions/src/config';
import { handler } from '../functions/src/jobs/ingestion-worker';
import { createQueueClient } from '../functions/src/platform/queue-client';
import { startQueueConsumer } from '../infra/local/queue-consumer';
import { traceProviderSends } from './ingestion-send-trace';

const config = getConfig();
// Each request's send path (guard, fetch, socket write) goes to the bench with its invocation.
const sends = traceProviderSends('yahoo', '/yahoo/');
const consumer = startQueueConsumer({
  client: createQueueClient(config),
  queueUrls: [config.INGESTION_PRIORITY_QUEUE_URL, config.INGESTION_QUEUE_URL],
  // Each invocation's start and end go to the bench, which sums the time the worker was busy.
  handle: async (event) => {
    const started = Date.now();
    try {
      return await handler(event);
    } finally {
      process.send?.({ invocation: [started, Date.now()], sends: sends.take() });
    }
  },
  batchSize: 5,
  pollers: 1,
  visibilitySeconds: 60,
});
process.send?.('ready');
process.on('SIGTERM', () => {
  void consumer.stop().then(() => process.exit(0));
});
