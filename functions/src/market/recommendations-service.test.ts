import { describe, expect, it, vi } from 'vitest';
import { rendererFor } from '../platform/messages';
import {
  buildRecommendationDeps as buildDeps,
  FIXTURE_NOW as now,
  signedIn as user,
  withoutWriteBack,
} from '../testing/recommendations-fixture';
import type { MarketDeps } from './market-deps';
import { resolveListOwner } from './list-access';
import { getAiHealth } from './health-service';
import { getRecommendationDetail, getRecommendations } from './recommendations-service';
import { QuotaExceededError } from '../platform/errors';

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

// Each case stores the replay in memory and runs a poll over it (seconds on a loaded two-core machine).
describe('getRecommendations', { timeout: 30_000 }, () => {
  it('never shows a recommendation an administrator rejected, and marks approved ones reviewed', async () => {
    const deps = await buildDeps({ premium: 'PREMIUM' });
    const before = await getRecommendations('premium', 10, user('premium'), 'en', withoutWriteBack(deps));
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
    } as MarketDeps);
    expect(after.recommendations.map((item) => item.symbol)).not.toContain(top?.symbol);
    expect(after.total_available).toBe(before.total_available - 1);
    expect(after.recommendations.find((item) => item.symbol === second?.symbol)?.reviewed).toBe(true);
  });

  it("reads a decision from the marker that carries it, and only an older marker's item", async () => {
    const deps = await buildDeps({ premium: 'PREMIUM' });
    const before = await getRecommendations('premium', 10, user('premium'), 'en', withoutWriteBack(deps));
    const [top, second, third] = before.recommendations;
    // The markers as the decision's transaction leaves them: the top one rejected, the second approved;
    // the third written before markers carried a status (its item says APPROVED).
    const carried = new Map([
      [top?.symbol ?? '', 'REJECTED'],
      [second?.symbol ?? '', 'APPROVED'],
    ] as const);
    const looked: string[][] = [];
    const recommendationQueue = {
      ...deps.recommendationQueue,
      getLastRecommendations: async (symbols: readonly string[]) => {
        const markers = await deps.recommendationQueue.getLastRecommendations(symbols);
        for (const [symbol, marker] of markers) {
          const status = carried.get(symbol) ?? (symbol === third?.symbol ? undefined : 'PENDING');
          if (status) markers.set(symbol, { ...marker, review_status: status });
        }
        return markers;
      },
      getRecommendationStatuses: async (ids: readonly string[]) => {
        looked.push([...ids]);
        return new Map(ids.map((id) => [id, 'APPROVED' as const]));
      },
    };
    const after = await getRecommendations('premium', 10, user('premium'), 'en', {
      ...deps,
      recommendationQueue,
    } as MarketDeps);
    expect(after.recommendations.map((item) => item.symbol)).not.toContain(top?.symbol);
    expect(after.total_available).toBe(before.total_available - 1);
    const reviewed = after.recommendations.filter((item) => item.reviewed).map((item) => item.symbol);
    expect(reviewed.sort()).toEqual([second?.symbol, third?.symbol].sort());
    // One lookup, of the one id whose marker carries no status.
    expect(looked).toEqual([[third?.id]]);
  });

  it('writes the statuses it looked up back onto the markers, so the next list looks nothing up', async () => {
    const deps = await buildDeps({ premium: 'PREMIUM' });
    const ranking = await getRecommendations('premium', 10, user('premium'), 'en', withoutWriteBack(deps));
    const [top, second] = ranking.recommendations;
    // The poll's markers here carry no status, as those written before markers did; their items say:
    // the top one rejected, the second approved, the others pending.
    const decided = new Map([
      [top?.id ?? '', 'REJECTED'],
      [second?.id ?? '', 'APPROVED'],
    ] as const);
    const looked: string[][] = [];
    const lookingUp = {
      ...deps,
      recommendationQueue: {
        ...deps.recommendationQueue,
        getRecommendationStatuses: async (ids: readonly string[]) => {
          looked.push([...ids]);
          return new Map(ids.map((id) => [id, decided.get(id) ?? ('PENDING' as const)]));
        },
      },
    } as MarketDeps;

    const first = await getRecommendations('premium', 10, user('premium'), 'en', lookingUp);
    expect(looked).toHaveLength(1);
    const markerOf = (symbol: string) => deps.store.snapshot().lastRecommendations[symbol];
    await vi.waitFor(() => expect(markerOf(top?.symbol ?? '')?.review_status).toBe('REJECTED'));
    const next = await getRecommendations('premium', 10, user('premium'), 'en', lookingUp);

    // No second lookup, and the same answer from the statuses the markers carry now.
    expect(looked).toHaveLength(1);
    expect(next).toEqual(first);
    expect(first.recommendations.map((item) => item.symbol)).not.toContain(top?.symbol);
    expect(first.recommendations.find((item) => item.symbol === second?.symbol)?.reviewed).toBe(true);
    const written = Object.values(deps.store.snapshot().lastRecommendations)
      .filter((marker) => looked[0]?.includes(marker.recommendation_id))
      .map((marker) => [marker.recommendation_id, marker.review_status] as const);
    expect(new Map(written)).toEqual(new Map(looked[0]?.map((id) => [id, decided.get(id) ?? 'PENDING'])));
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

  it('lists each card without its detail, whatever the plan', async () => {
    const deps = await buildDeps({ pro: 'PRO' });

    const list = await getRecommendations('pro', 10, user('pro'), 'en', deps);

    for (const item of list.recommendations) {
      expect(item.detail_level).toBe('summary');
      expect(item).not.toHaveProperty('reasoning');
      expect(item).not.toHaveProperty('volume_analysis');
      expect(item).not.toHaveProperty('risk_metrics');
      expect(item.nugget_scores.factors?.every((factor) => !('inputs' in factor))).toBe(true);
    }
  });

  it('serves the demo list under the demo plan (Premium), whatever the seeded investor holds', async () => {
    const deps = await buildDeps({ 'demo-investor': 'FREE' });

    const demo = await getRecommendations('demo_user', 10, { kind: 'anonymous' }, 'en', deps);

    expect(demo.tier_cap).toBe(10);
  });
});

describe('getRecommendationDetail', { timeout: 30_000 }, () => {
  it('gives FREE the basic detail and PREMIUM the full one', async () => {
    const deps = await buildDeps({ free: 'FREE', premium: 'PREMIUM' });
    const symbol =
      (await getRecommendations('free', 10, user('free'), 'en', deps)).recommendations[0]?.symbol ?? '';

    const free = await getRecommendationDetail('free', symbol, user('free'), 'en', deps);
    const premium = await getRecommendationDetail('premium', symbol, user('premium'), 'en', deps);

    expect(free.recommendation.detail_level).toBe('basic');
    expect(free.recommendation).not.toHaveProperty('reasoning');
    expect(free.recommendation).not.toHaveProperty('risk_metrics');
    expect(free.recommendation.nugget_scores.factors?.[0]).not.toHaveProperty('inputs');
    expect(free.recommendation.nugget_scores.factors?.[0]?.score).not.toBeUndefined();
    expect(premium.recommendation.detail_level).toBe('full');
    expect(premium.recommendation.reasoning?.length).toBeGreaterThan(20);
    expect(premium.recommendation.volume_analysis).toBeDefined();
    expect(premium.recommendation.nugget_scores.factors?.[0]?.inputs).toBeDefined();
  });

  it('counts one unit per symbol a day: a repeat is free', async () => {
    const deps = await buildDeps({ free: 'FREE' });
    const symbols = (await getRecommendations('free', 10, user('free'), 'en', deps)).recommendations.map(
      (item) => item.symbol,
    );

    const first = await getRecommendationDetail('free', symbols[0] ?? '', user('free'), 'en', deps);
    const again = await getRecommendationDetail('free', symbols[0] ?? '', user('free'), 'en', deps);
    await getRecommendationDetail('free', symbols[1] ?? '', user('free'), 'en', deps);
    const third = await getRecommendationDetail('free', symbols[2] ?? '', user('free'), 'en', deps);

    expect(first.detail_quota).toEqual({ counted: true, used: 1, limit: 3, remaining: 2 });
    expect(again.detail_quota).toEqual({ counted: false, used: 1, limit: 3, remaining: 2 });
    expect(third.detail_quota).toEqual({ counted: true, used: 3, limit: 3, remaining: 0 });
  });

  it("refuses a symbol outside the caller's list (404) and charges nothing for it", async () => {
    const deps = await buildDeps({ free: 'FREE' });
    const listed = (await getRecommendations('free', 10, user('free'), 'en', deps)).recommendations;
    // MSFT is watched but has no bar near the replay date, so it is in no list that day.
    expect(listed.map((item) => item.symbol)).not.toContain('MSFT');

    await expect(getRecommendationDetail('free', 'MSFT', user('free'), 'en', deps)).rejects.toMatchObject({
      status: 404,
      userMessage: { code: 'PLAN_RECOMMENDATION_NOT_SHOWN', params: { symbol: 'MSFT' } },
    });
    const next = await getRecommendationDetail('free', listed[0]?.symbol ?? '', user('free'), 'en', deps);
    expect(next.detail_quota?.used).toBe(1);
  });

  it('never charges the demo, which gets the full detail', async () => {
    const deps = await buildDeps({});
    const symbol = (await getRecommendations('demo_user', 10, { kind: 'anonymous' }, 'en', deps))
      .recommendations[0]?.symbol;

    const demo = await getRecommendationDetail('demo_user', symbol ?? '', { kind: 'anonymous' }, 'en', deps);

    expect(demo.detail_quota).toBeNull();
    expect(demo.recommendation.detail_level).toBe('full');
  });

  it('answers a used-up quota with the 403 naming Premium', async () => {
    const deps = await buildDeps({ free: 'FREE' });
    const symbols = (await getRecommendations('free', 10, user('free'), 'en', deps)).recommendations.map(
      (item) => item.symbol,
    );
    const day = now().toISOString().slice(0, 10);
    for (const other of ['X1', 'X2', 'X3'])
      await deps.detailViews.countDetailView('free', other, day, 3, now());

    const refused = getRecommendationDetail('free', symbols[0] ?? '', user('free'), 'en', deps);

    await expect(refused).rejects.toBeInstanceOf(QuotaExceededError);
    await expect(refused).rejects.toMatchObject({ requiredTier: 'PREMIUM', userTier: 'FREE' });
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
