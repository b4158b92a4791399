import { Worker } from 'node:worker_threads';

/*
 * The replay's graded market days (jobs/price-poll-market-day.ts) off the thread that answers
 * requests: grading a date reads a year of bars and grades each of the ~570 replayed symbols, about
 * 9 CPU-seconds on two cores (bench/results.md section 2, "The market-day grading off the request
 * path"), and on the main thread those seconds queued every request behind them once a minute, since
 * the adapter routes every request there (and in `--single-process` runs every handler there). In the
 * cloud the price poll grades in a Lambda of its own; here a worker thread is the nearest thing.
 *
 * A thread that dies fails the run it held (the scheduler logs it) and is started again for the next.
 */

export interface ToMarketDaysWorker {
  id: number;
  /** How many dates after the clock's to keep graded (storeMarketDays' `ahead`). */
  ahead: number;
}

/** The reply to a run (`error` null when it succeeded); id 0 says the thread is ready. */
export interface FromMarketDaysWorker {
  id: number;
  error: string | null;
}

export interface MarketDaysThread {
  /** Keeps the clock's date and the `ahead` dates after it graded; resolves when stored. */
  run(ahead: number): Promise<void>;
  stop(): Promise<void>;
}

const BOOT_SCRIPT = new URL('./market-days-worker-boot.mjs', import.meta.url);

export function startMarketDaysThread(): MarketDaysThread {
  let worker: Worker | null = null;
  let ready: Promise<void> = Promise.resolve();
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  const spawn = () => {
    const started = new Worker(BOOT_SCRIPT, { name: 'market-days' });
    worker = started;
    ready = new Promise<void>((resolve, reject) => {
      started.on('message', ({ id, error }: FromMarketDaysWorker) => {
        if (id === 0) {
          resolve();
          return;
        }
        const waiting = pending.get(id);
        pending.delete(id);
        if (error === null) waiting?.resolve();
        else waiting?.reject(new Error(`market days: ${error}`));
      });
      started.on('error', (error) => {
        // After ready this promise is settled: the error would otherwise be lost behind "exited (code 1)".
        console.error(`local stack: the market days' worker failed: ${error.stack ?? error.message}`);
        reject(error);
      });
      started.on('exit', (code) => {
        if (worker === started) worker = null;
        reject(new Error(`the market days' worker exited (code ${code}) before ready`));
        for (const waiting of pending.values())
          waiting.reject(new Error(`the market days' worker exited (code ${code})`));
        pending.clear();
      });
    });
  };

  return {
    async run(ahead) {
      if (!worker) spawn();
      await ready;
      const running = worker;
      if (!running) throw new Error("the market days' worker is not running");
      const id = (nextId += 1);
      await new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, ahead } satisfies ToMarketDaysWorker);
      });
    },
    async stop() {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}
