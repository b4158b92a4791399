import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ServiceArea } from '@app/shared/api';
import { METRIC_NAMES, METRICS_NAMESPACE, serviceNameOf } from '../metrics-contract';
import type { StageConfig } from '../stage-config';
import type { JobName } from '../table-access';
import type { TableId } from '../table-definitions';
import { createIngestionAlarms } from '../constructs/ingestion-alarms';

export interface ObservabilityStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: apigwv2.IHttpApi;
  readonly apiFunctions: Readonly<Record<ServiceArea, lambda.IFunction>>;
  readonly jobFunctions: Readonly<Record<JobName, lambda.IFunction>>;
  readonly deadLetterQueues: Readonly<Record<JobName, sqs.IQueue>>;
  /** The ingestion queues and their dead-letter queue (jobs stack). */
  readonly ingestion: { readonly queues: readonly sqs.IQueue[]; readonly deadLetterQueue: sqs.IQueue };
  /** The mail queue's dead-letter queue (jobs stack): reset and sign-up mails SES never took. */
  readonly mailDeadLetterQueue?: sqs.IQueue;
  readonly tables: Readonly<Record<TableId, dynamodb.ITable>>;
}

/** Alarm when more than this share of API requests fail with a 5xx over 10 minutes. */
export const SERVER_ERROR_RATE_PERCENT = 5;

const PERIOD = Duration.minutes(5);

/**
 * One dashboard per stage (traffic, errors, latency per area, throttles, DynamoDB capacity, cost per
 * request) and alarms on the API's 5xx rate and on every job failure, notifying one SNS topic.
 */
export class ObservabilityStack extends Stack {
  readonly alarmTopic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config, httpApi } = props;

    // CloudWatch cannot publish to a topic encrypted with the AWS-managed aws/sns key (its key policy
    // admits no service principal), so the topic has its own key ($1 a month) that CloudWatch may use.
    const topicKey = new kms.Key(this, 'AlarmTopicKey', {
      description: `Nugget ${config.stage}: encrypts the alarm topic`,
      enableKeyRotation: true,
    });
    topicKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `nugget-${config.stage}-alarms`,
      masterKey: topicKey,
      enforceSSL: true,
    });
    if (config.alarmEmail) {
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
    }
    const notify = new actions.SnsAction(this.alarmTopic);

    // API: 5xx rate.
    const requests = httpApi.metricCount({ period: PERIOD, statistic: 'Sum' });
    const clientErrors = httpApi.metricClientError({ period: PERIOD, statistic: 'Sum' });
    const serverErrors = httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const serverErrorRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate (%)',
      period: PERIOD,
    });
    const serverErrorAlarm = serverErrorRate.createAlarm(this, 'ApiServerErrorRate', {
      alarmName: `nugget-${config.stage}-api-5xx-rate`,
      alarmDescription: `More than ${SERVER_ERROR_RATE_PERCENT}% of API requests answered 5xx in two consecutive 5-minute periods.`,
      threshold: SERVER_ERROR_RATE_PERCENT,
      evaluationPeriods: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    serverErrorAlarm.addAlarmAction(notify);

    // Jobs: any failed run, and anything parked in a dead-letter queue.
    const jobAlarms: cloudwatch.IAlarm[] = [];
    for (const [job, jobFunction] of Object.entries(props.jobFunctions) as [JobName, lambda.IFunction][]) {
      const errorsAlarm = jobFunction
        .metricErrors({ period: PERIOD, statistic: 'Sum' })
        .createAlarm(this, `${job}-errors`, {
          alarmName: `nugget-${config.stage}-${job}-errors`,
          alarmDescription: `The ${job} job failed.`,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });
      const queueAlarm = props.deadLetterQueues[job]
        .metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })
        .createAlarm(this, `${job}-dead-letters`, {
          alarmName: `nugget-${config.stage}-${job}-dead-letters`,
          alarmDescription: `Runs of the ${job} job are waiting in its dead-letter queue.`,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });
      errorsAlarm.addAlarmAction(notify);
      queueAlarm.addAlarmAction(notify);
      jobAlarms.push(errorsAlarm, queueAlarm);
    }
    if (props.mailDeadLetterQueue) {
      const mailAlarm = props.mailDeadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })
        .createAlarm(this, 'mail-dead-letters', {
          alarmName: `nugget-${config.stage}-mail-dead-letters`,
          alarmDescription:
            'Queued reset or sign-up mails failed five deliveries and wait in the dead-letter queue.',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });
      mailAlarm.addAlarmAction(notify);
      jobAlarms.push(mailAlarm);
    }

    const ingestion = createIngestionAlarms(this, {
      config,
      deadLetterQueue: props.ingestion.deadLetterQueue,
      queues: props.ingestion.queues,
      notify,
    });

    const apiFunctions = Object.entries(props.apiFunctions) as [ServiceArea, lambda.IFunction][];
    const jobFunctions = Object.entries(props.jobFunctions) as [JobName, lambda.IFunction][];
    const allFunctions = [...apiFunctions, ...jobFunctions];
    const tables = Object.entries(props.tables) as [TableId, dynamodb.ITable][];

    // Cost per request, from the embedded metrics of every request (see infra/lib/metrics-contract.ts).
    const service = serviceNameOf(config.stage);
    const costSearch = (statistic: string, metric: string) =>
      `SEARCH('{${METRICS_NAMESPACE},route,service,tier} MetricName="${metric}" service="${service}"', '${statistic}', ${PERIOD.toSeconds()})`;

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `nugget-${config.stage}`,
      defaultInterval: Duration.hours(24),
      widgets: [
        [
          new cloudwatch.GraphWidget({
            title: 'API requests and errors',
            left: [requests, clientErrors, serverErrors],
            right: [serverErrorRate],
            width: 12,
          }),
          new cloudwatch.AlarmStatusWidget({
            title: 'Alarms',
            alarms: [serverErrorAlarm, ...jobAlarms, ...ingestion.alarms],
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Latency p50 per area (ms)',
            left: apiFunctions.map(([area, fn]) =>
              fn.metricDuration({ period: PERIOD, statistic: 'p50', label: area }),
            ),
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'Latency p99 per area (ms)',
            left: apiFunctions.map(([area, fn]) =>
              fn.metricDuration({ period: PERIOD, statistic: 'p99', label: area }),
            ),
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Lambda throttles and errors',
            left: allFunctions.map(([name, fn]) =>
              fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label: `${name} throttles` }),
            ),
            right: allFunctions.map(([name, fn]) =>
              fn.metricErrors({ period: PERIOD, statistic: 'Sum', label: `${name} errors` }),
            ),
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'API latency (ms)',
            left: [
              httpApi.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }),
              httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
            ],
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'DynamoDB consumed read capacity units',
            left: tables.map(([tableId, table]) =>
              table.metricConsumedReadCapacityUnits({ period: PERIOD, statistic: 'Sum', label: tableId }),
            ),
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'DynamoDB consumed write capacity units',
            left: tables.map(([tableId, table]) =>
              table.metricConsumedWriteCapacityUnits({ period: PERIOD, statistic: 'Sum', label: tableId }),
            ),
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Estimated cost per request by route (USD)',
            left: [
              new cloudwatch.MathExpression({
                expression: costSearch('Average', METRIC_NAMES.requestCost),
                label: '',
                period: PERIOD,
              }),
            ],
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: 'Estimated cost, all requests (USD per 5 minutes)',
            left: [
              new cloudwatch.MathExpression({
                expression: `SUM(${costSearch('Sum', METRIC_NAMES.requestCost)})`,
                label: 'total',
                period: PERIOD,
              }),
            ],
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Job runs',
            left: jobFunctions.map(([job, fn]) =>
              fn.metricInvocations({ period: PERIOD, statistic: 'Sum', label: job }),
            ),
            right: jobFunctions.map(([job]) =>
              props.deadLetterQueues[job].metricApproximateNumberOfMessagesVisible({
                period: PERIOD,
                statistic: 'Maximum',
                label: `${job} dead letters`,
              }),
            ),
            width: 24,
          }),
        ],
        ingestion.widgets,
      ],
    });
  }
}
