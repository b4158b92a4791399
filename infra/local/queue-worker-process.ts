import { getConfig } from '@app/functions/config';
import { createIngestionDeps } from '@app/functions/jobs/ingestion-deps';
import { processIngestionEvent } from '@app/functions/jobs/ingestion-worker';
import { createQueueClient } from '@app/functions/platform/queue-client';
import { startQueueConsumer } from './queue-consumer';

/*
 * An ingestion worker in a process of its own, reading the queues named by INGESTION_PRIORITY_QUEUE_URL
 * and INGESTION_QUEUE_URL with the configuration of its environment: what a Lambda instance is to the
 * cloud. The redelivery test kills one mid-batch (tests/integration/ingestion-limits.test.ts).
 */

const config = getConfig();
const deps = createIngestionDeps(config);
const consumer = startQueueConsumer({
  client: createQueueClient(config),
  queueUrls: [config.INGESTION_PRIORITY_QUEUE_URL, config.INGESTION_QUEUE_URL],
  handle: (event) => processIngestionEvent(deps, event),
  visibilitySeconds: Number(process.env.LOCAL_QUEUE_VISIBILITY_SECONDS ?? 60),
  log: (message) => console.error(message),
});
console.log('ingestion worker ready');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void consumer.stop().then(() => process.exit(0));
  });
}
