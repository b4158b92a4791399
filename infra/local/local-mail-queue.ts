import type { SQSClient } from '@aws-sdk/client-sqs';
import { startQueueConsumer, type QueueConsumer } from './queue-consumer';
import { LOCAL_MAIL_VISIBILITY_SECONDS } from './queue-server';

/*
 * The mail queue's consumer on a laptop: the same handler as the cloud's consumer Lambda
 * (functions/src/jobs/mail-sender.ts), fed by the stand-in for Lambda's event source mapping, so a
 * password reset or a sign-up mail reaches maildev through the product's Mailer a moment after the
 * request answered, never inside it.
 */

export async function startLocalMailConsumer(
  client: SQSClient,
  queueUrl: string,
  log: (message: string) => void,
): Promise<QueueConsumer> {
  // Imported after the function environment is set: the handler reads its config when first called.
  const { handler } = await import('@app/functions/jobs/mail-sender');
  return startQueueConsumer({
    client,
    queueUrls: [queueUrl],
    handle: handler,
    batchSize: 10,
    pollers: 1,
    visibilitySeconds: LOCAL_MAIL_VISIBILITY_SECONDS,
    log,
  });
}
