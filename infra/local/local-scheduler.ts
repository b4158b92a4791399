import { startMarketDaysThread } from './market-days-thread';
import type { QueueConsumer } from './queue-consumer';

/**
 * The local stand-in for the EventBridge rules of the scheduled jobs. One cycle is what the cloud's
 * schedules do in turn: the ingestion planner sends the due messages, the worker (fed by the local
 * queue consumer) stores what the providers answer, then the price poll reads the store. The first
 * cycle runs when the stack starts (awaited, so the API answers with stored prices from the first
 * request), then one every LOCAL_PRICE_POLL_SECONDS (default 60 s: the replay clock moves one bar per
 * minute; 0 turns the timer off). The billing renewal job runs every LOCAL_BILLING_RENEWAL_SECONDS
 * (default 60 s; 0 off), as the cloud runs it every 15 minutes. The alert digest runs daily at
 * DIGEST_HOUR_UTC. A run never overlaps the previous one
 * of the same job; a failed one is logged and the timer goes on.
 */
export interface LocalScheduler {
  /** Result of the first price poll (null when it failed or was not awaited). */
  firstRun: unknown;
  /** Runs one cycle now (tests), or joins the one running. */
  runCycle: () => Promise<unknown>;
  /** Sends the daily alert digests now (tests), as the daily timer does at DIGEST_HOUR_UTC. */
  runDigest: () => Promise<unknown>;
  stop: () => Promise<void>;
}

export const DEFAULT_LOCAL_PRICE_POLL_SECONDS = 60;
export const DEFAULT_LOCAL_BILLING_RENEWAL_SECONDS = 60;
/**
 * Dates after the clock's the local stack keeps graded: the clock moves one a minute, and under load a
 * grading can take longer than that on two cores, so the dates the lists read are ready two steps ahead.
 */
export const MARKET_DAYS_AHEAD = 2;
/** How long a cycle waits for the worker to take every due message before polling what is stored. */
export const DRAIN_TIMEOUT_MS = 120_000;

/** A job on a timer: one run at a time, failures logged, the timer never keeping the process alive. */
function repeat(name: string, seconds: number, run: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const runOnce = (): Promise<unknown> => {
    running ??= run()
      .catch((error: unknown) => {
        console.error(`local scheduler: ${name} failed`, error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer =
    seconds > 0
      ? setInterval(() => {
          if (!running) void runOnce();
        }, seconds * 1000)
      : null;
  // The timer alone must not keep a process alive (tests end when their stack stops).
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** The alert digest at DIGEST_HOUR_UTC each day, as the cloud's EventBridge rule (never at start-up). */
function scheduleDailyDigest(job: {
  handler: () => Promise<unknown>;
  msUntilNextDigest: (now: Date) => number;
}) {
  const daily = repeat('alert digest', 0, () => job.handler());
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(() => {
      void daily.runOnce();
      arm();
    }, job.msUntilNextDigest(new Date()));
    timer.unref();
  };
  arm();
  return {
    runOnce: daily.runOnce,
    stop: async () => {
      clearTimeout(timer);
      await daily.stop();
    },
  };
}

export async function startLocalScheduler(options: {
  consumer: QueueConsumer;
  intervalSeconds?: number;
  billingRenewalSeconds?: number;
  /** Wait for the first price poll before answering (default); `npm start` does not. */
  awaitFirstPoll?: boolean;
  marketDaySeconds?: number;
}): Promise<LocalScheduler> {
  const intervalSeconds =
    options.intervalSeconds ??
    Number(process.env.LOCAL_PRICE_POLL_SECONDS ?? DEFAULT_LOCAL_PRICE_POLL_SECONDS);
  const billingRenewalSeconds =
    options.billingRenewalSeconds ??
    Number(process.env.LOCAL_BILLING_RENEWAL_SECONDS ?? DEFAULT_LOCAL_BILLING_RENEWAL_SECONDS);
  // Imported after the stack has set the functions' environment (the jobs read their config on load).
  const { handler: pollPrices } = await import('@app/functions/jobs/price-poll');
  const { handler: planIngestion } = await import('@app/functions/jobs/ingestion-planner');
  const cycle = repeat('price cycle', intervalSeconds, async () => {
    try {
      await planIngestion();
      // Messages handed back (a provider down) come back later; the poll reads what is stored now.
      if (!(await options.consumer.settle(DRAIN_TIMEOUT_MS))) {
        console.error('local scheduler: the ingestion queues did not settle in time; polling what is stored');
      }
    } catch (error: unknown) {
      console.error('local scheduler: ingestion failed', error);
    }
    return pollPrices();
  });
  // Replay: the graded market of the clock's date and the next one is stored before the API answers
  // (price-poll-market-day.ts); from then on a thread of its own keeps the clock's date and the
  // MARKET_DAYS_AHEAD dates after it graded, every few seconds, off the thread that answers requests.
  const { gradeMarketDaysNow } = await import('@app/functions/jobs/price-poll');
  await repeat('market days', 0, gradeMarketDaysNow).runOnce();
  const marketDaysThread = startMarketDaysThread();
  const marketDays = repeat('market days', options.marketDaySeconds ?? 10, () =>
    marketDaysThread.run(MARKET_DAYS_AHEAD),
  );
  // Started now, so the dates ahead are graded while the first poll runs rather than under the first requests.
  void marketDays.runOnce();
  // The first poll over the whole replayed universe takes minutes on two cores: `npm start` answers
  // before it ends (the lists read the graded day); the test stack waits for it.
  const first = cycle.runOnce();
  const firstRun = options.awaitFirstPoll === false ? null : await first;
  const content = (await import('@app/functions/jobs/content-generation')).scheduleDailyContentGeneration();
  const billing = await import('@app/functions/jobs/billing-renewal');
  const renewals = repeat('billing renewal', billingRenewalSeconds, () => billing.handler());
  const digest = scheduleDailyDigest(await import('@app/functions/jobs/alert-digest'));
  return {
    firstRun,
    runCycle: cycle.runOnce,
    runDigest: digest.runOnce,
    stop: async () => {
      await Promise.all([
        cycle.stop(),
        marketDays.stop().then(() => marketDaysThread.stop()),
        renewals.stop(),
        content.stop(),
        digest.stop(),
      ]);
    },
  };
}
