import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_GENERATION_SCHEDULE, USAGE_RESET_SCHEDULE } from '../lib/stacks/jobs-stack';
import { JOB_NAMES } from '../lib/table-access';
import { buildTestApp } from './support/build-test-app';

type Resource = { Properties: Record<string, unknown> };

function scheduleOf(template: Template, ruleName: string): string | undefined {
  const rules = Object.values(template.findResources('AWS::Events::Rule')) as Resource[];
  return rules.find((rule) => rule.Properties.Name === ruleName)?.Properties.ScheduleExpression as
    string | undefined;
}

describe('jobs stack', () => {
  let template: Template;

  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ placeholderCode: 'true' }).stacks.jobs);
  });

  it('polls prices every 5 minutes by default', () => {
    expect(scheduleOf(template, 'nugget-dev-price-poll')).toBe('rate(5 minutes)');
  });

  it('takes the poll rate from context', () => {
    const custom = Template.fromStack(
      buildTestApp({ placeholderCode: 'true', pricePollMinutes: '15' }).stacks.jobs,
    );
    expect(scheduleOf(custom, 'nugget-dev-price-poll')).toBe('rate(15 minutes)');
  });

  it('resets usage at midnight UTC and generates content daily', () => {
    expect(scheduleOf(template, 'nugget-dev-usage-reset')).toBe('cron(0 0 * * ? *)');
    expect(USAGE_RESET_SCHEDULE).toBe('cron(0 0 * * ? *)');
    expect(scheduleOf(template, 'nugget-dev-content-generation')).toBe(CONTENT_GENERATION_SCHEDULE);
  });

  it('renews billing every 15 minutes (a period ends at its anchor time of day)', () => {
    expect(scheduleOf(template, 'nugget-dev-billing-renewal')).toBe('rate(15 minutes)');
  });

  it('targets each job Lambda with retries and a dead-letter queue', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')) as Resource[];
    expect(rules).toHaveLength(JOB_NAMES.length);
    for (const rule of rules) {
      const targets = rule.Properties.Targets as Record<string, unknown>[];
      expect(targets).toHaveLength(1);
      expect(targets[0]).toMatchObject({
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
      });
      expect(targets[0]?.DeadLetterConfig).toBeDefined();
    }
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as Resource[];
    // The scheduled jobs, each with a dead-letter queue for failed asynchronous runs, and the
    // ingestion worker, an SQS consumer whose failed messages go to its queues' dead-letter queue.
    expect(functions).toHaveLength(JOB_NAMES.length + 1);
    const scheduled = functions.filter(
      (fn) => !String(fn.Properties.Description).includes('fetches market data'),
    );
    expect(scheduled).toHaveLength(JOB_NAMES.length);
    for (const fn of scheduled) expect(fn.Properties.DeadLetterConfig).toBeDefined();
  });

  it('encrypts the dead-letter queues and refuses plain HTTP', () => {
    const queues = Object.values(template.findResources('AWS::SQS::Queue')) as Resource[];
    // One dead-letter queue per scheduled job, the two ingestion queues and theirs.
    expect(queues).toHaveLength(JOB_NAMES.length + 3);
    for (const queue of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')) as Resource[];
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });
});
