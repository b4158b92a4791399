import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { INGESTION_WORKER_GRANTS } from '../table-access';
import type { TableRefs } from '../stacks/data-stack';
import { AppFunction } from './app-function';
import { deadLetterQueue } from './dead-letter-queue';

/**
 * The ingestion queues and their worker (infra/README.md "The ingestion queue"): a main queue the
 * planner fills on its schedule, a priority queue for on-demand backfills, one dead-letter queue for
 * both (a message received 5 times without success), and the worker Lambda reading both with partial
 * batch failures. Both event sources are capped at 2 concurrent invocations: the providers' shared
 * rate limits make more pointless, and each worker would only wait for its slots.
 */

export const INGESTION_WORKER_TIMEOUT = Duration.minutes(5);
/** AWS's advice for Lambda consumers: at least six times the function's timeout. */
export const INGESTION_VISIBILITY_TIMEOUT = Duration.minutes(30);
export const INGESTION_MAX_RECEIVE_COUNT = 5;
export const INGESTION_BATCH_SIZE = 5;
export const INGESTION_MAX_CONCURRENCY = 2;

export interface IngestionPipelineProps {
  readonly config: StageConfig;
  readonly tables: TableRefs;
  /** Provider addresses and limits, the same variables the local stack reads. */
  readonly environment: Record<string, string>;
}

export class IngestionPipeline extends Construct {
  readonly queue: sqs.Queue;
  readonly priorityQueue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly worker: lambda.Function;

  constructor(scope: Construct, id: string, props: IngestionPipelineProps) {
    super(scope, id);
    const { config } = props;
    const name = (suffix: string) => `nugget-${config.stage}-ingestion${suffix}`;

    this.deadLetterQueue = deadLetterQueue(this, name('-dlq'), 'the ingestion queues');
    const queueProps = {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: INGESTION_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: INGESTION_MAX_RECEIVE_COUNT },
    };
    this.queue = new sqs.Queue(this, 'Queue', { queueName: name(''), ...queueProps });
    this.priorityQueue = new sqs.Queue(this, 'PriorityQueue', {
      queueName: name('-priority'),
      ...queueProps,
    });

    this.worker = new AppFunction(this, 'Worker', {
      config,
      entry: 'functions/src/jobs/ingestion-worker.ts',
      description: `Nugget ${config.stage}: fetches market data from the providers into the market table`,
      memorySize: 512,
      timeout: INGESTION_WORKER_TIMEOUT,
      tables: props.tables,
      tableGrants: INGESTION_WORKER_GRANTS,
      environment: { JOB_NAME: 'ingestion-worker', COST_RECORDS: 'off', ...props.environment },
      replayData: 'series',
    }).function;
    for (const queue of [this.priorityQueue, this.queue]) {
      this.worker.addEventSource(
        new SqsEventSource(queue, {
          batchSize: INGESTION_BATCH_SIZE,
          reportBatchItemFailures: true,
          maxConcurrency: INGESTION_MAX_CONCURRENCY,
        }),
      );
    }
  }

  /** What the planner needs: where to send, and the right to. */
  connectPlanner(planner: lambda.Function): void {
    planner.addEnvironment('INGESTION_QUEUE_URL', this.queue.queueUrl);
    planner.addEnvironment('INGESTION_PRIORITY_QUEUE_URL', this.priorityQueue.queueUrl);
    this.queue.grantSendMessages(planner);
    this.priorityQueue.grantSendMessages(planner);
  }
}
