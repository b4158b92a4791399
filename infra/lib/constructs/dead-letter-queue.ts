import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/**
 * A dead-letter queue as every queue of ours has one: encrypted, TLS only, messages kept 14 days for
 * a person to look at. It has no dead-letter queue of its own, which cdk-nag is told with the reason.
 */
export function deadLetterQueue(scope: Construct, queueName: string, deadLettersOf: string): sqs.Queue {
  const queue = new sqs.Queue(scope, 'DeadLetters', {
    queueName,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(queue, 'AwsSolutions-SQS3', `This queue is itself the dead-letter queue of ${deadLettersOf}.`);
  return queue;
}
