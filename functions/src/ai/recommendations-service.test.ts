import { describe, expect, it } from 'vitest';
import { rendererFor } from '../platform/messages';
import type { Tier } from '@app/shared/domain/enums';
import { createInMemoryMarketStore, type InMemoryMarketStore } from '../data/in-memory-market-store';
import { runPricePoll } from '../jobs/price-poll';
import { createPriceSource } from '../market-data/price-source';
import { createMarketEngine } from '../market-data/market-engine';
import type { AuthContext } from '../platform/auth-context';
import type { AiDeps } from './ai-deps';
import { resolveListOwner } from './list-access';
import { getAiHealth } from './health-service';
import { getRecommendations } from './recommendations-service';

const now = () => new Date('2024-01-01T00:00:30Z');

async function buildDeps(tiers: Record<string, Tier>): Promise<AiDeps & { store: InMemoryMarketStore }> {
  const engine = createMarketEngine(
    createPriceSource(
      {
        DATA_MODE: 'replay',
        REPLAY_EPOCH: '2024-01-01T00:00:00Z',
        REPLAY_MS_PER_DAY: 60_000,
        REPLAY_FROM: '2017-01-01',
        REPLAY_TO: '2017-06-30',
        REPLAY_DATA_FILE: undefined,
        AWS_REGION: 'us-east-1',
        TABLE_MARKET: 'unused-in-replay',
      },
      { now },
    ),
  );
  const market = createInMemoryMarketStore();
  await runPricePoll({ engine, ...market, now, alertTtlHours: 72 });
  return {
    engine,
    ...market,
    store: market,
    users: { get: async (userId) => (tiers[userId] ? { subscription_tier: tiers[userId] } : null) },
    holdings: { listPositions: async () => [] },
    now,
    demoUserId: 'demo-investor',
    pollIntervalSeconds: 60,
    backtest: async () => null,
  };
}

const user = (userId: string): AuthContext => ({
  kind: 'user',
  userId,
  username: userId,
  email: null,
  groups: [],
  isAdmin: false,
  clientId: null,
});

describe('resolveListOwner', () => {
  it('demo_user is public; another id needs that user signed in', () => {
    expect(resolveListOwner('demo_user', { kind: 'anonymous' }, 'demo-investor')).toEqual({
      userId: 'demo-investor',
      isDemo: true,
    });
    expect(() => resolveListOwner('u1', { kind: 'anonymous' }, null)).toThrow('AUTH_LIST_SIGN_IN_REQUIRED');
    expect(() => resolveListOwner('u1', user('u2'), null)).toThrow('AUTH_LIST_NOT_YOURS');
    expect(resolveListOwner('u1', user('u1'), null)).toEqual({ userId: 'u1', isDemo: false });
  });
});

describe('getRecommendations', () => {
  it('never shows a recommendation an administrator rejected, and marks approved ones reviewed', async () => {
    const deps = await buildDeps({ premium: 'PREMIUM' });
    const before = await getRecommendations('premium', 10, user('premium'), 'en', deps);
    const [top, second] = before.recommendations;
    const decided = new Map([
      [top?.id ?? '', 'REJECTED'],
      [second?.id ?? '', 'APPROVED'],
    ]);
    const recommendationQueue = {
      ...deps.recommendationQueue,
      getRecommendationStatuses: async (ids: readonly string[]) =>
        new Map(ids.flatMap((id) => (decided.has(id) ? [[id, decided.get(id)]] : []))),
    };
    const after = await getRecommendations('premium', 10, user('premium'), 'en', {
      ...deps,
      recommendationQueue,
    } as AiDeps);
    expect(after.recommendations.map((item) => item.symbol)).not.toContain(top?.symbol);
    expect(after.total_available).toBe(before.total_available - 1);
    expect(after.recommendations.find((item) => item.symbol === second?.symbol)?.reviewed).toBe(true);
  });

  it('ranks the graded universe at the market date and trims per tier (FREE 3, PREMIUM up to 10)', async () => {
    const deps = await buildDeps({ free: 'FREE', premium: 'PREMIUM', 'demo-investor': 'PREMIUM' });
    const free = await getRecommendations('free', 10, user('free'), 'en', deps);
    const premium = await getRecommendations('premium', 10, user('premium'), 'en', deps);
    // On 2017-01-01 three series are graded: the S&P 500, Apple and bitcoin. The FX pairs are
    // quoted, not advice; FB and AAPL-2007 have no data on that date.
    expect(free.market_date).toBe('2017-01-01');
    expect(premium.recommendations.map((item) => item.symbol).sort()).toEqual(['AAPL', 'BTC-USD', '^GSPC']);
    expect(free.total_available).toBe(3);
    expect(free.tier_cap).toBe(3);
    expect(free.recommendations).toHaveLength(3);
    expect(premium.tier_cap).toBe(10);
    expect(premium.recommendations.every((item) => item.market_date === '2017-01-01')).toBe(true);
    const scores = premium.recommendations.map((item) => item.rationality_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Items keep the id the price poll queued them under, so an admin decision can show.
    const queued = deps.store.recommendationQueue.getLastRecommendation(
      premium.recommendations[0]?.symbol ?? '',
    );
    expect(premium.recommendations[0]?.id).toBe((await queued)?.recommendation_id);
    const demo = await getRecommendations('demo_user', 2, { kind: 'anonymous' }, 'en', deps);
    expect(demo.recommendations).toHaveLength(2);
  });

  it('reports healthy after a poll', async () => {
    const deps = await buildDeps({});
    const health = await getAiHealth(rendererFor('en'), deps);
    expect(health.checks.filter((check) => check.status !== 'pass')).toEqual([]);
    expect(health.status).toBe('healthy');
    // The nine series with data on 2017-01-01: the S&P 500, Apple, bitcoin and six FX pairs.
    expect(health.symbols_tracked).toBe(9);
    expect(health.market_date).toBe('2017-01-01');
  });
});
