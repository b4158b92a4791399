import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AppFunction, type ReplayDataNeed } from '../constructs/app-function';
import { IngestionPipeline } from '../constructs/ingestion-pipeline';
import { Mail } from '../constructs/mail';
import { StripeSecrets } from '../constructs/stripe-secrets';
import { MailQueue } from '../constructs/mail-queue';
import { DIGEST_HOUR_UTC } from '@app/shared/domain/entities/mail';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';
import {
  JOB_NAMES,
  JOB_TABLE_GRANTS,
  LEDGER_MIGRATION_GRANTS,
  LEDGER_MIGRATION_SCAN_ACTION,
  type JobName,
} from '../table-access';
import type { TableRefs } from './data-stack';

export interface JobsStackProps extends StackProps {
  readonly config: StageConfig;
  readonly tables: TableRefs;
}

interface JobSpec {
  readonly description: string;
  readonly schedule: (config: StageConfig) => events.Schedule;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** The price poll quotes the replay series in a replay stage; the content job grades them every day. */
  readonly replayData?: ReplayDataNeed;
  /** The jobs that score news (the poll's alerts, the content brief) read the lexicon and headlines. */
  readonly newsData?: boolean;
}

/** Midnight UTC, when the daily quotas start again (docs/product.md "Business rules and limits"). */
export const USAGE_RESET_SCHEDULE = 'cron(0 0 * * ? *)';
/** 06:00 UTC: after the US close has been polled, before European investors wake. */
export const CONTENT_GENERATION_SCHEDULE = 'cron(0 6 * * ? *)';
/** The daily alert digest, at DIGEST_HOUR_UTC (the local scheduler uses the same hour). */
export const ALERT_DIGEST_SCHEDULE = `cron(0 ${DIGEST_HOUR_UTC} * * ? *)`;
/** Periods end at their anchor's time of day: a renewal is charged within this many minutes of it. */
export const BILLING_RENEWAL_MINUTES = 15;

/**
 * Price poll fetches and scores the whole watched universe (CPU-bound indicator maths, so more memory);
 * the reset only writes a marker; content generation renders a few dozen posts.
 */
const JOBS: Readonly<Record<JobName, JobSpec>> = {
  'price-poll': {
    description: 'polls prices, records feed health, raises alerts and queues recommendations',
    schedule: (config) => events.Schedule.rate(Duration.minutes(config.pricePollMinutes)),
    memorySize: 1024,
    timeout: Duration.minutes(2),
    replayData: 'series',
    newsData: true,
  },
  'usage-reset': {
    description: 'starts the daily quotas at midnight UTC',
    schedule: () => events.Schedule.expression(USAGE_RESET_SCHEDULE),
    memorySize: 256,
    timeout: Duration.minutes(1),
  },
  'billing-renewal': {
    description: 'renews paid periods that ended, opens grace periods, returns lapsed accounts to Free',
    schedule: () => events.Schedule.rate(Duration.minutes(BILLING_RENEWAL_MINUTES)),
    memorySize: 256,
    timeout: Duration.minutes(2),
  },
  'content-generation': {
    description: 'generates the social posts of the day for review',
    schedule: () => events.Schedule.expression(CONTENT_GENERATION_SCHEDULE),
    memorySize: 512,
    timeout: Duration.minutes(5),
    replayData: 'series',
    newsData: true,
  },
  'alert-digest': {
    description: "mails each reader's daily digest of the alerts of the types they chose",
    schedule: () => events.Schedule.expression(ALERT_DIGEST_SCHEDULE),
    memorySize: 256,
    timeout: Duration.minutes(5),
  },
  'ingestion-planner': {
    description: 'plans the market data to fetch and sends it to the ingestion queues',
    schedule: (config) => events.Schedule.rate(Duration.minutes(config.ingestionMinutes)),
    memorySize: 256,
    timeout: Duration.minutes(1),
    replayData: 'series',
  },
};

/**
 * The providers' addresses and limits, for the planner and the worker; the cloud uses the defaults of
 * functions/src/config.ts (the real providers), written here so a deployment shows them.
 */
export const INGESTION_ENVIRONMENT: Readonly<Record<string, string>> = {
  LIVE_QUOTE_BASE_URL: 'https://query1.finance.yahoo.com/v8/finance/chart',
  COINGECKO_BASE_URL: 'https://api.coingecko.com/api/v3',
  SEC_DATA_BASE_URL: 'https://data.sec.gov',
  SEC_FILES_BASE_URL: 'https://www.sec.gov',
  INGESTION_JITTER_SECONDS: '60',
};

/**
 * The scheduled jobs: one EventBridge rule and one Lambda each. A failed run lands in the job's
 * dead-letter queue whether EventBridge could not deliver it or the function failed after Lambda's
 * own retries; both are alarmed in the observability stack.
 */
export class JobsStack extends Stack {
  readonly functions: Readonly<Record<JobName, lambda.IFunction>>;
  readonly deadLetterQueues: Readonly<Record<JobName, sqs.IQueue>>;
  readonly rules: Readonly<Record<JobName, events.Rule>>;
  /** The ledger migration: no schedule, invoked by hand (infra/README.md "Ledger migration job"). */
  readonly ledgerMigration: lambda.IFunction;
  readonly ingestion: IngestionPipeline;
  readonly mail: Mail;
  readonly mailQueue: MailQueue;
  readonly stripe: StripeSecrets;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.ingestion = new IngestionPipeline(this, 'Ingestion', {
      config,
      tables: props.tables,
      environment: { ...INGESTION_ENVIRONMENT },
    });

    this.mail = new Mail(this, 'Mail', { config, tables: props.tables });
    this.mailQueue = new MailQueue(this, 'MailQueue', { config, tables: props.tables, mail: this.mail });
    this.stripe = new StripeSecrets(this, 'Stripe', config);

    const functions = {} as Record<JobName, lambda.IFunction>;
    const queues = {} as Record<JobName, sqs.IQueue>;
    const rules = {} as Record<JobName, events.Rule>;
    for (const job of JOB_NAMES) {
      const spec = JOBS[job];
      const title = job
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('');

      const deadLetterQueue = new sqs.Queue(this, `${title}DeadLetters`, {
        queueName: `nugget-${config.stage}-${job}-dlq`,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(
        deadLetterQueue,
        'AwsSolutions-SQS3',
        'This queue is itself the dead-letter queue of the job.',
      );

      const appFunction = new AppFunction(this, `${title}Job`, {
        config,
        entry: `functions/src/jobs/${job}.ts`,
        description: `Nugget ${config.stage}: ${spec.description}`,
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        tables: props.tables,
        tableGrants: JOB_TABLE_GRANTS[job],
        // The Bedrock generator would also need bedrock:InvokeModel; templates need nothing.
        environment: { JOB_NAME: job, COST_RECORDS: 'off', CONTENT_GENERATOR: 'template' },
        deadLetterQueue,
        ...(spec.replayData ? { replayData: spec.replayData } : {}),
        newsData: spec.newsData ?? false,
      });
      const jobFunction = appFunction.function;
      if (job === 'ingestion-planner') {
        for (const [name, value] of Object.entries(INGESTION_ENVIRONMENT))
          jobFunction.addEnvironment(name, value);
        this.ingestion.connectPlanner(jobFunction);
      }
      // The poll mails alerts when raised; the digest mails the day's.
      if (job === 'price-poll' || job === 'alert-digest') this.mail.connectSender(jobFunction);
      // Renewals charge cards: the gateway the stage chose, with its secrets.
      if (job === 'billing-renewal') {
        this.stripe.connect(jobFunction);
        // A receipt mail for each renewal charged.
        this.mailQueue.connectProducer(jobFunction);
      }
      // Failures after Lambda's asynchronous retries go to the same queue as undeliverable events.
      jobFunction.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });

      const rule = new events.Rule(this, `${title}Schedule`, {
        ruleName: `nugget-${config.stage}-${job}`,
        description: `Nugget ${config.stage}: ${spec.description}`,
        schedule: spec.schedule(config),
        targets: [
          new targets.LambdaFunction(jobFunction, {
            deadLetterQueue,
            retryAttempts: 2,
            maxEventAge: Duration.hours(1),
          }),
        ],
      });

      functions[job] = jobFunction;
      queues[job] = deadLetterQueue;
      rules[job] = rule;
    }
    this.functions = functions;
    this.deadLetterQueues = queues;
    this.rules = rules;
    this.ledgerMigration = this.ledgerMigrationFunction(props);
  }

  /** A function run by hand, synchronously (its answer is the run's counts): no rule, no dead letters. */
  private ledgerMigrationFunction(props: JobsStackProps): lambda.IFunction {
    const migration = new AppFunction(this, 'LedgerMigrationJob', {
      config: props.config,
      entry: 'functions/src/portfolio/ledger-migration-job.ts',
      description: `Nugget ${props.config.stage}: moves the holdings from before the ledger into it (run by hand, safe to re-run)`,
      memorySize: 512,
      timeout: Duration.minutes(15),
      tables: props.tables,
      tableGrants: LEDGER_MIGRATION_GRANTS,
      environment: { JOB_NAME: 'ledger-migration', COST_RECORDS: 'off' },
      replayData: 'series-and-snapshot',
    });
    migration.function.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ScanHoldingsTableForLedgerMigration',
        actions: [LEDGER_MIGRATION_SCAN_ACTION],
        resources: [props.tables.holdings.tableArn],
      }),
    );
    return migration.function;
  }
}
