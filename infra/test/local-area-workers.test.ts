import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { event } from '@app/functions/testing/http-event.test-support';
import { startAreaWorkers, type AreaWorkers } from '../local/area-workers';
import { lambdaContext } from '../local/lambda-context';

/*
 * The local stack's area threads (infra/local/area-workers.ts), on the public area: its root route
 * reads no table, so no database is needed. The stack's integration suites (tests/) run every area
 * this way against the real local stack.
 */

let workers: AreaWorkers;
const QUIET = ['LOG_LEVEL', 'POWERTOOLS_METRICS_DISABLED', 'DATA_MODE'] as const;
const saved = Object.fromEntries(QUIET.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  // Set before the thread starts: the thread gets a copy of this environment. 'live' is not the
  // default ('replay', functions/src/config.ts), so the answer shows which environment the handler read.
  process.env.DATA_MODE = 'live';
  process.env.LOG_LEVEL = 'WARN';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  workers = await startAreaWorkers(['public'], () => undefined);
});

afterAll(async () => {
  await workers?.stop();
  for (const name of QUIET) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('area worker threads', () => {
  it('answers a request in a thread of its own, with the environment the stack set before it started', async () => {
    const result = await workers.handlers.public(event('GET /api/'), lambdaContext('public', 'req-thread-1'));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '{}')).toMatchObject({ data_mode: 'live' });
    const [areaThread] = workers.threadIds();
    expect(areaThread).toBeGreaterThan(0);
    expect(areaThread).not.toBe(threadId);
  });

  it('answers overlapping requests each with its own reply', async () => {
    const replies = await Promise.all(
      ['GET /api/', 'GET /api/nowhere', 'GET /api/'].map((routeKey, index) =>
        workers.handlers.public(event(routeKey), lambdaContext('public', `req-overlap-${index}`)),
      ),
    );
    // The second has no route in the public area's handler: refused, while both roots answer.
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 404, 200]);
  });

  it("reports each area thread's own V8 heap by area (the memory bench's per-thread table)", async () => {
    const heaps = await workers.heapStatistics();
    expect(Object.keys(heaps)).toEqual(['public']);
    const heap = heaps.public as { used: number; total: number };
    expect(heap.used).toBeGreaterThan(0);
    expect(heap.used).toBeLessThanOrEqual(heap.total);
  });

  it('ends its threads on stop: a request after it is refused instead of hanging', async () => {
    await workers.stop();
    await expect(
      workers.handlers.public(event('GET /api/'), lambdaContext('public', 'req-after-stop')),
    ).rejects.toThrow(/not running/);
  });
});
