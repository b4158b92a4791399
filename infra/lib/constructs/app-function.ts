import { fileURLToPath } from 'node:url';
import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  NodejsFunction,
  OutputFormat,
  SourceMapMode,
  type BundlingOptions,
  type ICommandHooks,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, BASIC_EXECUTION_ROLE_FINDING } from '../nag';
import type { StageConfig } from '../stage-config';
import {
  DYNAMODB_ACTIONS,
  PARTITION_UPDATE_ACTION,
  type TableAccess,
  type TableGrants,
} from '../table-access';
import { TABLES, tableEnvironmentVariable, type TableId } from '../table-definitions';
import type { TableRefs } from '../stacks/data-stack';
import { METRICS_NAMESPACE, serviceNameOf } from '../metrics-contract';

/** The repository root: entries are resolved from here and the lock file sits here. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * ESM output cannot `require`, but some CommonJS dependencies call it for Node built-ins; esbuild's
 * shim uses a `require` in scope when one exists, so define one.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as nuggetCreateRequire } from 'node:module'; const require = nuggetCreateRequire(import.meta.url);";

/**
 * How every function is bundled (esbuild, locally). Exported so `npm run bench` builds byte-for-byte
 * the bundles CDK deploys when it measures their size and cold initialisation (bench/lambda-artefacts.ts).
 */
export const LAMBDA_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // The Node.js 22 runtime ships AWS SDK v3. nodemailer is the local stack's SMTP transport only (the
  // cloud mails through SES): functions/src/platform/mail/smtp-transport.ts imports it on first use.
  externalModules: ['@aws-sdk/*', 'nodemailer'],
  tsconfig: `${REPOSITORY_ROOT}functions/tsconfig.json`,
} satisfies BundlingOptions;

/** Where a function finds the replay data file it ships with (the Lambda task root). */
export const REPLAY_DATA_FILE_IN_LAMBDA = '/var/task/replay-universe.json';

/**
 * What a function reads of the historical data sets at run time. A bundle carries no `node_modules`,
 * so the data packages the local stack reads cannot be found in Lambda: the bundling step writes them
 * as one JSON file beside the handler (functions/scripts/build-replay-data.ts). `series` = the price
 * series and annual reports (replay prices, grades); `series-and-snapshot` adds the 14,000-listing
 * screener snapshot that asset search indexes.
 */
export type ReplayDataNeed = 'series' | 'series-and-snapshot';

/** The shell commands CDK runs after esbuild, in the bundling directory (no Docker). */
export function replayDataCommands(need: ReplayDataNeed, inputDir: string, outputDir: string): string[] {
  const snapshotFlag = need === 'series-and-snapshot' ? ' --with-snapshot' : '';
  return [
    `cd "${inputDir}" && node --import tsx functions/scripts/build-replay-data.ts "${outputDir}/replay-universe.json"${snapshotFlag}`,
  ];
}

/** Where a function finds the data files it reads at run time (functions/src/platform/data-files.ts). */
export const DATA_FILES_DIR_IN_LAMBDA = '/var/task/data';

/**
 * The data a function reads at run time instead of bundling it: every function gets the server's
 * messages and terms in en, fr and es (any answer may carry one); `news` adds the sentiment lexicon
 * and the offline headline set, for the functions that score news. Written after esbuild by
 * functions/scripts/build-data-files.ts with the readers the local stack uses.
 */
export function dataFileCommands(news: boolean, inputDir: string, outputDir: string): string[] {
  return [
    `cd "${inputDir}" && node --import tsx functions/scripts/build-data-files.ts "${outputDir}/data"${news ? ' --news' : ''}`,
  ];
}

function afterBundlingHooks(replayData: ReplayDataNeed | undefined, news: boolean): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      ...dataFileCommands(news, inputDir, outputDir),
      ...(replayData ? replayDataCommands(replayData, inputDir, outputDir) : []),
    ],
  };
}

export interface AppFunctionProps {
  readonly config: StageConfig;
  /** Path of the handler file relative to the repository root, exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly tables: TableRefs;
  readonly tableGrants: TableGrants;
  readonly environment?: Record<string, string>;
  /** Where failed asynchronous invocations go (jobs). */
  readonly deadLetterQueue?: sqs.IQueue;
  /** Ships the replay data file with the bundle and points REPLAY_DATA_FILE at it. */
  readonly replayData?: ReplayDataNeed;
  /** Ships the sentiment lexicon and the offline headline set (the functions that score news). */
  readonly newsData?: boolean;
}

/**
 * One Lambda function of ours: Node.js 22 on arm64, bundled by the local esbuild (no Docker) as minified
 * ESM with source maps, its own log group with a retention, the table names it may use as environment
 * variables and exactly the DynamoDB actions of its grants (no `dynamodb:*`, no Scan).
 */
export class AppFunction extends Construct {
  readonly function: lambda.Function;
  /** The handler file and whether the news data ships with it (infra/test/data-files-bundling.test.ts reads them). */
  readonly entry: string;
  readonly newsData: boolean;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    this.newsData = props.newsData ?? false;
    const { config } = props;

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: config.isProduction ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const environment: Record<string, string> = {
      STAGE: config.stage,
      DATA_MODE: config.dataMode,
      POWERTOOLS_SERVICE_NAME: serviceNameOf(config.stage),
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      // In the cloud the API Gateway contract is proven by tests; skip the per-response schema check.
      VALIDATE_RESPONSES: 'false',
      NODE_OPTIONS: '--enable-source-maps',
      // The health checks judge the feed's freshness against the poll interval.
      PRICE_POLL_INTERVAL_SECONDS: String(config.pricePollMinutes * 60),
      ...(props.replayData ? { REPLAY_DATA_FILE: REPLAY_DATA_FILE_IN_LAMBDA } : {}),
      DATA_FILES_DIR: DATA_FILES_DIR_IN_LAMBDA,
      ...props.environment,
    };
    for (const tableId of Object.keys(props.tableGrants) as TableId[]) {
      environment[tableEnvironmentVariable(tableId)] = props.tables[tableId].tableName;
    }

    const common = {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      environment,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
    };

    this.function = config.placeholderCode
      ? // Tests that assert on API or job wiring do not need nine real bundles (see infra/README.md).
        new lambda.Function(this, 'Function', {
          ...common,
          handler: 'index.handler',
          code: lambda.Code.fromInline('export const handler = async () => ({ statusCode: 503 });'),
        })
      : new NodejsFunction(this, 'Function', {
          ...common,
          entry: `${REPOSITORY_ROOT}${props.entry}`,
          handler: 'handler',
          projectRoot: REPOSITORY_ROOT,
          depsLockFilePath: `${REPOSITORY_ROOT}package-lock.json`,
          awsSdkConnectionReuse: false,
          bundling: {
            ...LAMBDA_BUNDLING,
            forceDockerBundling: false,
            commandHooks: afterBundlingHooks(props.replayData, props.newsData ?? false),
          },
        });

    for (const [tableId, access] of Object.entries(props.tableGrants) as [TableId, TableAccess][]) {
      const table = props.tables[tableId];
      const level = typeof access === 'string' ? access : 'read';
      const tableName = `${tableId.charAt(0).toUpperCase()}${tableId.slice(1)}Table`;
      this.function.addToRolePolicy(
        new iam.PolicyStatement({
          sid: `${level === 'read' ? 'Read' : 'ReadWrite'}${tableName}`,
          actions: [...DYNAMODB_ACTIONS[level]],
          // Named indexes only: no `index/*` wildcard.
          resources: [
            table.tableArn,
            ...TABLES[tableId].globalIndexes.map(({ indexName }) => `${table.tableArn}/index/${indexName}`),
          ],
        }),
      );
      if (typeof access === 'string') continue;
      // Items are updated through the table, never an index: the table's ARN alone.
      this.function.addToRolePolicy(
        new iam.PolicyStatement({
          sid: `UpdatePartitionsOf${tableName}`,
          actions: [PARTITION_UPDATE_ACTION],
          resources: [table.tableArn],
          conditions: {
            'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [...access.updatePartitions] },
          },
        }),
      );
    }

    acknowledge(
      this.function,
      BASIC_EXECUTION_ROLE_FINDING,
      'AWSLambdaBasicExecutionRole only allows writing to CloudWatch Logs, which every function needs.',
    );
    acknowledge(
      this.function,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the architecture fixes and the code is tested on; moving to 24 is a deliberate upgrade.',
    );
  }
}
