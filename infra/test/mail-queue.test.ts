import type { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_BATCH_SIZE,
  MAIL_MAX_CONCURRENCY,
  MAIL_MAX_RECEIVE_COUNT,
  MAIL_QUEUE_VISIBILITY_TIMEOUT,
  MAIL_SENDER_TIMEOUT,
} from '../lib/constructs/mail-queue';
import type { NuggetStacks } from '../lib/nugget-app';
import { DYNAMODB_ACTIONS } from '../lib/table-access';
import { buildTestApp } from './support/build-test-app';
import { actionsOf, dynamoGrantsOf, statementsOfFunction } from './support/template-queries';

type Resource = { Properties: Record<string, unknown> };

/** The mail queue of resets and sign-ups (functions/src/notifications/mail-queue.ts) and its consumer. */
describe('mail queue', () => {
  let stacks: NuggetStacks;
  let jobs: Template;

  beforeAll(() => {
    stacks = buildTestApp({ placeholderCode: 'true' }).stacks;
    jobs = Template.fromStack(stacks.jobs);
  });

  const environmentOf = (stack: Stack, fn: NuggetStacks['jobs']['mailQueue']['sender']) => {
    const logicalId = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
    return Template.fromStack(stack).toJSON().Resources[logicalId].Properties.Environment.Variables as Record<
      string,
      unknown
    >;
  };

  it('redrives to its own encrypted dead-letter queue after 5 receptions, with 6x the consumer timeout', () => {
    const queues = jobs.findResources('AWS::SQS::Queue') as Record<string, Resource>;
    const byName = (name: string) =>
      Object.entries(queues).find(([, queue]) => queue.Properties.QueueName === name) as [string, Resource];
    const [dlqId, deadLetters] = byName('nugget-dev-mail-dlq');
    expect(deadLetters.Properties.SqsManagedSseEnabled).toBe(true);
    expect(byName('nugget-dev-mail')[1].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: MAIL_QUEUE_VISIBILITY_TIMEOUT.toSeconds(),
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: MAIL_MAX_RECEIVE_COUNT,
      },
    });
    expect(MAIL_QUEUE_VISIBILITY_TIMEOUT.toSeconds()).toBeGreaterThanOrEqual(
      6 * MAIL_SENDER_TIMEOUT.toSeconds(),
    );
  });

  it('feeds the sender with partial batch failures', () => {
    const mappings = (
      Object.values(jobs.findResources('AWS::Lambda::EventSourceMapping')) as Resource[]
    ).filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('MailQueue'));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      BatchSize: MAIL_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: MAIL_MAX_CONCURRENCY },
    });
  });

  it('lets the sender send through SES, read the suppression list and consume its queue, nothing more', () => {
    const sender = stacks.jobs.mailQueue.sender;
    expect(dynamoGrantsOf(sender, stacks.data)).toEqual({ users: [...DYNAMODB_ACTIONS.read].sort() });
    const actions = new Set(statementsOfFunction(sender).flatMap(actionsOf));
    expect([...actions].filter((action) => !action.startsWith('dynamodb:')).sort()).toEqual([
      'ses:SendEmail',
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ]);
    // It signs no link: the token secret is not in its environment.
    const environment = environmentOf(stacks.jobs, sender);
    expect(environment.MAIL_TRANSPORT).toBe('ses');
    expect(environment).not.toHaveProperty('MAIL_TOKEN_SECRET');
  });

  it('alarms on any mail in the dead-letter queue', () => {
    Template.fromStack(stacks.observability).hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'nugget-dev-mail-dead-letters',
      Threshold: 1,
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
  });

  it('gives the auth area the queue address and the Secrets Manager secret, never a literal one', () => {
    const environment = environmentOf(stacks.api, stacks.api.functions.auth as never);
    expect(JSON.stringify(environment.MAIL_QUEUE_URL)).toContain('MailQueue');
    expect(JSON.stringify(environment.MAIL_TOKEN_SECRET)).toContain('resolve:secretsmanager');
  });
});
