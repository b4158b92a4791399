import { describe, expect, it } from 'vitest';
import { createInMemoryMarketStore } from '../data/in-memory-market-store';
import { createPriceSource } from '../market-data/price-source';
import { createMarketEngine } from '../market-data/market-engine';
import { runPricePoll } from './price-poll';
import { selectBarsToStore } from './price-poll-steps';

const REPLAY_CONFIG = {
  DATA_MODE: 'replay' as const,
  REPLAY_EPOCH: '2024-01-01T00:00:00Z',
  REPLAY_MS_PER_BAR: 60_000,
  REPLAY_DATA_FILE: undefined,
  WATCHED_SYMBOLS: [] as string[],
  LIVE_QUOTE_BASE_URL: 'https://example.invalid/chart',
};

function setUp(startIso: string) {
  let now = new Date(startIso);
  const clock = { now: () => now, set: (iso: string) => (now = new Date(iso)) };
  const engine = createMarketEngine(createPriceSource(REPLAY_CONFIG, { now: clock.now }));
  const market = createInMemoryMarketStore();
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

describe('runPricePoll on the replay universe', () => {
  it('stores a quote, a year of bars, feed health and one queued recommendation per symbol', async () => {
    const { deps, market } = setUp('2024-01-01T00:00:00Z');
    const run = await runPricePoll(deps);
    const state = market.snapshot();
    expect(run.status).toBe('succeeded');
    expect(Object.keys(state.quotes).sort()).toEqual(['AAPL', 'AAPL-2007', 'BTC-USD', 'FB', '^GSPC']);
    // At the epoch every series sits on its first replayed bar: index min(252, n / 2).
    expect(state.quotes.AAPL?.as_of).toBe('2014-05-13');
    // FB has 452 bars, so it warms up on half of them: bar 226.
    expect(state.quotes.FB?.as_of).toBe('2013-04-16');
    expect(state.health.FB).toMatchObject({ data_quality: 'good', bars_through: '2013-04-16' });
    expect(state.bars['^GSPC']?.length).toBeGreaterThan(250);
    expect(state.health.AAPL).toMatchObject({
      data_quality: 'good',
      bars_through: '2014-05-13',
      consecutive_errors: 0,
    });
    expect(state.queue.map((item) => item.symbol).sort()).toEqual([
      'AAPL',
      'AAPL-2007',
      'BTC-USD',
      'FB',
      '^GSPC',
    ]);
    for (const item of state.queue) {
      expect(item.status).toBe('PENDING');
      expect(item.risk_level).toBeGreaterThanOrEqual(0);
      expect(item.risk_level).toBeLessThanOrEqual(10);
      expect(item.ai_score).toBeLessThanOrEqual(10);
      expect(item.reasoning).toMatchObject({ code: 'RECOMMENDATION_REASONING' });
    }
  });

  it('is idempotent: a second run over the same source state changes nothing but the run record', async () => {
    const { deps, market } = setUp('2024-01-01T00:00:00Z');
    await runPricePoll(deps);
    const first = market.snapshot();
    const second = await runPricePoll(deps);
    const { jobRuns: _first, ...before } = first;
    const { jobRuns: _second, ...after } = market.snapshot();
    expect(after).toEqual(before);
    expect(second).toMatchObject({
      quotes_changed: 0,
      bars_written: 0,
      recommendations_enqueued: 0,
      alerts_written: 0,
    });
  });

  it('writes only the new bar when the clock moves one bar, and queues again only on a changed action', async () => {
    const { deps, market, clock } = setUp('2024-01-01T00:00:00Z');
    await runPricePoll(deps);
    const queued = market.snapshot().queue.length;
    clock.set('2024-01-01T00:01:00Z');
    const run = await runPricePoll(deps);
    expect(run.bars_written).toBe(5);
    expect(market.snapshot().quotes.AAPL?.as_of).toBe('2014-05-14');
    const state = market.snapshot();
    const changed = Object.values(state.lastRecommendations).filter(
      (marker) => marker.as_of === '2014-05-14',
    );
    expect(state.queue.length).toBe(queued + run.recommendations_enqueued);
    for (const marker of changed)
      expect(state.queue.filter((item) => item.symbol === marker.symbol).length).toBe(2);
  });
});

describe('selectBarsToStore', () => {
  const bars = ['2020-01-02', '2020-01-03', '2020-01-06'].map((date) => ({ date, close: 1 }));
  it('backfills the window when nothing is stored', () => {
    expect(selectBarsToStore(bars, { from: null, through: null })).toEqual({
      bars,
      from: '2020-01-02',
      through: '2020-01-06',
    });
  });
  it('writes only bars after the stored range', () => {
    expect(selectBarsToStore(bars, { from: '2019-06-01', through: '2020-01-03' })).toEqual({
      bars: [bars[2]],
      from: '2019-06-01',
      through: '2020-01-06',
    });
  });
  it('writes nothing when a replay loop jumps back inside the stored range', () => {
    expect(selectBarsToStore(bars, { from: '2019-06-01', through: '2020-06-01' }).bars).toEqual([]);
  });
  it('restarts the range when the window does not touch it', () => {
    expect(selectBarsToStore(bars, { from: '2021-01-01', through: '2021-06-01' }).from).toBe('2020-01-02');
  });
});

describe('runPricePoll raises alerts for the holders of a symbol that moved', () => {
  it('writes an alert for a holder exactly when a rule fires, and never for a quiet day', async () => {
    const { deps, clock } = setUp('2024-01-01T00:00:00Z');
    const written: { userId: string; symbol: string; rule: string; title: string }[] = [];
    const userAlerts = {
      now: clock.now,
      getTier: async () => 'PRO' as const,
      alerts: {
        listHolders: async (symbol: string) => (symbol === 'BTC-USD' ? [{ userId: 'holder-1' }] : []),
        putCounted: async (
          userId: string,
          alert: { title: string },
          meta: { symbol: string; rule: string },
        ) => {
          written.push({ userId, symbol: meta.symbol, rule: meta.rule, title: alert.title });
          return 'written' as const;
        },
      },
    } as unknown as NonNullable<Parameters<typeof runPricePoll>[0]['userAlerts']>;
    const moves: number[] = [];
    // Bitcoin in 2016-2017 moved more than 3 % on many days: walk the replay a bar at a time.
    for (let bar = 0; bar < 40; bar += 1) {
      clock.set(
        new Date(Date.parse('2024-01-01T00:00:00Z') + bar * REPLAY_CONFIG.REPLAY_MS_PER_BAR).toISOString(),
      );
      const before = written.length;
      await runPricePoll({ ...deps, userAlerts });
      const quote = await deps.prices.getQuotes(['BTC-USD']);
      const change = quote.get('BTC-USD')?.change_percent ?? 0;
      if (Math.abs(change) >= 3) moves.push(change);
      const priceMoves = written.slice(before).filter((entry) => entry.rule === 'price_move');
      // A price-move alert only on a day that moved at least 3 % (the rule's floor).
      if (priceMoves.length > 0) expect(Math.abs(change)).toBeGreaterThanOrEqual(3);
    }
    expect(moves.length).toBeGreaterThan(0);
    expect(written.filter((entry) => entry.rule === 'price_move').length).toBeGreaterThan(0);
    expect(new Set(written.map((entry) => entry.userId))).toEqual(new Set(['holder-1']));
    expect(new Set(written.map((entry) => entry.symbol))).toEqual(new Set(['BTC-USD']));
  });
});
