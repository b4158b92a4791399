import { parentPort } from 'node:worker_threads';
import type { FromMarketDaysWorker, ToMarketDaysWorker } from './market-days-thread';

/*
 * The replay's graded market days, kept ready in a thread of their own (market-days-thread.ts): the
 * price poll's own code (jobs/price-poll-market-day.ts) with the price poll's deps, built from the
 * environment the stack set (a copy of the parent's, taken when the thread started). One run at a
 * time: the parent's timer never overlaps two.
 */

const port = parentPort;
if (!port) throw new Error('market-days-worker.ts runs as a worker thread (market-days-thread.ts)');
const { createPricePollDeps } = await import('@app/functions/jobs/price-poll');
const { storeMarketDays } = await import('@app/functions/jobs/price-poll-market-day');
const deps = createPricePollDeps();

const post = (message: FromMarketDaysWorker) => port.postMessage(message);

port.on('message', ({ id, ahead }: ToMarketDaysWorker) => {
  const { engine, marketDay, now } = deps;
  if (!marketDay) {
    post({ id, error: null });
    return;
  }
  storeMarketDays({ engine, marketDay, now }, engine.source.clock.at(now()), null, ahead).then(
    () => post({ id, error: null }),
    (error: unknown) =>
      post({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
post({ id: 0, error: null });
