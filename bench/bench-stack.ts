import { join } from 'node:path';
import { startLocalStack, type LocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import { progress } from './report-format';

/** The local stack every bench measures: in memory, on free ports, rate limits off, data under `work`. */
export async function startBenchStack(
  work: string,
  options: { singleProcess?: boolean } = {},
): Promise<LocalStack> {
  progress(
    `local stack: starting (in memory, rate limits off, ${options.singleProcess ? 'single process' : 'one worker thread per area'})`,
  );
  return startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory: join(work, 'stack'),
    persistDynamo: false,
    reset: false,
    verbose: false,
    rateLimits: 'off',
    singleProcess: options.singleProcess ?? false,
  });
}
