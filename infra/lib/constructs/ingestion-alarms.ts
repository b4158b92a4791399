import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { PROVIDERS } from '@app/functions/market-data/providers/registry';
import { METRIC_NAMES, METRICS_NAMESPACE, serviceNameOf } from '../metrics-contract';
import type { StageConfig } from '../stage-config';

/**
 * Alarms of the ingestion path: anything in its dead-letter queue (a message that failed five
 * deliveries), and a provider's circuit breaker open for three planner periods in a row (the planner
 * reports each breaker as ProviderBreakerOpen, 1 open or 0 closed, every run: functions/src/jobs/
 * ingestion-planner.ts). A breaker that opens for a minute on a burst of 503s is normal; one that
 * stays open means the provider is down or refuses us (a blocked address range), and the stored prices
 * are ageing. The providers and their alarm settings come from the provider registry
 * (functions/src/market-data/providers/registry.ts): every provider the worker calls live.
 */

const ALARMED_PROVIDERS = PROVIDERS.flatMap((descriptor) =>
  descriptor.live ? [{ name: descriptor.name, alarm: descriptor.live.alarm }] : [],
);
export const INGESTION_PROVIDERS = ALARMED_PROVIDERS.map((provider) => provider.name);

export interface IngestionAlarmProps {
  readonly config: StageConfig;
  readonly deadLetterQueue: sqs.IQueue;
  readonly queues: readonly sqs.IQueue[];
  readonly notify: actions.SnsAction;
}

export function createIngestionAlarms(
  scope: Construct,
  props: IngestionAlarmProps,
): { alarms: cloudwatch.Alarm[]; widgets: cloudwatch.IWidget[] } {
  const { config } = props;
  const period = Duration.minutes(Math.max(5, config.ingestionMinutes));
  const deadLetters = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
    period: Duration.minutes(5),
    statistic: 'Maximum',
    label: 'ingestion dead letters',
  });
  const deadLetterAlarm = deadLetters.createAlarm(scope, 'ingestion-dead-letters', {
    alarmName: `nugget-${config.stage}-ingestion-dead-letters`,
    alarmDescription: 'Ingestion messages failed five deliveries and wait in the dead-letter queue.',
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  deadLetterAlarm.addAlarmAction(props.notify);
  const breakerMetrics = INGESTION_PROVIDERS.map(
    (provider) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRIC_NAMES.providerBreakerOpen,
        dimensionsMap: { service: serviceNameOf(config.stage), provider },
        statistic: 'Minimum',
        period,
        label: `${provider} breaker open`,
      }),
  );
  const breakerAlarms = ALARMED_PROVIDERS.map(({ name: provider, alarm: settings }, index) => {
    const alarm = (breakerMetrics[index] as cloudwatch.Metric).createAlarm(
      scope,
      `${provider}-breaker-open`,
      {
        alarmName: `nugget-${config.stage}-${provider}-breaker-open`,
        alarmDescription: `The ${provider} breaker stayed open for ${settings.breakerOpenPeriods} planner periods in a row: the provider is down or refuses us, and its stored prices are ageing.`,
        threshold: 1,
        evaluationPeriods: settings.breakerOpenPeriods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      },
    );
    alarm.addAlarmAction(props.notify);
    return alarm;
  });
  const widgets: cloudwatch.IWidget[] = [
    new cloudwatch.GraphWidget({
      title: 'Ingestion queues (messages waiting) and dead letters',
      left: props.queues.map((queue) =>
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      ),
      right: [deadLetters],
      width: 12,
    }),
    new cloudwatch.GraphWidget({ title: 'Provider breakers (1 = open)', left: breakerMetrics, width: 12 }),
  ];
  return { alarms: [deadLetterAlarm, ...breakerAlarms], widgets };
}
