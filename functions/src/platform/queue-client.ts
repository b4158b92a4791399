import { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../config';

/**
 * The SQS client of a process (the ingestion planner sends, the local consumer also receives). Locally
 * SQS_ENDPOINT points at fauxqs, which accepts any credentials; in Lambda the role's are used.
 */
export function createQueueClient(config: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>): SQSClient {
  return new SQSClient({
    region: config.AWS_REGION,
    ...(config.SQS_ENDPOINT
      ? { endpoint: config.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
    // Options, not a NodeHttpHandler: the client builds the same handler (platform/dynamo-client.ts).
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 25_000 },
  });
}
