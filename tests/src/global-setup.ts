import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPOSITORY_ROOT, startLocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import { loadConfig } from '@app/functions/config';
import { signInSeedAdminWithCode } from './seed-admin';
import type { StackInfo } from './stack-info';

/** Builds the sites the browser tests load, unless a build is already there. */
function ensureSitesBuilt(): void {
  const missing = ['web', 'admin-web'].filter(
    (site) => !existsSync(join(REPOSITORY_ROOT, site, 'dist', 'index.html')),
  );
  // CI always builds what it tests; locally an existing build is reused (SKIP_SITE_BUILD=true skips it).
  if (process.env.SKIP_SITE_BUILD === 'true' || (missing.length === 0 && !process.env.CI)) return;
  execFileSync(
    'npm',
    ['run', 'build', ...['web', 'admin-web'].flatMap((site) => ['--workspace', site]), '--if-present'],
    {
      cwd: REPOSITORY_ROOT,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which Vite would honour with React's development build: the
      // browser journeys must run on the production build that ships.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureSitesBuilt();
  const dataDirectory = mkdtempSync(join(tmpdir(), 'nugget-stack-'));
  const stack = await startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory,
    persistDynamo: false,
    reset: false,
    verbose: process.env.STACK_VERBOSE === 'true',
    // The shared stack serves suites that fire bursts from one user on purpose (quota races, fuzzing);
    // throttling is tested on its own stack with the cloud numbers (tests/security/abuse-and-logs.test.ts).
    rateLimits: 'off',
  });
  const info: StackInfo = {
    webUrl: stack.webUrl,
    adminUrl: stack.adminUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    cognitoEndpoint: stack.cognitoEndpoint,
    mailUrl: stack.mailUrl,
    smtpPort: stack.smtpPort,
    mailTokenSecret: stack.mailTokenSecret,
    userPoolId: stack.pool.userPoolId,
    webClientId: stack.pool.webClientId,
    adminClientId: stack.pool.adminClientId,
    apiClientId: stack.pool.apiClientId,
    seedAdminUserId: stack.seed.adminUserId,
    seedAdminTotpSecret: stack.seed.adminTotpSecret,
    seedInvestorUserId: stack.seed.investorUserId,
    seedAdminSession: await signInSeedAdminWithCode(stack.webUrl, stack.seed.adminTotpSecret),
    // What the stack's handlers read from the environment the stack set (vitest.config.ts sets it short).
    sessionStateCacheSeconds: loadConfig(process.env).SESSION_STATE_CACHE_SECONDS,
  };
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  };
}
