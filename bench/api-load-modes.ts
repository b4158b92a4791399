/**
 * Section 2 in both process models of the local stack, in one bench run: the same mix at the same
 * levels against a stack whose areas each run in a worker thread (the default) and against one with
 * every handler on one event loop (`--single-process`). Each mode runs in a child process of its own,
 * with a fresh stack: the functions' configuration and clients are per process, and a stack of the
 * other mode must not share this one's heap or cores. The modes run one after the other, so both see
 * the same machine within minutes of each other (the load average is in the report's header).
 *
 * `npm run bench:api-load [-- --quick]` runs both and prints section 2 alone (no report written).
 * One mode by hand, e.g. to profile it: `node --cpu-prof --import tsx bench/api-load-modes.ts --mode
 * workers --levels 20 --json` (one profile per thread; the load's window is printed on the monotonic
 * clock the profiles use).
 *
 * The scheduler's repeating jobs (the price cycle, the billing renewal) are off during the load unless
 * `--job-timers on`: in the cloud each is a Lambda with its own CPU, and here the price poll over the
 * 570-series universe would take a third of the two cores from the API (bench-stack.ts `jobTimers`).
 * The replay's market days stay on: the lists read the clock's graded date, so a new date is graded
 * each minute, in a worker thread of its own (infra/local/market-days-thread.ts), not on the thread
 * that routes the requests.
 */
import './quiet-env';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPOSITORY_ROOT } from '@app/infra/local/local-stack';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { login, prepareLoadUsers, runLoadLevels } from './api-load';
import { startBenchStack } from './bench-stack';
import { readCostRecords, summariseConsumption } from './dynamo-efficiency';
import { progress, round } from './report-format';
import { LOAD_SECONDS, QUICK } from './run-options';
import type { ApiLoadModeFigures, ProcessModel } from './api-load-mode-figures';

export const PROCESS_MODELS: readonly ProcessModel[] = ['workers', 'single-process'];

/** `--job-timers on`: the price cycle and the billing renewal keep running beside the load. */
const JOB_TIMERS: 'on' | 'off' =
  process.argv.includes('--job-timers') && process.argv[process.argv.indexOf('--job-timers') + 1] === 'on'
    ? 'on'
    : 'off';

/** One mode, in this process: a fresh stack, the load users, the levels, the cost records, stop. */
export async function measureApiLoadMode(
  mode: ProcessModel,
  levels: readonly number[] = [20, 100],
): Promise<ApiLoadModeFigures> {
  const work = mkdtempSync(join(tmpdir(), `nugget-load-${mode}-`));
  const started = performance.now();
  const stack = await startBenchStack(work, {
    singleProcess: mode === 'single-process',
    jobTimers: JOB_TIMERS,
  });
  const stackStartMs = round(performance.now() - started, 0);
  try {
    progress(`load (${mode}): stack started in ${stackStartMs} ms; preparing users`);
    const admin = await login(
      stack.webUrl,
      SEED_ADMIN.email,
      SEED_ADMIN.password,
      stack.seed.adminTotpSecret,
    );
    const setup = await prepareLoadUsers(stack, admin);
    const loadFrom = new Date().toISOString();
    // On the monotonic clock of V8's CPU profiles, to cut a `node --cpu-prof` profile to the load.
    const monotonicMicros = () => process.hrtime.bigint() / 1000n;
    const loadStarted = monotonicMicros();
    const load = await runLoadLevels({
      baseUrl: stack.webUrl,
      setup,
      levels,
      durationSeconds: LOAD_SECONDS,
      warmUpSeconds: QUICK ? 2 : 5,
      workDirectory: work,
      children: () => stack.childProcesses(),
    });
    progress(`load (${mode}): ran from ${loadStarted} to ${monotonicMicros()} µs (monotonic clock)`);
    // The records are batched off the request path: written now, then read.
    await stack.flushCostRecords();
    const consumption = summariseConsumption(await readCostRecords(loadFrom, new Date().toISOString()));
    return { mode, stack_start_ms: stackStartMs, job_timers: JOB_TIMERS, load, consumption };
  } finally {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const SCRIPT = fileURLToPath(import.meta.url);

/** Both modes, each in its own child process, workers first. */
export function measureApiLoadModes(): ApiLoadModeFigures[] {
  return PROCESS_MODELS.map((mode) => {
    progress(`load (${mode}): a stack of its own in a child process`);
    const output = execFileSync(
      process.execPath,
      [
        '--max-old-space-size=640',
        '--import',
        'tsx',
        SCRIPT,
        '--mode',
        mode,
        '--json',
        '--job-timers',
        JOB_TIMERS,
        ...(QUICK ? ['--quick'] : []),
      ],
      {
        cwd: REPOSITORY_ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ApiLoadModeFigures;
  });
}

if (process.argv[1] === SCRIPT) {
  const modeIndex = process.argv.indexOf('--mode');
  const mode = modeIndex >= 0 ? (process.argv[modeIndex + 1] as ProcessModel) : undefined;
  // `--levels 20` (by hand, e.g. under `node --cpu-prof`): only those levels.
  const levelsIndex = process.argv.indexOf('--levels');
  const levels = levelsIndex >= 0 ? (process.argv[levelsIndex + 1] ?? '').split(',').map(Number) : undefined;
  if (mode) {
    const figures = await measureApiLoadMode(mode, levels);
    // The last line is the figures (the parent parses it); progress goes to stderr.
    process.stdout.write(`\n${JSON.stringify(figures)}\n`);
  } else {
    const { renderLoadModes } = await import('./report/section-2-api-load');
    const modes = measureApiLoadModes();
    process.stdout.write(`${renderLoadModes(modes).join('\n')}\n`);
  }
}
