import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack, type LocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import { progress } from './report-format';

/** The local stack every bench measures: in memory, on free ports, rate limits off, data under `work`. */
export async function startBenchStack(
  work: string,
  /** persistDynamo: DynamoDB Local keeps its tables in files under `work`, as `npm start` does. */
  options: {
    singleProcess?: boolean;
    persistDynamo?: boolean;
    /**
     * 'off': the scheduler's repeating price cycle and billing renewal do not run after the first
     * poll (section 2: in the cloud each is a Lambda of its own, with its own CPU; on this stack the
     * price poll over the 570-series universe takes about 35 CPU-seconds of the two cores every minute).
     */
    jobTimers?: 'on' | 'off';
  } = {},
): Promise<LocalStack> {
  progress(
    `local stack: starting (${options.persistDynamo ? 'tables on disk' : 'in memory'}, rate limits off, ${options.singleProcess ? 'single process' : 'one worker thread per area'})`,
  );
  // Section 3 and the ledger benches read capacity units from every request's own cost record.
  process.env.COST_RECORD_DETAIL = 'on';
  if (options.jobTimers === 'off') {
    process.env.LOCAL_PRICE_POLL_SECONDS = '0';
    process.env.LOCAL_BILLING_RENEWAL_SECONDS = '0';
  }
  return startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory: join(work, 'stack'),
    persistDynamo: options.persistDynamo ?? false,
    reset: false,
    verbose: false,
    rateLimits: 'off',
    singleProcess: options.singleProcess ?? false,
  });
}

/**
 * A bench script's whole life on one stack: a scratch folder, the stack, the work, then the stack
 * stopped and the folder removed whatever happened; a failure sets the exit code.
 */
export function runOnBenchStack(folderPrefix: string, work: (stack: LocalStack) => Promise<void>): void {
  const run = async () => {
    const folder = mkdtempSync(join(tmpdir(), folderPrefix));
    let stack: LocalStack | undefined;
    try {
      stack = await startBenchStack(folder);
      await work(stack);
    } finally {
      await stack?.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
