import { Match, Template } from 'aws-cdk-lib/assertions';
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
    // The scheduled jobs, each with a dead-letter queue for failed asynchronous runs, the ingestion
    // worker and the mail sender (SQS consumers whose failed messages go to their queues' dead-letter
    // queue), the mail feedback function (an SNS subscriber) and the ledger migration (run by hand).
    expect(functions).toHaveLength(JOB_NAMES.length + 4);
    const scheduled = functions.filter(
      (fn) =>
        !String(fn.Properties.Description).includes('fetches market data') &&
        !String(fn.Properties.Description).includes('before the ledger') &&
        !String(fn.Properties.Description).includes('sends the queued') &&
        !String(fn.Properties.Description).includes('bounces and complaints'),
    );
    expect(scheduled).toHaveLength(JOB_NAMES.length);
    for (const fn of scheduled) expect(fn.Properties.DeadLetterConfig).toBeDefined();
  });

  it('runs the ledger migration only by hand: no rule targets it, and it may Scan the holdings table alone', () => {
    const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    const [logicalId] = Object.entries(functions).find(([, fn]) =>
      String(fn.Properties.Description).includes('moves the holdings from before the ledger'),
    )!;
    expect(JSON.stringify(template.findResources('AWS::Events::Rule'))).not.toContain(logicalId);
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
    const scans = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement.filter(
        (statement) => [statement.Action].flat().includes('dynamodb:Scan'),
      ).map((statement) => ({ statement, roles: JSON.stringify(policy.Properties.Roles) })),
    );
    expect(scans).toHaveLength(1);
    expect(scans[0]?.roles).toContain('LedgerMigrationJob');
    expect(JSON.stringify(scans[0]?.statement.Resource)).toContain('Holdings');
    expect(JSON.stringify(scans[0]?.statement.Resource)).not.toContain('index');
  });

  it('encrypts the dead-letter queues and refuses plain HTTP', () => {
    const queues = Object.values(template.findResources('AWS::SQS::Queue')) as Resource[];
    // One dead-letter queue per scheduled job, the two ingestion queues and theirs, the mail queue and its.
    expect(queues).toHaveLength(JOB_NAMES.length + 5);
    for (const queue of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')) as Resource[];
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('mails the daily digest at 07:00 UTC, the hour the settings announce', () => {
    expect(scheduleOf(template, 'nugget-dev-alert-digest')).toBe('cron(0 7 * * ? *)');
  });

  it('sends mail through one SES configuration set whose bounces and complaints reach the feedback function', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'nugget-dev-mail' });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'nugget-invest.example' });
    const destinations = Object.values(
      template.findResources('AWS::SES::ConfigurationSetEventDestination'),
    ) as Resource[];
    expect(destinations).toHaveLength(1);
    const destination = destinations[0]?.Properties.EventDestination as Record<string, unknown>;
    expect(destination.MatchingEventTypes).toEqual(['bounce', 'complaint']);
    expect(destination.SnsDestination).toBeDefined();
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
    template.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: 'nugget-dev-mail-feedback',
      KmsMasterKeyId: Match.anyValue(),
    });
  });

  it('lets only the poll, the digest and the mail sender send mail among the jobs, with the SES environment', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as Resource[];
    const senders = functions.filter(
      (fn) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
          ?.MAIL_TRANSPORT === 'ses',
    );
    expect(senders.map((fn) => String(fn.Properties.Description)).sort()).toEqual([
      "Nugget dev: mails each reader's daily digest of the alerts of the types they chose",
      'Nugget dev: polls prices, records feed health, raises alerts and queues recommendations',
      'Nugget dev: sends the queued reset and sign-up mails through SES',
    ]);
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies.match(/ses:SendEmail/g)).toHaveLength(3);
  });
});
