import { describe, expect, it } from 'vitest';
import type { FeedHealth } from '../data/feed-health-repository';
import type { SymbolInfo } from '../engine/types';
import type { MarketDate } from '../engine/market-dates';
import { monitoringStatusOf } from '../admin/price-monitoring-service';
import { recordNoDataOnDate } from './price-poll-steps';
import type { PricePollDeps } from './price-poll-context';

/*
 * Issue 45: the admin monitor read "Degraded" forever because of series that, on the market date, have
 * no data by construction (one that starts later, one that ended years before), while /api/ai/health
 * said healthy. A series expected to have no data is not a warning, and its reason names no date after
 * the market date; a gap inside a running series still is one.
 */
const DATE: MarketDate = {
  date: '2017-01-01',
  cycle: 0,
  cycleId: '2024-01-01T00:00:00.000Z',
  step: 0,
  startedAtMs: 0,
  nextAtMs: 60_000,
};

function series(symbol: string, first: string, last: string): SymbolInfo {
  return {
    symbol,
    ticker: symbol,
    name: symbol,
    asset_type: 'stock',
    frequency: 'daily',
    has_ohlc: true,
    has_volume: true,
    first_date: first,
    last_date: last,
    source: { kind: 'replay', id: symbol } as unknown as SymbolInfo['source'],
  };
}

async function healthOf(info: SymbolInfo): Promise<FeedHealth> {
  const stored: FeedHealth[] = [];
  const deps = {
    feedHealth: { putHealth: async (health: FeedHealth) => void stored.push(health) },
  } as unknown as PricePollDeps;
  await recordNoDataOnDate(info, deps, DATE, null);
  const [health] = stored;
  if (!health) throw new Error('no health stored');
  return health;
}

const LAST_RUN = {
  job: 'price-poll',
  status: 'succeeded',
  finished_at: '2026-11-28T09:00:00.000Z',
} as unknown as Parameters<typeof monitoringStatusOf>[0];

describe('a series with no data on the market date', () => {
  it('is expected, not a warning, when it starts later; its reason hides when', async () => {
    const health = await healthOf(series('DXC', '2017-04-04', '2017-11-10'));
    expect(health.data_quality).toBe('good');
    expect(health.quality_reasons).toEqual([{ code: 'FEED_NO_DATA_YET', params: { date: '2017-01-01' } }]);
    expect(monitoringStatusOf(LAST_RUN, [health], new Date('2026-11-28T09:00:30Z'), 60)).toBe('active');
  });

  it('is expected when it ended before, and says when (a past date)', async () => {
    const health = await healthOf(series('AAPL-2007', '2007-04-24', '2012-05-01'));
    expect(health.data_quality).toBe('good');
    expect(health.quality_reasons).toEqual([
      { code: 'FEED_NO_DATA_SINCE', params: { date: '2017-01-01', last: '2012-05-01' } },
    ]);
  });

  it('is a warning when the date falls in a gap of a running series', async () => {
    const health = await healthOf(series('FB', '2012-05-18', '2017-11-10'));
    expect(health.data_quality).toBe('warning');
    expect(health.quality_reasons).toEqual([
      { code: 'FEED_NO_DATA_ON_DATE', params: { date: '2017-01-01' } },
    ]);
    expect(monitoringStatusOf(LAST_RUN, [health], new Date('2026-11-28T09:00:30Z'), 60)).toBe('degraded');
  });
});
