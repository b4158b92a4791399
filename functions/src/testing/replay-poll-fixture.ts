import { createInMemoryMarketStore } from './in-memory-market-store';
import { createMarketEngine } from '../market-data/market-engine';
import { createReplayTestSource } from './replay-store-fixture';

/*
 * The price poll over the real replay data and an in-memory market table, with a clock the test
 * moves one replayed date at a time (for price-poll.test.ts and price-poll-wrap.test.ts). The replay
 * loader stores the index, Bitcoin, the FX pairs and Apple first, as the stack does; the window is
 * the fixture's own (the first half of 2017), so the tests' dates stay put when the product's moves.
 */

export const REPLAY_CONFIG = {
  DATA_MODE: 'replay' as const,
  REPLAY_EPOCH: '2024-01-01T00:00:00Z',
  REPLAY_MS_PER_DAY: 60_000,
  REPLAY_FROM: '2017-01-01',
  REPLAY_TO: '2017-06-30',
  REPLAY_DATA_FILE: undefined,
  REPLAY_SYMBOLS: [
    '^GSPC',
    'BTC-USD',
    'EURUSD=X',
    'GBPUSD=X',
    'AUDUSD=X',
    'USDJPY=X',
    'USDCHF=X',
    'USDCAD=X',
    'AAPL',
  ],
  AWS_REGION: 'us-east-1',
  TABLE_MARKET: 'unused-in-replay',
};

const EPOCH_MS = Date.parse(REPLAY_CONFIG.REPLAY_EPOCH);

/** Wall time at which the market clock is on the `step`-th date from the epoch (181 dates a cycle). */
export const atStep = (step: number) => new Date(EPOCH_MS + step * REPLAY_CONFIG.REPLAY_MS_PER_DAY);

export async function setUpReplayPoll(step = 0) {
  let now = atStep(step);
  const clock = { now: () => now, set: (time: Date) => (now = time) };
  const market = createInMemoryMarketStore();
  const { source } = await createReplayTestSource(REPLAY_CONFIG, { now: clock.now, store: market });
  const engine = createMarketEngine(source);
  let counter = 0;
  const deps = {
    engine,
    ...market,
    now: clock.now,
    newId: () => `ID${String((counter += 1)).padStart(24, '0')}`,
    alertTtlHours: 72,
  };
  return { deps, market, clock };
}
