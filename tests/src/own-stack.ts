import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';

/** A stack of a suite's (or a script's) own and the scratch folder it keeps its state in. */
export interface OwnStack {
  stack: LocalStack;
  /** Stops the stack, then removes its folder. */
  stop(): Promise<void>;
}

/**
 * A throwaway local stack: free ports, DynamoDB in memory, quiet, rate limits off unless `options`
 * say otherwise; its state under a fresh folder named from `folderPrefix`.
 */
export async function startOwnStack(
  folderPrefix: string,
  options: Partial<LocalStackOptions> = {},
): Promise<OwnStack> {
  const dataDirectory = mkdtempSync(join(tmpdir(), folderPrefix));
  const removeFolder = () => rmSync(dataDirectory, { recursive: true, force: true });
  try {
    const stack = await startLocalStack({
      webPort: await findFreePort(),
      adminPort: await findFreePort(),
      dynamoPort: await findFreePort(),
      cognitoPort: await findFreePort(),
      dataDirectory,
      persistDynamo: false,
      reset: false,
      verbose: false,
      rateLimits: 'off',
      ...options,
    });
    return {
      stack,
      async stop() {
        try {
          await stack.stop();
        } finally {
          removeFolder();
        }
      },
    };
  } catch (error: unknown) {
    removeFolder();
    throw error;
  }
}
