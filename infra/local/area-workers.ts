import { Worker } from 'node:worker_threads';
import type { ServiceArea } from '@app/shared/api';
import type { HttpEvent, HttpResult } from '@app/functions/platform/http-event';
import type { AreaHandler } from './api-gateway-adapter';

/*
 * Each service area in its own worker thread, as Lambda runs each area as its own function: the
 * adapter (HTTP, routing, the JWT authorizer, rate limits) stays on the main thread and hands each
 * request to its area's thread, so the areas share the machine's cores instead of one event loop.
 * Threads rather than processes: one process to stop, the environment copied by Node, the handlers'
 * logs on the parent's stdout, and a message costs a structured clone instead of a pipe's JSON
 * (measured in bench/results.md, section 2, against `--single-process`).
 *
 * A thread that dies (an uncaught error) fails the requests it held with an error (a 500, as a
 * crashed Lambda gives) and is started again for the next ones.
 */

export type ToAreaWorker =
  { type: 'invoke'; id: number; requestId: string; event: HttpEvent } | { type: 'flush'; id: number };

export type FromAreaWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: HttpResult }
  | { type: 'error'; id: number; message: string }
  | { type: 'flushed'; id: number };

export interface AreaWorkers {
  handlers: Record<ServiceArea, AreaHandler>;
  /** Writes every thread's buffered cost records now (the bench before it reads them). */
  flushCostRecords(): Promise<void>;
  /** The threads' ids, for the figures (one per area). */
  threadIds(): number[];
  /** Each area thread's V8 heap (used and total bytes), for the memory figures (bench section 6). */
  heapStatistics(): Promise<Record<string, { used: number; total: number }>>;
  /** Flushes the cost records, then ends every thread. */
  stop(): Promise<void>;
}

const BOOT_SCRIPT = new URL('./area-worker-boot.mjs', import.meta.url);

interface Pending {
  resolve: (message: FromAreaWorker) => void;
  reject: (error: Error) => void;
}

function startAreaWorker(area: ServiceArea, log: (message: string) => void) {
  let worker: Worker;
  let nextId = 0;
  let stopping = false;
  let alive = false;
  const pending = new Map<number, Pending>();

  const spawn = () =>
    new Promise<void>((resolveReady, rejectReady) => {
      let ready = false;
      worker = new Worker(BOOT_SCRIPT, { workerData: { area }, name: `area-${area}` });
      alive = true;
      worker.on('message', (message: FromAreaWorker) => {
        if (message.type === 'ready') {
          ready = true;
          resolveReady();
          return;
        }
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        waiting?.resolve(message);
      });
      worker.on('error', (error) => {
        log(`local stack: the ${area} area's worker failed: ${error.stack ?? error.message}`);
        if (!ready) rejectReady(error);
      });
      worker.on('exit', (code) => {
        alive = false;
        for (const waiting of pending.values())
          waiting.reject(new Error(`the ${area} area's worker exited (code ${code})`));
        pending.clear();
        if (!ready) rejectReady(new Error(`the ${area} area's worker exited (code ${code}) before ready`));
        else if (!stopping) {
          log(`local stack: the ${area} area's worker exited (code ${code}); starting it again`);
          spawn().catch((error: unknown) =>
            log(`local stack: the ${area} area's worker did not restart: ${String(error)}`),
          );
        }
      });
    });

  const call = (message: ToAreaWorker) =>
    new Promise<FromAreaWorker>((resolve, reject) => {
      if (!alive) {
        reject(new Error(`the ${area} area's worker is not running`));
        return;
      }
      pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    });

  const handler: AreaHandler = async (event, context) => {
    const reply = await call({ type: 'invoke', id: (nextId += 1), requestId: context.awsRequestId, event });
    if (reply.type === 'result') return reply.result;
    throw new Error(
      `the ${area} area's handler failed: ${reply.type === 'error' ? reply.message : reply.type}`,
    );
  };

  return {
    ready: spawn(),
    handler,
    threadId: () => worker.threadId,
    heap: async () => {
      const statistics = await worker.getHeapStatistics();
      return { used: statistics.used_heap_size, total: statistics.total_heap_size };
    },
    flush: async () => {
      await call({ type: 'flush', id: (nextId += 1) });
    },
    stop: async () => {
      stopping = true;
      await call({ type: 'flush', id: (nextId += 1) }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

export async function startAreaWorkers(
  areas: readonly ServiceArea[],
  log: (message: string) => void,
): Promise<AreaWorkers> {
  const workers = areas.map((area) => startAreaWorker(area, log));
  const stop = async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  };
  try {
    await Promise.all(workers.map((worker) => worker.ready));
  } catch (error: unknown) {
    await stop();
    throw error;
  }
  return {
    handlers: Object.fromEntries(areas.map((area, index) => [area, workers[index]?.handler])) as Record<
      ServiceArea,
      AreaHandler
    >,
    flushCostRecords: async () => {
      await Promise.all(workers.map((worker) => worker.flush()));
    },
    threadIds: () => workers.map((worker) => worker.threadId()),
    heapStatistics: async () =>
      Object.fromEntries(
        await Promise.all(areas.map(async (area, index) => [area, await workers[index]?.heap()] as const)),
      ) as Record<string, { used: number; total: number }>,
    stop,
  };
}
