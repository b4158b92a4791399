/**
 * The local stand-in for the EventBridge rules of the scheduled jobs: runs the price poll once when
 * the stack starts (awaited, so the API answers with stored quotes from the first request) and then
 * every LOCAL_PRICE_POLL_SECONDS (default 60 s: the replay clock moves one bar per minute; 0 turns
 * the timer off). A run never overlaps the previous one; a failed run is logged and the timer goes on.
 */
export interface LocalScheduler {
  /** Result of the first run (null when it failed). */
  firstRun: unknown;
  stop: () => Promise<void>;
}

export const DEFAULT_LOCAL_PRICE_POLL_SECONDS = 60;

export async function startLocalScheduler(
  intervalSeconds = Number(process.env.LOCAL_PRICE_POLL_SECONDS ?? DEFAULT_LOCAL_PRICE_POLL_SECONDS),
): Promise<LocalScheduler> {
  // Imported after the stack has set the functions' environment (the job reads its config on load).
  const { handler } = await import('@app/functions/jobs/price-poll');
  let running: Promise<unknown> | null = null;
  const runOnce = (): Promise<unknown> => {
    running ??= handler()
      .catch((error: unknown) => {
        console.error('local scheduler: price poll failed', error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const firstRun = await runOnce();
  const content = (await import('@app/functions/jobs/content-generation')).scheduleDailyContentGeneration();
  const timer =
    intervalSeconds > 0
      ? setInterval(() => {
          if (!running) void runOnce();
        }, intervalSeconds * 1000)
      : null;
  // The timer alone must not keep a process alive (tests end when their stack stops).
  timer?.unref();
  return {
    firstRun,
    stop: async () => {
      if (timer) clearInterval(timer);
      await Promise.all([running, content.stop()]);
    },
  };
}
