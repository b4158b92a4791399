import { TABLE_IDS, tableEnvironmentVariable, tableName } from '../lib/table-definitions';
import type { LocalPool } from './cognito-local';
import type { LocalQueueUrls } from './queue-server';

/*
 * The environment the CDK stacks give each Lambda, set for the handlers the local stack mounts.
 * Provider addresses (LIVE_QUOTE_BASE_URL, COINGECKO_BASE_URL, SEC_DATA_BASE_URL, SEC_FILES_BASE_URL,
 * SEC_EDGAR_USER_AGENT) are not set here: whatever the shell exported stays, so `npm start -- --live`
 * runs against the internet by default and against the provider simulator when those point at it.
 */

export interface LocalEnvironmentOptions {
  webPort: number;
  adminPort: number;
  dynamoPort: number;
  cognitoPort: number;
  dataMode: 'replay' | 'live';
  verbose: boolean;
  queue: { endpoint: string; urls: LocalQueueUrls };
  /** maildev's SMTP port: every mail of the stack goes there. */
  smtpPort: number;
  /** Signs mail links (local-secrets.ts): configured, or drawn once per data directory. */
  mailTokenSecret: string;
}

export function configureFunctionEnvironment(options: LocalEnvironmentOptions, pool: LocalPool): void {
  const issuer = `http://127.0.0.1:${options.cognitoPort}/${pool.userPoolId}`;
  const environment: Record<string, string> = {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    DATA_MODE: options.dataMode,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${options.dynamoPort}`,
    COGNITO_ENDPOINT: `http://127.0.0.1:${options.cognitoPort}`,
    SQS_ENDPOINT: options.queue.endpoint,
    INGESTION_QUEUE_URL: options.queue.urls.normal,
    INGESTION_PRIORITY_QUEUE_URL: options.queue.urls.priority,
    MAIL_QUEUE_URL: options.queue.urls.mail,
    MAIL_TOKEN_SECRET: options.mailTokenSecret,
    // One laptop, no fleet to spread: messages go out at once unless the shell asks for jitter.
    INGESTION_JITTER_SECONDS: process.env.INGESTION_JITTER_SECONDS ?? '0',
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_IDS: [pool.webClientId, pool.adminClientId, pool.apiClientId].join(','),
    AUTH_CLIENT_ID: pool.apiClientId,
    JWT_ISSUER: issuer,
    JWKS_URL: `${issuer}/.well-known/jwks.json`,
    ALLOWED_ORIGINS: [`http://127.0.0.1:${options.webPort}`, `http://127.0.0.1:${options.adminPort}`].join(
      ',',
    ),
    VALIDATE_RESPONSES: 'true',
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(options.smtpPort),
    PUBLIC_SITE_URL: `http://127.0.0.1:${options.webPort}`,
    COST_RECORDS: 'dynamodb',
    // Daily totals per route only, unless a bench asks for every request's record (bench/bench-stack.ts).
    COST_RECORD_DETAIL: process.env.COST_RECORD_DETAIL === 'on' ? 'on' : 'off',
    POWERTOOLS_SERVICE_NAME: 'nugget-local',
    POWERTOOLS_METRICS_NAMESPACE: 'Nugget',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
  for (const id of TABLE_IDS) environment[tableEnvironmentVariable(id)] = tableName('local', id);
  if (!options.verbose) {
    environment.LOG_LEVEL = 'WARN';
    environment.POWERTOOLS_METRICS_DISABLED = 'true';
  }
  Object.assign(process.env, environment);
}
