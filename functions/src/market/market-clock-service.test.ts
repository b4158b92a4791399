import { describe, expect, it } from 'vitest';
import { createMarketEngine } from '../market-data/market-engine';
import { createPriceSource } from '../market-data/price-source';
import { createReplayTestSource } from '../testing/replay-store-fixture';
import { getMarketClock } from './market-clock-service';

const config = {
  REPLAY_EPOCH: '2026-01-01T00:00:00Z',
  REPLAY_MS_PER_DAY: 60_000,
  REPLAY_FROM: '2017-01-01',
  REPLAY_TO: '2017-06-30',
  REPLAY_DATA_FILE: undefined,
  AWS_REGION: 'us-east-1',
  TABLE_MARKET: 'unused-in-replay',
};

describe('GET /api/ai/market-clock', () => {
  it("names the replay's date, its place in the window and when the next date starts", async () => {
    // Bitcoin trades daily, so the window's dates are every calendar day: 72 minutes after the epoch
    // is 2017-01-01 + 72 days = 2017-03-14 (31 + 28 + 13), until minute 73.
    const now = new Date(Date.parse(config.REPLAY_EPOCH) + 72.5 * 60_000);
    const { source } = await createReplayTestSource(
      { ...config, DATA_MODE: 'replay', REPLAY_SYMBOLS: ['^GSPC', 'BTC-USD'] },
      { now: () => now },
    );
    const engine = createMarketEngine(source);
    expect(getMarketClock({ engine, now: () => now })).toEqual({
      data_mode: 'replay',
      market_date: '2017-03-14',
      replay: {
        cycle: 0,
        step: 72,
        steps: 181,
        window: { from: '2017-01-01', to: '2017-06-30' },
        ms_per_day: 60_000,
      },
      next_change_at: '2026-01-01T01:13:00.000Z',
    });
  });

  it('in live mode names the UTC day, which changes at midnight UTC', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    const engine = createMarketEngine(
      createPriceSource({ ...config, DATA_MODE: 'live' }, { now: () => now }),
    );
    expect(getMarketClock({ engine, now: () => now })).toEqual({
      data_mode: 'live',
      market_date: '2026-11-24',
      replay: null,
      next_change_at: '2026-11-25T00:00:00.000Z',
    });
  });
});
