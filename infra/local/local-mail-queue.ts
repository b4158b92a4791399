import { Worker } from 'node:worker_threads';
import type { FromMailSender, ToMailSender } from './mail-sender-worker';

/*
 * The mail queue's consumer on a laptop: the same handler as the cloud's consumer Lambda
 * (functions/src/jobs/mail-sender.ts), fed by the stand-in for Lambda's event source mapping
 * (queue-consumer.ts), in a worker thread of its own (mail-sender-worker.ts) as the cloud runs it in a
 * function of its own. A password reset or a sign-up mail reaches maildev through the product's
 * Mailer a moment after the request answered, never inside it, and sending it never holds up the
 * event loop that answers the next request (bench section 10 compares answer times).
 */

export interface LocalMailQueue {
  /** Resolves true once the queue is empty and nothing is being sent, false after `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

const BOOT_SCRIPT = new URL('./mail-sender-boot.mjs', import.meta.url);

/** Starts the thread after the function environment is set: it reads MAIL_QUEUE_URL and the mail config. */
export async function startLocalMailConsumer(log: (message: string) => void): Promise<LocalMailQueue> {
  const worker = new Worker(BOOT_SCRIPT, { name: 'mail-sender' });
  let nextId = 0;
  const waiting = new Map<number, (message: FromMailSender) => void>();
  worker.on('error', (error) => log(`local mail consumer: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: FromMailSender) => {
      if (message.type === 'ready') {
        worker.off('error', reject);
        resolve();
        return;
      }
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    });
  });
  const ask = (message: Omit<ToMailSender, 'id'>) =>
    new Promise<FromMailSender>((resolve) => {
      nextId += 1;
      waiting.set(nextId, resolve);
      worker.postMessage({ ...message, id: nextId });
    });
  return {
    async drain(timeoutMs) {
      const answer = await ask({ type: 'drain', timeoutMs } as Omit<ToMailSender, 'id'>);
      return answer.type === 'drained' && answer.empty;
    },
    async stop() {
      await ask({ type: 'stop' });
      await worker.terminate();
    },
  };
}
