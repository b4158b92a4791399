import { describe, expect, it } from 'vitest';
import { analyzeSymbol } from '../engine/analytics/analyze-symbol';
import { createInMemoryMarketStore } from '../testing/in-memory-market-store';
import type { DailyScore } from '../engine/score-history';
import type { Bar, SymbolInfo } from '../engine/types';
import type { MarketEngine } from '../market-data/market-engine';
import { UnknownSymbolError } from '../market-data/provider-errors';
import { ANONYMOUS, type AuthContext } from '../platform/auth-context';
import { recordScoreHistory } from '../jobs/price-poll-score-history';
import type { SymbolPoll } from '../jobs/price-poll-context';
import { getScoreHistory, type ScoreHistoryDeps } from './score-history-service';

/*
 * The score history route answers what the price poll stored, never a computation of the past at
 * request time: a hand-made stored day comes back as stored, and after the bars behind past days are
 * changed (a provider's correction) the next poll adds its own day and leaves the stored past as it was.
 */

const DAY = 86_400_000;
const dateOf = (index: number) =>
  new Date(Date.parse('2016-01-01T00:00:00Z') + index * DAY).toISOString().slice(0, 10);
const info: SymbolInfo = {
  symbol: 'HAND',
  name: 'Hand-built',
  asset_type: 'crypto',
  frequency: 'daily',
  first_date: dateOf(0),
  last_date: dateOf(199),
  ticker: 'HAND',
} as SymbolInfo;

function risingBars(count: number): Bar[] {
  return Array.from({ length: count }, (_, index) => ({
    date: dateOf(index),
    close: 100 * 1.004 ** index * (index % 2 === 0 ? 1.003 : 0.997),
  }));
}

/** A market of one hand-built series whose bars the test can replace, and a clock at `marketIndex`. */
function handMarket(initial: Bar[]) {
  let bars = initial;
  let marketIndex = 0;
  const engine = {
    dataMode: 'replay',
    describe: async (symbol: string) => {
      if (symbol !== 'HAND') throw new UnknownSymbolError(symbol, ['HAND']);
      return info;
    },
    source: {
      clock: { at: () => ({ date: dateOf(marketIndex) }) },
      provider: {
        getDailyBars: async (_symbol: string, from: string, to: string) =>
          bars.filter((bar) => bar.date >= from && bar.date <= to),
      },
      fundamentalsFor: async () => null,
    },
  } as unknown as MarketEngine;
  const store = createInMemoryMarketStore();
  return {
    engine,
    store,
    replaceBars: (next: Bar[]) => (bars = next),
    setClock: (index: number) => (marketIndex = index),
    /** One price poll's score step at the bar of `index`. */
    async pollAt(index: number) {
      marketIndex = index;
      const window = bars.slice(0, index + 1);
      const analysis = analyzeSymbol({
        symbol: 'HAND',
        bars: window,
        assetType: 'crypto',
        asOf: dateOf(index),
      });
      const poll = {
        info,
        deps: { engine, scoreHistory: store.scoreHistory },
        marketDate: { date: dateOf(index) },
        quote: { as_of: dateOf(index), stale: false },
        window,
        analysis,
      } as unknown as SymbolPoll;
      await recordScoreHistory(poll);
    },
  };
}

const deps = (market: ReturnType<typeof handMarket>): ScoreHistoryDeps => ({
  engine: market.engine,
  users: { get: async () => null },
  now: () => new Date(),
  scoreHistory: market.store.scoreHistory,
});

describe('score history: stored daily, answered as stored', () => {
  it('backfills the days of the window with enough history, then adds one day per poll', async () => {
    const market = handMarket(risingBars(200));
    await market.pollAt(120);
    const first = await market.store.scoreHistory.listDays('HAND', dateOf(0), dateOf(199));
    // Days 63..120 have the 64 bars of history the backtest asks for: 58 days.
    expect(first.map((day) => day.date)).toEqual(Array.from({ length: 58 }, (_, k) => dateOf(63 + k)));
    await market.pollAt(121);
    expect((await market.store.scoreHistory.listDays('HAND', dateOf(0), dateOf(199))).length).toBe(59);
  });

  it('keeps the stored past when the bars behind it change afterwards', async () => {
    const market = handMarket(risingBars(200));
    await market.pollAt(120);
    const stored = await market.store.scoreHistory.listDays('HAND', dateOf(0), dateOf(120));
    // A correction: every past close halved from day 90 on (momentum and drawdown would change).
    market.replaceBars(
      risingBars(200).map((bar, index) => (index >= 90 ? { ...bar, close: bar.close / 2 } : bar)),
    );
    await market.pollAt(121);

    const answer = await getScoreHistory(
      'HAND',
      { from: dateOf(0), to: dateOf(121) },
      ANONYMOUS,
      deps(market),
    );

    const past = answer.days.filter((day) => day.date <= dateOf(120));
    expect(past.map((day) => [day.date, day.grade, day.composite])).toEqual(
      stored.map((day) => [day.date, day.grade, day.composite]),
    );
    // The new day does read the corrected bars: recomputing day 120 on them would differ from what is stored.
    const recomputed = analyzeSymbol({
      symbol: 'HAND',
      bars: risingBars(121).map((bar, index) => (index >= 90 ? { ...bar, close: bar.close / 2 } : bar)),
      assetType: 'crypto',
      asOf: dateOf(120),
    }).nugget_scores.composite_rationality_score;
    expect(recomputed).not.toBe((stored.at(-1) as DailyScore).composite);
    expect(answer.days.at(-1)?.date).toBe(dateOf(121));
  });

  it('answers a stored day exactly, with what changed and the distance to the grades around it', async () => {
    const market = handMarket(risingBars(200));
    const day = (
      date: string,
      composite: number,
      momentum: number,
      grade: DailyScore['grade'],
    ): DailyScore => ({
      symbol: 'HAND',
      date,
      grade,
      composite,
      price: 1,
      data_completeness: 0.4,
      factors: [
        {
          name: 'momentum',
          score: momentum,
          status: 'ok',
          effective_weight: 0.5,
          higher_is_better: true,
          inputs: [{ name: 'momentum_3m', value: momentum / 2, unit: 'percent', score: momentum, weight: 1 }],
        },
      ],
    });
    // Values no engine run would give for these bars: the route must return them as stored.
    await market.store.scoreHistory.putNewDays('HAND', [
      day(dateOf(100), 40.3, 50, 'C'),
      day(dateOf(110), 12.3, 10, 'D'),
    ]);
    const premium: AuthContext = {
      kind: 'user',
      userId: 'u1',
      username: 'u1',
      email: null,
      groups: [],
      isAdmin: false,
      clientId: null,
    };
    const answer = await getScoreHistory('HAND', { from: dateOf(95) }, premium, {
      ...deps(market),
      users: { get: async () => ({ subscription_tier: 'PREMIUM' }) },
    });
    // The market clock is at day 0: nothing after it is answered, the stored days included.
    expect(answer.to).toBe(dateOf(0));
    expect(answer.days).toEqual([]);
    market.setClock(130);
    const later = await getScoreHistory('HAND', { from: dateOf(95), to: dateOf(115) }, premium, {
      ...deps(market),
      users: { get: async () => ({ subscription_tier: 'PREMIUM' }) },
    });
    expect(later.days.map((stored) => [stored.date, stored.grade, stored.composite])).toEqual([
      [dateOf(100), 'C', 40.3],
      [dateOf(110), 'D', 12.3],
    ]);
    // 40.3 -> 12.3 = -28; momentum 50 -> 10 at weight 0.5 = -20 composite points; its input -40 points.
    expect(later.change).toMatchObject({ grade_from: 'C', grade_to: 'D', composite_delta: -28 });
    expect(later.change?.factors[0]).toMatchObject({ name: 'momentum', delta: -40, composite_points: -20 });
    expect(later.change?.factors[0]?.inputs).toEqual([
      { name: 'momentum_3m', unit: 'percent', from: 25, to: 5, factor_points: -40 },
    ]);
    // From 12.3: C starts at 35, 22.7 points up; momentum needs 22.7 / 0.5 = 45.4 more.
    expect(later.distance).toEqual({
      up: { grade: 'C', edge: 35, points: 22.7 },
      down: null,
      closest: { name: 'momentum', direction: 'up', factor_points: 45.4 },
    });
  });

  it('leaves out the inputs behind a move for a FREE caller, and refuses an unknown symbol', async () => {
    const market = handMarket(risingBars(200));
    await market.pollAt(120);
    const free: AuthContext = {
      kind: 'user',
      userId: 'f',
      username: 'f',
      email: null,
      groups: [],
      isAdmin: false,
      clientId: null,
    };
    const answer = await getScoreHistory('HAND', {}, free, {
      ...deps(market),
      users: { get: async () => ({ subscription_tier: 'FREE' }) },
    });
    expect(answer.detail_level).toBe('basic');
    expect(answer.days.length).toBe(58);
    for (const factor of answer.change?.factors ?? []) expect(factor).not.toHaveProperty('inputs');
    await expect(getScoreHistory('NOPE', {}, free, deps(market))).rejects.toMatchObject({ status: 404 });
  });
});
