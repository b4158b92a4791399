import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INGESTION_BATCH_SIZE,
  INGESTION_MAX_CONCURRENCY,
  INGESTION_MAX_RECEIVE_COUNT,
  INGESTION_VISIBILITY_TIMEOUT,
  INGESTION_WORKER_TIMEOUT,
} from '../lib/constructs/ingestion-pipeline';
import { INGESTION_PROVIDERS } from '../lib/constructs/ingestion-alarms';
import type { NuggetStacks } from '../lib/nugget-app';
import { DYNAMODB_ACTIONS, INGESTION_WORKER_GRANTS } from '../lib/table-access';
import { buildTestApp } from './support/build-test-app';
import { dynamoGrantsOf, statementsOfFunction } from './support/template-queries';

type Resource = { Properties: Record<string, unknown> };

/** The ingestion queues, their worker and planner, and the alarms (infra/README.md "The ingestion queue"). */
describe('ingestion pipeline', () => {
  let stacks: NuggetStacks;
  let jobs: Template;

  beforeAll(() => {
    stacks = buildTestApp({ placeholderCode: 'true' }).stacks;
    jobs = Template.fromStack(stacks.jobs);
  });

  it('has a main and a priority queue redriving to one encrypted dead-letter queue after 5 receptions', () => {
    const queues = jobs.findResources('AWS::SQS::Queue') as Record<string, Resource>;
    const byName = (name: string) =>
      Object.entries(queues).find(([, queue]) => queue.Properties.QueueName === name) as [string, Resource];
    const [dlqId] = byName('nugget-dev-ingestion-dlq');
    for (const name of ['nugget-dev-ingestion', 'nugget-dev-ingestion-priority']) {
      const [, queue] = byName(name);
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: INGESTION_VISIBILITY_TIMEOUT.toSeconds(),
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: INGESTION_MAX_RECEIVE_COUNT,
        },
      });
    }
    // AWS: the visibility timeout of a Lambda consumer's queue is at least six times its timeout.
    expect(INGESTION_VISIBILITY_TIMEOUT.toSeconds()).toBeGreaterThanOrEqual(
      6 * INGESTION_WORKER_TIMEOUT.toSeconds(),
    );
  });

  it('feeds the worker from both queues with partial batch failures and two invocations at most', () => {
    // The mail queue's consumer has an event source of its own (mail-queue.test.ts): not counted here.
    const mappings = (
      Object.values(jobs.findResources('AWS::Lambda::EventSourceMapping')) as Resource[]
    ).filter((mapping) => !JSON.stringify(mapping.Properties.EventSourceArn).includes('MailQueue'));
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      expect(mapping.Properties).toMatchObject({
        BatchSize: INGESTION_BATCH_SIZE,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: INGESTION_MAX_CONCURRENCY },
      });
    }
  });

  it('runs the planner on a schedule (15 minutes by default, from context) and lets it send to both queues only', () => {
    const rules = Object.values(jobs.findResources('AWS::Events::Rule')) as Resource[];
    expect(
      rules.find((rule) => rule.Properties.Name === 'nugget-dev-ingestion-planner')?.Properties
        .ScheduleExpression,
    ).toBe('rate(15 minutes)');
    const custom = Template.fromStack(
      buildTestApp({ placeholderCode: 'true', ingestionMinutes: '60' }).stacks.jobs,
    );
    custom.hasResourceProperties('AWS::Events::Rule', {
      Name: 'nugget-dev-ingestion-planner',
      ScheduleExpression: 'rate(1 hour)',
    });
    const planner = stacks.jobs.functions['ingestion-planner'];
    const sqsActions = new Set(
      statementsOfFunction(planner)
        .flatMap((statement) => [statement.Action].flat())
        .map(String)
        .filter((action) => action.startsWith('sqs:')),
    );
    expect([...sqsActions].sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    const resources = JSON.stringify(
      statementsOfFunction(planner).filter((statement) => JSON.stringify(statement.Action).includes('sqs:')),
    );
    expect(resources).toContain('IngestionQueue');
    expect(resources).toContain('IngestionPriorityQueue');
    // Its own failed runs go to its job's dead-letter queue; the ingestion dead-letter queue is not its to write.
    expect(resources).not.toContain('IngestionDeadLetters');
  });

  it('gives the worker the market table only, read and write, and the queue actions of its event sources', () => {
    const worker = stacks.jobs.ingestion.worker;
    expect(dynamoGrantsOf(worker, stacks.data)).toEqual({
      market: [...DYNAMODB_ACTIONS[INGESTION_WORKER_GRANTS.market as 'readwrite']].sort(),
    });
    const sqsActions = new Set(
      statementsOfFunction(worker)
        .flatMap((statement) => [statement.Action].flat())
        .map(String)
        .filter((action) => action.startsWith('sqs:')),
    );
    // What consuming needs, nothing more (no SendMessage, no wildcard).
    expect([...sqsActions].sort()).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ]);
  });

  it('alarms on any dead letter and on each provider breaker open for three periods', () => {
    const alarms = Object.values(
      Template.fromStack(stacks.observability).findResources('AWS::CloudWatch::Alarm'),
    ) as Resource[];
    const alarm = (name: string) => {
      const found = alarms.find((entry) => entry.Properties.AlarmName === name)?.Properties;
      type Stat = { MetricStat: { Metric: Record<string, unknown>; Stat: string } };
      const stat = (found?.Metrics as Stat[] | undefined)?.[0]?.MetricStat;
      return { properties: found, metric: stat?.Metric, stat: stat?.Stat };
    };
    const deadLetters = alarm('nugget-dev-ingestion-dead-letters');
    expect(deadLetters.properties).toMatchObject({
      Threshold: 1,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(deadLetters.metric).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
    expect(JSON.stringify(deadLetters.metric)).toContain('IngestionDeadLetters');
    for (const provider of INGESTION_PROVIDERS) {
      const breaker = alarm(`nugget-dev-${provider}-breaker-open`);
      expect(breaker.properties).toMatchObject({
        Threshold: 1,
        EvaluationPeriods: 3,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(breaker.metric).toEqual({
        Namespace: 'Nugget',
        MetricName: 'ProviderBreakerOpen',
        Dimensions: [
          { Name: 'provider', Value: provider },
          { Name: 'service', Value: 'nugget-dev' },
        ],
      });
      // Open for the whole of each period: one closed reading in a period does not count.
      expect(breaker.stat).toBe('Minimum');
    }
  });
});
