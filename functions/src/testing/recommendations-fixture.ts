import type { Tier } from '@app/shared/domain/enums';
import type { MarketDeps } from '../market/market-deps';
import type { DetailViewsRepository } from '../data/detail-views-repository';
import { runPricePoll } from '../jobs/price-poll';
import { createMarketEngine } from '../market-data/market-engine';
import type { AuthContext } from '../platform/auth-context';
import { createInMemoryMarketStore, type InMemoryMarketStore } from './in-memory-market-store';
import { REPLAY_CONFIG } from './replay-poll-fixture';
import { createReplayTestSource } from './replay-store-fixture';

/*
 * The recommendations list's test deps: market/recommendations-service.test.ts and the list's marker
 * write-back on DynamoDB Local (tests/integration/recommendation-marker-status.test.ts).
 */

/** A one-module stand-in for the usage table: a set of (user, day, symbol) and a count per day. */
function inMemoryDetailViews(): DetailViewsRepository {
  const seen = new Set<string>();
  const used = new Map<string, number>();
  return {
    async countDetailView(userId, symbol, day, limit) {
      const dayKey = `${userId}|${day}`;
      const count = used.get(dayKey) ?? 0;
      if (seen.has(`${dayKey}|${symbol}`)) return { outcome: 'already_counted', used: count };
      if (limit !== -1 && count >= limit) return { outcome: 'quota_exceeded', used: count };
      seen.add(`${dayKey}|${symbol}`);
      used.set(dayKey, count + 1);
      return { outcome: 'counted', used: count + 1 };
    },
  };
}

/** The fixture's clock: the price poll's and the services' `now`. */
export const FIXTURE_NOW = () => new Date('2024-01-01T00:00:30Z');
const now = FIXTURE_NOW;

/**
 * The market area's deps over the price poll's replay fixture (the first half of 2017, the index, Bitcoin,
 * the FX pairs and Apple) polled once into an in-memory market store, with the users' tiers given.
 */
export async function buildRecommendationDeps(
  tiers: Record<string, Tier>,
): Promise<MarketDeps & { store: InMemoryMarketStore }> {
  const { source } = await createReplayTestSource(REPLAY_CONFIG, { now });
  const engine = createMarketEngine(source);
  const market = createInMemoryMarketStore();
  // The score history is not what these tests read: the poll skips its backfill.
  await runPricePoll({ engine, ...market, scoreHistory: undefined, now, alertTtlHours: 72 });
  return {
    engine,
    ...market,
    store: market,
    users: { get: async (userId) => (tiers[userId] ? { subscription_tier: tiers[userId] } : null) },
    detailViews: inMemoryDetailViews(),
    holdings: { listPositions: async () => [] },
    now,
    demoUserId: 'demo-investor',
    pollIntervalSeconds: 60,
    backtest: async () => null,
  };
}

/** The deps without the list's write-back of marker statuses: the markers stay as the poll left them. */
export const withoutWriteBack = (deps: MarketDeps): MarketDeps => ({
  ...deps,
  recommendationQueue: { ...deps.recommendationQueue, recordMarkerStatuses: async () => {} },
});

/** A signed-in investor (no groups). */
export const signedIn = (userId: string): AuthContext => ({
  kind: 'user',
  userId,
  username: userId,
  email: null,
  groups: [],
  isAdmin: false,
  clientId: null,
});
