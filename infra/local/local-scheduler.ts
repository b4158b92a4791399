import type { QueueConsumer } from './queue-consumer';

/**
 * The local stand-in for the EventBridge rules of the scheduled jobs. One cycle is what the cloud's
 * schedules do in turn: the ingestion planner sends the due messages, the worker (fed by the local
 * queue consumer) stores what the providers answer, then the price poll reads the store. The first
 * cycle runs when the stack starts (awaited, so the API answers with stored prices from the first
 * request), then one every LOCAL_PRICE_POLL_SECONDS (default 60 s: the replay clock moves one bar per
 * minute; 0 turns the timer off). A cycle never overlaps the previous one; a failed one is logged and
 * the timer goes on.
 */
export interface LocalScheduler {
  /** Result of the first price poll (null when it failed). */
  firstRun: unknown;
  /** Runs one cycle now (tests), or joins the one running. */
  runCycle: () => Promise<unknown>;
  stop: () => Promise<void>;
}

export const DEFAULT_LOCAL_PRICE_POLL_SECONDS = 60;
/** How long a cycle waits for the worker to take every due message before polling what is stored. */
export const DRAIN_TIMEOUT_MS = 120_000;

export async function startLocalScheduler(options: {
  consumer: QueueConsumer;
  intervalSeconds?: number;
}): Promise<LocalScheduler> {
  const intervalSeconds =
    options.intervalSeconds ??
    Number(process.env.LOCAL_PRICE_POLL_SECONDS ?? DEFAULT_LOCAL_PRICE_POLL_SECONDS);
  // Imported after the stack has set the functions' environment (the jobs read their config on load).
  const { handler: pollPrices } = await import('@app/functions/jobs/price-poll');
  const { handler: planIngestion } = await import('@app/functions/jobs/ingestion-planner');
  let running: Promise<unknown> | null = null;
  const runCycle = (): Promise<unknown> => {
    running ??= (async () => {
      try {
        await planIngestion();
        // Messages handed back (a provider down) come back later; the poll reads what is stored now.
        if (!(await options.consumer.settle(DRAIN_TIMEOUT_MS))) {
          console.error(
            'local scheduler: the ingestion queues did not settle in time; polling what is stored',
          );
        }
      } catch (error: unknown) {
        console.error('local scheduler: ingestion failed', error);
      }
      return pollPrices();
    })()
      .catch((error: unknown) => {
        console.error('local scheduler: price poll failed', error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const firstRun = await runCycle();
  const content = (await import('@app/functions/jobs/content-generation')).scheduleDailyContentGeneration();
  const timer =
    intervalSeconds > 0
      ? setInterval(() => {
          if (!running) void runCycle();
        }, intervalSeconds * 1000)
      : null;
  // The timer alone must not keep a process alive (tests end when their stack stops).
  timer?.unref();
  return {
    firstRun,
    runCycle,
    stop: async () => {
      if (timer) clearInterval(timer);
      await Promise.all([running, content.stop()]);
    },
  };
}
