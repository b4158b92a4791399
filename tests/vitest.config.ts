import { defineConfig } from 'vitest/config';
import { TEST_REPLAY_SYMBOLS } from './src/replay-symbols';

/**
 * Frozen market time for the whole run: the market clock normally moves one replayed date a minute,
 * which would let prices, grades and the review queue change between two reads of one test. The
 * clock still runs (same code path as `npm start`), with its epoch just behind the start of the run
 * and one replayed date per real day, so every suite reads the market at one date of the replay
 * window (2017-01-01, a Sunday: stocks show Friday 2016-12-30's bar), run after run. How the
 * clock moves is pinned by functions/src/engine/market-dates.test.ts.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** The replay window starts on 2016-09-05 (functions/src/config.ts); the suites read 2017-01-01, 118 dates later. */
const FROZEN_STEP = (Date.parse('2017-01-01') - Date.parse('2016-09-05')) / DAY_MS;
const FROZEN_REPLAY_CLOCK = {
  REPLAY_EPOCH: new Date(Date.now() - 60_000 - FROZEN_STEP * DAY_MS).toISOString(),
  REPLAY_MS_PER_DAY: String(DAY_MS),
  // The suites' symbols only (market-data/README.md "The replay provider"): the whole universe is
  // for `npm start`; the stack stores these in seconds.
  REPLAY_SYMBOLS: TEST_REPLAY_SYMBOLS.join(','),
  // Every day of each series' year of scores on the first poll (the suites read whole windows).
  SCORE_BACKFILL_DAYS_PER_RUN: '400',
};
/**
 * The test stack's processes keep what they read of a user's sessions for 1 s instead of the cloud's
 * 30 s (functions/src/config.ts SESSION_STATE_CACHE_SECONDS), so the suites that prove an ended session
 * is refused within that time (session-revocation, tokens) wait 1 s, not 30.
 */
const SHORT_SESSION_CACHE = { SESSION_STATE_CACHE_SECONDS: '1' };
const TEST_STACK_ENVIRONMENT = { ...FROZEN_REPLAY_CLOCK, ...SHORT_SESSION_CACHE };
// The stack runs in this process (global setup); the test workers get the same values below.
Object.assign(process.env, TEST_STACK_ENVIRONMENT);

/**
 * Integration and browser tests against one real local stack (DynamoDB Local, cognito-local, the API
 * behind the API Gateway-equivalent adapter, both built sites), started once for the whole run.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'integration/**/*.test.ts', 'security/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts', './security/summary-setup.ts'],
    env: TEST_STACK_ENVIRONMENT,
    // A browser on a loaded two-core CI machine can take seconds to settle; vitest's default is 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: the stack's JVM and node share them with the test workers.
    maxWorkers: 2,
  },
});
