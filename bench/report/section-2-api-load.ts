/** Section 2: the API under load in both process models of the local stack, and the API calls of each page load. */
import { WRITE_ROUTES } from '../api-load';
import { eventOf } from '../area-invoker';
import type { PageLoadFigures } from '../page-requests';
import type { ApiLoadModeFigures, ProcessModel } from '../api-load-mode-figures';
import type { RouteConsumption } from '../dynamo-efficiency';
import { mib, percentile, round, table, verdict } from '../report-format';
import { LOAD_SECONDS } from '../run-options';
import { READ_TARGET_MS, type Report } from './report-data';

/**
 * What a CPU profile of the worker threads showed (taken by hand, `node --cpu-prof`, see the text):
 * rendered only while the read target is missed.
 */
const PROFILE_NOTE =
  'Where the CPU goes with worker threads (V8 CPU profiles of every thread, `node --cpu-prof` on `bench/api-load-modes.ts --mode workers --levels 20`, by hand on 2026-11-24, over the 38 s of warm-up and load, while other work kept the load average between 10 and 24): ' +
  'the threads were running for 95 thread-seconds in those 38 s, more than the two cores they share with DynamoDB Local, cognito-local and the load generator; by thread ai 27 %, portfolio 25 %, the main thread (adapter) 22 %, admin 15 %, subscription 9 %, public 3 %, auth idle in this mix. ' +
  "About 48 % of all of it is the AWS SDK talking to DynamoDB Local (@smithy serialisation and HTTP, @aws-sdk/core, SigV4, lib-dynamodb): 42 % of the ai thread, 59 % of portfolio, 61 % of admin, 51 % of subscription, and 31 % of the main thread, which reads each caller's revocation time for the JWT check. " +
  "Besides it: the engine and our handlers 16 % of the ai thread; middy 5-13 % of each area; jose 6 % of the main thread; handing requests to the threads (structured clone, message ports) 2-9 % per thread; the bench's own memory sampler (reads of /proc) 5 % of the main thread. " +
  'So what is left is CPU, not waiting on a lock or a queue: on two cores the read p99 at 20 connections needs fewer DynamoDB round trips per request (section 3: the admin dashboard reads 6.5 units, ai health 5.5) or a cheaper local database client, not more threads; in the cloud each area is its own Lambda with its own CPU per concurrent request.';

const MODE_LABELS: Record<ProcessModel, string> = {
  workers: 'one worker thread per area (default)',
  'single-process': '`--single-process` (every handler on one event loop)',
};

type LoadLevel = ApiLoadModeFigures['load']['levels'][number]['result'];

const readRoutesOf = (level: LoadLevel) =>
  level.routes.filter((route) => !WRITE_ROUTES.has(route.name) && route.requests > 0);
const worstReadP99 = (level: LoadLevel) => Math.max(0, ...readRoutesOf(level).map((route) => route.p99_ms));
/** The median of the read routes' p50: what a typical read waits, where the worst p99 shows the slowest. */
const medianReadP50 = (level: LoadLevel) => {
  const sorted = readRoutesOf(level)
    .map((route) => route.p50_ms)
    .sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : round(percentile(sorted, 0.5), 2);
};
const failuresOf = (level: LoadLevel) => level.errors + level.timeouts + level.non_2xx;
const levelOf = (mode: ApiLoadModeFigures | undefined, connections: number) =>
  mode?.load.levels.find((level) => level.result.connections === connections)?.result;

/** The API calls of each page load (bench/page-requests.ts), as the report and `npm run bench:page-requests` print them. */
export function pageRequestsTable(pages: readonly PageLoadFigures[]): string {
  return table(
    ['page', 'visitor', 'API calls', 'waterfall depth', 'calls'],
    pages.map((page) => [
      page.page,
      page.visitor,
      page.api_calls,
      page.waterfall_depth,
      `${page.calls.join('; ')}${page.note ? ` — ${page.note}` : ''}`,
    ]),
  );
}

function routeTable(result: LoadLevel): string {
  return table(
    [
      'route',
      'requests',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'statuses',
      ...(result.connections === 20 ? ['read p99 < 100 ms'] : []),
    ],
    result.routes.map((route) => [
      route.name,
      route.requests,
      route.throughput_rps,
      route.p50_ms,
      route.p95_ms,
      route.p99_ms,
      route.max_ms,
      Object.entries(route.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', '),
      ...(result.connections === 20
        ? [WRITE_ROUTES.has(route.name) ? 'n/a (write)' : verdict(route.p99_ms < READ_TARGET_MS)]
        : []),
    ]),
  );
}

/** The comparison of the two process models, in words computed from the figures. */
function comparison(workers: ApiLoadModeFigures, single: ApiLoadModeFigures): string {
  const ratios: number[] = [];
  const parts = [20, 100].flatMap((connections) => {
    const threaded = levelOf(workers, connections);
    const alone = levelOf(single, connections);
    if (!threaded || !alone) return [];
    const ratio = alone.throughput_rps > 0 ? round(threaded.throughput_rps / alone.throughput_rps, 2) : 0;
    ratios.push(ratio);
    return [
      `at ${connections} connections the worker threads served ${threaded.throughput_rps} req/s against ${alone.throughput_rps} on one event loop (${ratio}x), ` +
        `median read p50 ${medianReadP50(threaded)} ms against ${medianReadP50(alone)} ms, worst read p99 ${worstReadP99(threaded)} ms against ${worstReadP99(alone)} ms`,
    ];
  });
  const memory = (mode: ApiLoadModeFigures) =>
    Math.max(0, ...mode.load.levels.map((level) => level.memory.peak_self_rss));
  const gained = ratios.filter((ratio) => ratio > 1.1).length;
  const verdictOfRatios =
    gained === ratios.length
      ? 'The threads raised the throughput at every level: the areas used the second core.'
      : gained === 0
        ? 'The threads did not raise the throughput at any level in this run: they add CPU only where a core is idle, and here the cores were not (DynamoDB Local, cognito-local, the load generator and whatever else the machine ran share them; the load average is in the header).'
        : 'The threads raised the throughput at some levels only: they add CPU only where a core is idle (DynamoDB Local, cognito-local, the load generator and whatever else the machine ran share both; the load average is in the header).';
  return (
    `Same mix, same levels, one run: ${parts.join('; ')}. ${verdictOfRatios} ` +
    `The stack started in ${round(workers.stack_start_ms / 1000, 1)} s with worker threads and ${round(single.stack_start_ms / 1000, 1)} s in one process (it waits for the first price poll over the universe); ` +
    (workers.job_timers === 'off'
      ? "the scheduler's repeating price cycle and billing renewal were off during the load (in the cloud each is a Lambda with CPU of its own; `--job-timers on` keeps them running); "
      : workers.job_timers === 'on'
        ? "the scheduler's price cycle and billing renewal kept running beside the load (`--job-timers on`); "
        : '') +
    `the stack process peaked at ${mib(memory(workers))} MB RSS with its six threads (a V8 heap and a copy of the modules each) against ${mib(memory(single))} MB in one process.`
  );
}

/** Section 2's load part: one table of both process models, then each mode's routes per level. */
export function renderLoadModes(
  modes: readonly ApiLoadModeFigures[],
  consumption: RouteConsumption[] = [],
): string[] {
  const out: string[] = [];
  out.push(
    table(
      [
        'process model',
        'stack start s',
        'connections',
        'requests',
        'req/s',
        'errors + non-2xx',
        'median read p50 ms',
        'worst read p99 ms',
        'peak stack RSS MB',
      ],
      modes.flatMap((mode) =>
        mode.load.levels.map((level) => [
          MODE_LABELS[mode.mode],
          round(mode.stack_start_ms / 1000, 1),
          level.result.connections,
          level.result.total_requests,
          level.result.throughput_rps,
          failuresOf(level.result),
          medianReadP50(level.result),
          worstReadP99(level.result),
          Number(mib(level.memory.peak_self_rss)),
        ]),
      ),
    ),
    '',
  );
  const workers = modes.find((mode) => mode.mode === 'workers');
  const single = modes.find((mode) => mode.mode === 'single-process');
  if (workers && single) out.push(comparison(workers, single), '');
  for (const mode of modes) {
    for (const level of mode.load.levels) {
      const result = level.result;
      out.push(
        `### ${MODE_LABELS[mode.mode]}: ${result.connections} connections, ${result.duration_seconds} s: ${result.total_requests} requests, ${result.throughput_rps} req/s, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non_2xx}`,
        '',
        routeTable(result),
        '',
      );
    }
  }
  const at20 = levelOf(workers, 20);
  const totalErrors = (workers?.load.levels ?? []).reduce((sum, level) => sum + failuresOf(level.result), 0);
  const slowReads = at20 ? readRoutesOf(at20).filter((route) => route.p99_ms >= READ_TARGET_MS) : [];
  out.push(
    `Targets, in the default mode (worker threads): zero errors ${verdict(totalErrors === 0)} (${totalErrors}); read p99 < 100 ms at 20 connections ${verdict(at20 !== undefined && slowReads.length === 0)}` +
      (at20 ? ` (worst ${worstReadP99(at20)} ms).` : ' (not measured).'),
    '',
  );
  if (workers && slowReads.length > 0) {
    const alone = (name: string) => {
      const spec = workers.load.sequence.find((entry) => entry.name === name);
      if (!spec) return '';
      const routeKey = String(eventOf({ method: spec.method, path: spec.path }).event.routeKey);
      const found = consumption.find((entry) => entry.route === routeKey);
      return found ? `${found.latency_p50_ms} ms` : '?';
    };
    if (consumption.length > 0)
      out.push(
        'The same routes one request at a time (handler p50 in the sequential pass, section 3): ' +
          slowReads.map((route) => `${route.name.split(': ')[0]} ${alone(route.name)}`).join(', ') +
          '. The p99 under load is queueing behind the CPU, not the work of one request.',
        '',
      );
    out.push(PROFILE_NOTE, '');
  }
  return out;
}

export function renderLoad(report: Report): string[] {
  const out = ['## 2. API under load', ''];
  const modes = report.loadModes;
  if (!modes || modes.length === 0) return [...out, 'Not measured (see the failure above).', ''];
  out.push(
    `autocannon 9 (programmatic) against an in-process local stack (DynamoDB Local in memory, cognito-local), **per-user rate limiter off** (\`rateLimits: 'off'\`, the load would otherwise be throttled by design), ` +
      `run in a child process so the load generator does not share the stack's event loop. The same mix is measured twice in this run, each time on a fresh stack in a process of its own (bench/api-load-modes.ts): ` +
      "with each service area in a worker thread of its own (the default, infra/local/area-workers.ts: the adapter, JWT verification and rate limits stay on the main thread and hand each request to its area's thread, as API Gateway hands it to the area's Lambda) and with `--single-process` (every handler on one event loop, as before). " +
      `One weighted run per level, ${LOAD_SECONDS} s each after a short warm-up: every connection repeats the same 10-request sequence ` +
      '(dashboard load = 4 requests, portfolio list of a 10-holding PRO user, own recommendations, check-feature, add-asset by one of 5 PRO writers with a symbol of its own and the removal of that holding, admin dashboard). ' +
      'Cost records are written off the request path, in BatchWriteItem batches of 25 every 200 ms (functions/src/platform/cost-record-batcher.ts). ' +
      "Per-route latency comes from per-request timings: the request's `onResponse` names the route of the response being completed and the client's `response` event (registered in `setupClient`) carries its duration.",
    '',
    ...renderLoadModes(modes, report.consumption ?? []),
  );
  out.push('### API calls per page load (Chromium, mobile viewport)', '');
  if (report.pages) {
    out.push(pageRequestsTable(report.pages), '');
    const dashboards = report.pages.filter((page) => page.page === '/dashboard');
    // The signed-in shell restores the session on every page load (docs/product.md "Screens", session: the
    // stored user is fetched again) and counts the alerts for its sidebar badge; the dashboard's own data is
    // what the budget is about.
    const SHELL_CALLS = ['GET /api/auth/me ', 'GET /api/alerts/count '];
    const ownCalls = (page: PageLoadFigures) =>
      page.calls.filter((call) => !SHELL_CALLS.some((shellCall) => call.startsWith(shellCall))).length;
    out.push(
      `Target dashboard <= 4 requests and waterfall depth <= 2: ${verdict(dashboards.every((page) => ownCalls(page) <= 4 && page.waterfall_depth <= 2))} ` +
        `(the dashboard's own calls: ${dashboards.map((page) => `${page.visitor} ${ownCalls(page)}`).join(', ')}; the signed-in shell's own calls on every page load, the session restore \`GET /api/auth/me\` that docs/product.md "Screens" asks for and the sidebar's alert count \`GET /api/alerts/count\`, are counted in the table but not against the dashboard). ` +
        '(Depth n+1 = a call that started after a call of depth n had answered.)',
      '',
    );
  } else {
    out.push(`Not measured: ${report.pagesError ?? 'no result'}`, '');
  }
  return out;
}
