import { describe, expect, it } from 'vitest';
import { runPricePoll } from './price-poll';
import { atStep, setUpReplayPoll as setUp } from '../testing/replay-poll-fixture';
import { selectBarsToStore } from './price-poll-steps';

const FX = ['AUDUSD=X', 'EURUSD=X', 'GBPUSD=X', 'USDCAD=X', 'USDCHF=X', 'USDJPY=X'];

/** A poll's first run backfills each symbol's score history (about a second on one idle core): room for a loaded machine. */
const POLL_TEST_TIMEOUT_MS = 30_000;

describe('runPricePoll on the replay universe', { timeout: POLL_TEST_TIMEOUT_MS }, () => {
  it('reads every symbol at one market date, stores what has data on it and says which has none', async () => {
    // The clock's first date, 2017-01-01, a Sunday.
    const { deps, market } = await setUp();
    const run = await runPricePoll(deps);
    const state = market.snapshot();
    expect(run).toMatchObject({ status: 'succeeded', market_date: '2017-01-01', symbols_failed: 0 });
    expect(Object.keys(state.quotes).sort()).toEqual(['AAPL', 'BTC-USD', ...FX, '^GSPC'].sort());
    expect(new Set(Object.values(state.quotes).map((quote) => quote.market_date))).toEqual(
      new Set(['2017-01-01']),
    );
    // Bitcoin traded on Sunday; the stock market and the FX fixings last on Friday 2016-12-30.
    expect(state.quotes['BTC-USD']?.as_of).toBe('2017-01-01');
    expect(state.quotes.AAPL?.as_of).toBe('2016-12-30');
    expect(state.quotes['EURUSD=X']?.as_of).toBe('2016-12-30');
    expect(state.bars['^GSPC']?.length).toBeGreaterThan(250);
    expect(state.health.AAPL).toMatchObject({
      data_quality: 'good',
      bars_through: '2016-12-30',
      consecutive_errors: 0,
    });
    // FX pairs are quoted, not advice: no recommendation is queued for them.
    expect(state.queue.map((item) => item.symbol).sort()).toEqual(['AAPL', 'BTC-USD', '^GSPC']);
    for (const item of state.queue) {
      expect(item).toMatchObject({ status: 'PENDING', market_date: '2017-01-01' });
      expect(item.risk_level).toBeGreaterThanOrEqual(0);
      expect(item.risk_level).toBeLessThanOrEqual(10);
      expect(item.ai_score).toBeLessThanOrEqual(10);
      expect(item.reasoning).toMatchObject({ code: 'RECOMMENDATION_REASONING' });
    }
  });

  it('is idempotent: a second run over the same source state changes nothing but the run record', async () => {
    const { deps, market } = await setUp();
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

  it('moves every quote to the new date and writes no bars: the replay loader stored them', async () => {
    const { deps, market, clock } = await setUp();
    await runPricePoll(deps);
    const storedBefore = market.snapshot().bars;
    // 2017-01-02, New Year's Day observed: only bitcoin has a new bar; every quote moves to the date.
    clock.set(atStep(1));
    const holiday = await runPricePoll(deps);
    expect(holiday).toMatchObject({ market_date: '2017-01-02', bars_written: 0, quotes_changed: 9 });
    expect(market.snapshot().quotes.AAPL).toMatchObject({ as_of: '2016-12-30', market_date: '2017-01-02' });
    expect(market.snapshot().quotes['BTC-USD']?.as_of).toBe('2017-01-02');
    // 2017-01-03: a trading day for all nine series.
    clock.set(atStep(2));
    const tuesday = await runPricePoll(deps);
    expect(tuesday.bars_written).toBe(0);
    expect(market.snapshot().quotes.AAPL?.as_of).toBe('2017-01-03');
    expect(market.snapshot().bars).toEqual(storedBefore);
  });

  it('keeps at most one recommendation pending per symbol: a newer one supersedes the older', async () => {
    const { deps, market, clock } = await setUp();
    for (let step = 0; step < 60; step += 1) {
      clock.set(atStep(step));
      await runPricePoll(deps);
    }
    const { queue, lastRecommendations } = market.snapshot();
    for (const symbol of ['AAPL', 'BTC-USD', '^GSPC']) {
      const items = queue.filter((item) => item.symbol === symbol);
      const pending = items.filter((item) => item.status === 'PENDING');
      expect(pending, symbol).toHaveLength(1);
      expect(pending[0]?.id).toBe(lastRecommendations[symbol]?.recommendation_id);
      // Every older item was superseded by the one queued right after it for the same symbol.
      items.slice(0, -1).forEach((item, index) => {
        expect(item).toMatchObject({ status: 'SUPERSEDED', superseded_by: items[index + 1]?.id });
      });
    }
    // Sixty dates moved some advice: the test would prove nothing if nothing had been superseded.
    expect(queue.filter((item) => item.status === 'SUPERSEDED').length).toBeGreaterThan(0);
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

describe(
  'runPricePoll raises alerts for the holders of a symbol that moved',
  { timeout: POLL_TEST_TIMEOUT_MS },
  () => {
    it('writes an alert for a holder exactly when a rule fires, and never for a quiet day', async () => {
      const { deps, clock } = await setUp();
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
      // Bitcoin in early 2017 moved more than 3 % on many days: walk the replay a date at a time.
      for (let step = 0; step < 40; step += 1) {
        clock.set(atStep(step));
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
  },
);
