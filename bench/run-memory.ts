/**
 * `npm run bench:memory [-- --quick]`: section 6 alone. The local stack started as `npm start` starts it
 * (tables on disk, one worker thread per area, the same node flags in the script), measured at rest
 * (seeded, the replay history stored, idle) and at the peak of 100 connections of section 2's load mix
 * (its load generator, in a process of its own that is not counted), printed as bench/results.md's section.
 * Rate limits are off, as in section 2: on, the load would measure the limiter's 429s.
 */
import './quiet-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { LocalStack } from '@app/infra/local/local-stack';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { login, prepareLoadUsers, runLoadLevels } from './api-load';
import { startBenchStack } from './bench-stack';
import { snapshotMemory } from './memory';
import { renderMemory } from './report/section-6-memory';
import type { Report } from './report/report-data';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { LOAD_SECONDS, QUICK } from './run-options';

const loadBefore = loadAverages();
const work = mkdtempSync(join(tmpdir(), 'nugget-bench-memory-'));
let stack: LocalStack | undefined;
try {
  stack = await startBenchStack(work, { persistDynamo: true });
  const children = () => stack?.childProcesses() ?? [];
  progress('memory: waiting for the replay history, then 5 s idle');
  await stack.replayHistory;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const report: Report = {
    startedAt: new Date(),
    loadBefore: [],
    sitesBuilt: false,
    errors: [],
    memoryAtRest: snapshotMemory(children()),
    areaHeapsAtRest: {
      'main (adapter, sites, jobs)': {
        used: getHeapStatistics().used_heap_size,
        total: getHeapStatistics().total_heap_size,
      },
      ...(await stack.areaHeaps()),
    },
  };
  const admin = await login(stack.webUrl, SEED_ADMIN.email, SEED_ADMIN.password, stack.seed.adminTotpSecret);
  const setup = await prepareLoadUsers(stack, admin);
  report.load = await runLoadLevels({
    baseUrl: stack.webUrl,
    setup,
    levels: [100],
    durationSeconds: LOAD_SECONDS,
    warmUpSeconds: QUICK ? 2 : 5,
    workDirectory: work,
    children,
  });
  console.log([standaloneHeading('Memory', loadBefore), '', ...renderMemory(report)].join('\n'));
} catch (error: unknown) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
}
