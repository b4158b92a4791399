import { parentPort } from 'node:worker_threads';
import { getConfig } from '@app/functions/config';
import { handler } from '@app/functions/jobs/mail-sender';
import { createQueueClient } from '@app/functions/platform/queue-client';
import { startQueueConsumer } from './queue-consumer';
import { LOCAL_MAIL_VISIBILITY_SECONDS } from './queue-server';

/*
 * The mail queue's consumer in a thread of its own (local-mail-queue.ts starts it), as the cloud runs
 * it in a Lambda of its own: wording and sending a mail never shares the event loop of the adapter
 * answering the next request. Reads MAIL_QUEUE_URL from the environment the stack set.
 */

export type ToMailSender = { type: 'drain'; id: number; timeoutMs: number } | { type: 'stop'; id: number };
export type FromMailSender =
  { type: 'ready' } | { type: 'drained'; id: number; empty: boolean } | { type: 'stopped'; id: number };

const port = parentPort;
if (!port) throw new Error('mail-sender-worker.ts runs as a worker thread (local-mail-queue.ts)');
const config = getConfig();
const consumer = startQueueConsumer({
  client: createQueueClient(config),
  queueUrls: [config.MAIL_QUEUE_URL],
  handle: handler,
  batchSize: 10,
  pollers: 1,
  visibilitySeconds: LOCAL_MAIL_VISIBILITY_SECONDS,
  log: (message) => console.error(message),
});
port.on('message', (message: ToMailSender) => {
  if (message.type === 'drain') {
    void consumer.drain(message.timeoutMs).then((empty) => {
      port.postMessage({ type: 'drained', id: message.id, empty } satisfies FromMailSender);
    });
    return;
  }
  void consumer.stop().then(() => {
    port.postMessage({ type: 'stopped', id: message.id } satisfies FromMailSender);
  });
});
port.postMessage({ type: 'ready' } satisfies FromMailSender);
