/**
 * The local stand-in for the EventBridge rules of the scheduled jobs: runs the price poll once when
 * the stack starts (awaited, so the API answers with stored quotes from the first request) and then
 * every LOCAL_PRICE_POLL_SECONDS (default 60 s: the replay clock moves one bar per minute; 0 turns
 * the timer off); the billing renewal job every LOCAL_BILLING_RENEWAL_SECONDS (default 60 s; 0 off),
 * as the cloud runs it every 15 minutes. A run never overlaps the previous one of the same job; a
 * failed run is logged and the timer goes on.
 */
export interface LocalScheduler {
  /** Result of the first run (null when it failed). */
  firstRun: unknown;
  stop: () => Promise<void>;
}

export const DEFAULT_LOCAL_PRICE_POLL_SECONDS = 60;
export const DEFAULT_LOCAL_BILLING_RENEWAL_SECONDS = 60;

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
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export async function startLocalScheduler(
  intervalSeconds = Number(process.env.LOCAL_PRICE_POLL_SECONDS ?? DEFAULT_LOCAL_PRICE_POLL_SECONDS),
  billingRenewalSeconds = Number(
    process.env.LOCAL_BILLING_RENEWAL_SECONDS ?? DEFAULT_LOCAL_BILLING_RENEWAL_SECONDS,
  ),
): Promise<LocalScheduler> {
  // Imported after the stack has set the functions' environment (the job reads its config on load).
  const { handler } = await import('@app/functions/jobs/price-poll');
  const pricePoll = repeat('price poll', intervalSeconds, () => handler());
  const firstRun = await pricePoll.runOnce();
  const content = (await import('@app/functions/jobs/content-generation')).scheduleDailyContentGeneration();
  const billing = await import('@app/functions/jobs/billing-renewal');
  const renewals = repeat('billing renewal', billingRenewalSeconds, () => billing.handler());
  return {
    firstRun,
    stop: async () => {
      await Promise.all([pricePoll.stop(), renewals.stop(), content.stop()]);
    },
  };
}
