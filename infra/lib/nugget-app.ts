import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { ObservabilityStack } from './stacks/observability-stack';
import { SitesStack } from './stacks/sites-stack';
import { readStageConfig, type StageConfig } from './stage-config';

export interface NuggetAppOptions {
  readonly webAssetPath: string;
  readonly adminAssetPath: string;
  /** Account and region of `cdk deploy` (CDK_DEFAULT_*); undefined synthesises environment-agnostic stacks. */
  readonly env?: Environment;
}

export interface NuggetStacks {
  readonly config: StageConfig;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly sites: SitesStack;
  readonly observability: ObservabilityStack;
}

/**
 * Builds the six stacks of a stage, wired by explicit props (each becomes a CloudFormation export):
 * data -> api, jobs; auth -> api, sites; api -> sites, observability; jobs -> observability.
 */
export function buildNuggetApp(app: App, options: NuggetAppOptions): NuggetStacks {
  const config = readStageConfig(app.node);
  const common = {
    config,
    ...(options.env ? { env: options.env } : {}),
    terminationProtection: config.isProduction,
  };
  const name = (part: string) => `Nugget-${config.stageTitle}-${part}`;

  const data = new DataStack(app, name('Data'), {
    ...common,
    stackName: name('Data'),
    description: 'Nugget Invest: DynamoDB tables',
  });
  const auth = new AuthStack(app, name('Auth'), {
    ...common,
    stackName: name('Auth'),
    description: 'Nugget Invest: Cognito user pool, ADMIN group and app clients',
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    ...common,
    stackName: name('Jobs'),
    description: 'Nugget Invest: scheduled price poll, usage reset and content generation',
    tables: data.tables,
  });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    stackName: name('Api'),
    description: 'Nugget Invest: HTTP API and one Lambda per service area',
    tables: data.tables,
    userPool: auth.userPool,
    webClient: auth.webClient,
    adminClient: auth.adminClient,
    apiClient: auth.apiClient,
    onDemandQueue: jobs.ingestion.priorityQueue,
    mail: jobs.mail,
    mailQueue: jobs.mailQueue,
    stripe: jobs.stripe,
  });
  const sites = new SitesStack(app, name('Sites'), {
    ...common,
    stackName: name('Sites'),
    description: 'Nugget Invest: investor and admin sites on CloudFront',
    httpApi: api.httpApi,
    userPool: auth.userPool,
    webClient: auth.webClient,
    adminClient: auth.adminClient,
    webAssetPath: options.webAssetPath,
    adminAssetPath: options.adminAssetPath,
  });
  const observability = new ObservabilityStack(app, name('Observability'), {
    ...common,
    stackName: name('Observability'),
    description: 'Nugget Invest: dashboard, alarms and the alarm topic',
    httpApi: api.httpApi,
    apiFunctions: api.functions,
    jobFunctions: jobs.functions,
    deadLetterQueues: jobs.deadLetterQueues,
    ingestion: {
      queues: [jobs.ingestion.queue, jobs.ingestion.priorityQueue],
      deadLetterQueue: jobs.ingestion.deadLetterQueue,
    },
    mailDeadLetterQueue: jobs.mailQueue.deadLetterQueue,
    tables: data.tables,
  });

  Tags.of(app).add('app', 'nugget-invest');
  Tags.of(app).add('stage', config.stage);
  return { config, data, auth, api, jobs, sites, observability };
}
