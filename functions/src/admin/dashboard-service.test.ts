import { describe, expect, it } from 'vitest';
import { rendererFor } from '../platform/messages';
import type { FeedHealth } from '../data/feed-health-repository';
import type { JobRunRecord } from '../data/job-runs-repository';
import type { StoredQuote } from '../data/stored-prices';
import { ServiceUnavailableError } from '../platform/errors';
import { aiServiceStatusOf, buildDashboard, databaseStatusOf, priceFeedStatusOf } from './dashboard-service';

const NOW = new Date('2026-11-22T10:00:00.000Z');

const health = (
  symbol: string,
  quality: FeedHealth['data_quality'],
  lastUpdated = '2026-11-22T09:58:00.000Z',
) => ({ symbol, data_quality: quality, last_updated: lastUpdated, last_error: null }) as FeedHealth;

const run = (finishedAt: string, status: JobRunRecord['status'] = 'succeeded') =>
  ({ job: 'price-poll', finished_at: finishedAt, status }) as JobRunRecord;

describe('platform health', () => {
  it('rates the database probe by its latency', () => {
    expect(databaseStatusOf(12)).toBe('online');
    expect(databaseStatusOf(900)).toBe('warning');
  });

  it('rates the price feed by the age of its last run against the poll interval', () => {
    expect(priceFeedStatusOf(null, NOW, 300)).toBe('offline');
    expect(priceFeedStatusOf(run('2026-11-22T09:58:00.000Z'), NOW, 300)).toBe('online');
    expect(priceFeedStatusOf(run('2026-11-22T09:48:00.000Z'), NOW, 300)).toBe('warning');
    expect(priceFeedStatusOf(run('2026-11-22T09:58:00.000Z', 'partial'), NOW, 300)).toBe('warning');
    expect(priceFeedStatusOf(run('2026-11-22T09:40:00.000Z'), NOW, 300)).toBe('offline');
  });

  it('rates the engine by the data it can grade', () => {
    expect(aiServiceStatusOf([], NOW, 300)).toBe('offline');
    expect(aiServiceStatusOf([health('A', 'poor')], NOW, 300)).toBe('offline');
    expect(aiServiceStatusOf([health('A', 'good'), health('B', 'poor')], NOW, 300)).toBe('warning');
    expect(aiServiceStatusOf([health('A', 'good')], NOW, 300)).toBe('online');
    expect(aiServiceStatusOf([health('A', 'good', '2026-11-22T08:00:00.000Z')], NOW, 300)).toBe('warning');
  });
});

describe('buildDashboard', () => {
  const quote = {
    symbol: 'AAPL',
    price: 190.1,
    change: 1.2,
    change_percent: 0.635,
    volume: 5000,
  } as StoredQuote;

  const reviewStats = {
    getReviewStats: async () => ({
      recommendations: {
        generated: 12,
        pending: 5,
        approved: 4,
        rejected: 3,
        quality_sum: 23,
        quality_count: 3,
      },
      content: { generated: 9, pending: 6, approved: 2, needs_revision: 1, rejected: 0 },
    }),
  };
  const perSymbol = {
    feedHealth: { listFeedHealth: async () => [health('AAPL', 'good'), health('MSFT', 'good')] },
    prices: { getQuotes: async () => new Map([['AAPL', quote]]) },
    jobRuns: { getLastJobRun: async () => run('2026-11-22T09:58:00.000Z') },
  };
  const unread = async (): Promise<never> => {
    throw new Error('read per symbol although the feed summary has it');
  };

  it('answers the counters, the health, the analyst fallbacks and the latest quote per symbol', async () => {
    const asked: [string, string][] = [];
    const response = await buildDashboard(
      {
        reviewStats,
        ...perSymbol,
        analystFallbacks: {
          listFallbackDays: async (from, to) => {
            asked.push([from, to]);
            return new Map([
              ['2026-11-16', { guard: 1, timeout: 1, model_error: 1 }],
              ['2026-11-20', { guard: 2, timeout: 0, model_error: 1 }],
              ['2026-11-22', { guard: 1, timeout: 3, model_error: 0 }],
            ]);
          },
        },
        now: () => NOW,
        pollIntervalSeconds: 300,
        elapsedMs: (() => {
          let tick = 0;
          return () => (tick += 20);
        })(),
      },
      rendererFor('en'),
    );
    expect(response).toEqual({
      ai_statistics: {
        total_recommendations_generated: 12,
        pending_review: 5,
        average_quality_score: 7.7,
        content_moderation: { posts_approved: 2, posts_pending: 6 },
      },
      platform_health: {
        ai_service_status: 'online',
        price_feed_status: 'online',
        database_status: 'online',
      },
      // Today 2026-11-22: 1 + 3; the 7 days 16-22 Nov: every stored day (the repository reads the range).
      analyst_fallbacks: {
        today: { total: 4, guard: 1, timeout: 3, model_error: 0 },
        last_7_days: { total: 10, guard: 4, timeout: 4, model_error: 2 },
      },
      market_data: {
        AAPL: { current_price: 190.1, change: 1.2, change_percent: 0.635, volume: 5000, error: null },
        MSFT: {
          current_price: null,
          change: null,
          change_percent: null,
          volume: null,
          error: 'No quote stored yet.',
        },
      },
      last_updated: '2026-11-22T10:00:00.000Z',
    });
    expect(asked).toEqual([['2026-11-16', '2026-11-22']]);
  });

  it('answers the same health and quotes from the feed summary, reading nothing per symbol', async () => {
    const deps = {
      reviewStats,
      analystFallbacks: { listFallbackDays: async () => new Map() },
      now: () => NOW,
      pollIntervalSeconds: 300,
      elapsedMs: () => 0,
    };
    const expected = await buildDashboard({ ...deps, ...perSymbol }, rendererFor('en'));
    const fromSummary = await buildDashboard(
      {
        ...deps,
        feedSummary: {
          getSummary: async () => ({
            written_at: '2026-11-22T09:58:00.000Z',
            job_run: run('2026-11-22T09:58:00.000Z'),
            health: [health('AAPL', 'good'), health('MSFT', 'good')],
            symbols: ['AAPL', 'MSFT'],
            quotes: [quote],
          }),
        },
        feedHealth: { listFeedHealth: unread },
        prices: { getQuotes: unread },
        jobRuns: { getLastJobRun: unread },
      },
      rendererFor('en'),
    );
    expect(fromSummary).toEqual(expected);
    expect(fromSummary.market_data.MSFT?.error).toBe('No quote stored yet.');
    expect(fromSummary.platform_health.price_feed_status).toBe('online');
  });

  it('reads the quotes per symbol when they are written between runs (live)', async () => {
    const asked: string[][] = [];
    const response = await buildDashboard(
      {
        reviewStats,
        analystFallbacks: { listFallbackDays: async () => new Map() },
        now: () => NOW,
        pollIntervalSeconds: 300,
        quotesWrittenBetweenRuns: true,
        feedSummary: {
          getSummary: async () => ({
            written_at: '2026-11-22T09:58:00.000Z',
            job_run: run('2026-11-22T09:58:00.000Z'),
            health: [health('AAPL', 'good')],
            symbols: ['AAPL'],
            quotes: [{ ...quote, price: 150 }],
          }),
        },
        feedHealth: { listFeedHealth: unread },
        prices: {
          getQuotes: async (symbols: readonly string[]) => {
            asked.push([...symbols]);
            return new Map([['AAPL', quote]]);
          },
        },
        jobRuns: { getLastJobRun: unread },
      },
      rendererFor('en'),
    );
    expect(asked).toEqual([['AAPL']]);
    expect(response.market_data.AAPL?.current_price).toBe(190.1);
  });

  it('answers 503 when the database does not answer', async () => {
    await expect(
      buildDashboard(
        {
          reviewStats: {
            getReviewStats: async () => {
              throw new Error('connect ECONNREFUSED');
            },
          },
          feedHealth: { listFeedHealth: async () => [] },
          prices: { getQuotes: async () => new Map() },
          jobRuns: { getLastJobRun: async () => null },
          analystFallbacks: { listFallbackDays: async () => new Map() },
          now: () => NOW,
          pollIntervalSeconds: 300,
        },
        rendererFor('en'),
      ),
    ).rejects.toThrow(ServiceUnavailableError);
  });
});
