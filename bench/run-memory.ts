/**
 * `npm run bench:memory [-- --quick] [-- --single-process]`: section 6 alone. The local stack started as `npm start` starts it
 * (tables on disk, one worker thread per area, the same node flags in the script), measured at rest
 * (seeded, the replay history stored, idle) and at the peak of 100 connections of section 2's load mix
 * (its load generator, in a process of its own that is not counted), printed as bench/results.md's section.
 * Rate limits are off, as in section 2: on, the load would measure the limiter's 429s.
 * `--single-process` starts the stack as `npm start -- --single-process` does (every area on the main
 * thread, no worker threads), for what the threads cost; the default stays one thread per area.
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
import { emulatorHostMemory } from '@app/infra/local/emulator-host';
import { residentSplitOf, snapshotMemory } from './memory';
import { renderMemory } from './report/section-6-memory';
import type { Report } from './report/report-data';
import { loadAverages, mib, progress, standaloneHeading, table } from './report-format';
import { LOAD_SECONDS, QUICK } from './run-options';

const SINGLE_PROCESS = process.argv.includes('--single-process');
const loadBefore = loadAverages();
const work = mkdtempSync(join(tmpdir(), 'nugget-bench-memory-'));
let stack: LocalStack | undefined;
try {
  stack = await startBenchStack(work, { persistDynamo: true, singleProcess: SINGLE_PROCESS });
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
      [SINGLE_PROCESS ? 'main (every area, adapter, sites, jobs)' : 'main (adapter, sites, jobs)']: {
        used: getHeapStatistics().used_heap_size,
        total: getHeapStatistics().total_heap_size,
      },
      ...(await stack.areaHeaps()),
    },
  };
  // What is left, per process at rest: heap-like (anonymous) against file-backed pages (the binary's
  // text, counted again in each process), and the emulator host's one V8 heap.
  const processes = [{ name: 'stack process', pid: process.pid }, ...children()];
  const host = await emulatorHostMemory();
  const restProfile = [
    table(
      ['process at rest', 'RSS MB', 'anonymous MB', 'file-backed MB', 'shared memory MB'],
      processes.map(({ name, pid }) => {
        const split = residentSplitOf(pid);
        const rss = split.anon + split.file + split.shmem;
        return [
          name,
          Number(mib(rss)),
          Number(mib(split.anon)),
          Number(mib(split.file)),
          Number(mib(split.shmem)),
        ];
      }),
    ),
    '',
    host
      ? `Emulator host at rest (process.memoryUsage()): RSS ${mib(host.rss)} MB, V8 heap used ${mib(host.heapUsed)} MB of ${mib(host.heapTotal)} MB committed, external ${mib(host.external)} MB, array buffers ${mib(host.arrayBuffers)} MB.`
      : 'Emulator host: no memory answer.',
  ];
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
  const heading = standaloneHeading(SINGLE_PROCESS ? 'Memory, --single-process' : 'Memory', loadBefore);
  console.log([heading, '', ...renderMemory(report), ...restProfile].join('\n'));
} catch (error: unknown) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
}
