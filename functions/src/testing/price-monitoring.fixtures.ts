import { message } from '@app/shared/messages/message';
import type { FeedHealth } from '../data/feed-health-repository';
import type { JobRunRecord } from '../data/job-runs-repository';
import type { MarketPlatformDeps } from '../admin/market-platform-status';
import { rendererFor } from '../platform/messages';

/* Fixtures of the price monitor's tests (price-monitoring-service.test.ts, price-monitoring-platform.test.ts). */

export const english = rendererFor('en');

export const NOW = new Date('2026-11-22T10:00:00.000Z');
export const POLL_SECONDS = 300;

/** Feed health as the price poll recorded it on the local stack (replayed S&P 500 and Bitcoin). */
export const RECORDED_HEALTH: FeedHealth[] = [
  {
    symbol: '^GSPC',
    name: 'S&P 500',
    data_quality: 'good',
    quality_reasons: [],
    last_updated: '2026-11-22T09:58:00.000Z',
    last_error: null,
    consecutive_errors: 0,
    as_of: '2008-10-10',
    current_price: 899.22,
    high_5d: 1044.31,
    low_5d: 839.8,
    volatility_5d: 3.9121,
    bars_from: '2000-01-03',
    bars_through: '2008-10-10',
    source: 'replay:vega-datasets/data/sp500-2000.csv',
  },
  {
    symbol: 'BTC-USD',
    name: 'Bitcoin',
    data_quality: 'warning',
    quality_reasons: [message('FEED_GAP', { days: 2, from: '2017-01-01', to: '2017-01-03' })],
    last_updated: '2026-11-22T09:10:00.000Z',
    last_error: null,
    consecutive_errors: 0,
    as_of: '2017-01-03',
    current_price: 1020.3,
    high_5d: 1025.8,
    low_5d: 952.1,
    volatility_5d: 1.4,
    bars_from: '2016-07-04',
    bars_through: '2017-01-03',
    source: 'replay:@visx/mock-data/lib/mocks/bitcoinPrice.js',
  },
];

export function lastRun(overrides: Partial<JobRunRecord> = {}): JobRunRecord {
  return {
    job: 'price-poll',
    started_at: '2026-11-22T09:58:00.000Z',
    finished_at: '2026-11-22T09:58:02.000Z',
    status: 'succeeded',
    data_mode: 'replay',
    symbols_total: 2,
    symbols_ok: 2,
    symbols_failed: 0,
    quotes_changed: 2,
    bars_written: 2,
    recommendations_enqueued: 0,
    alerts_written: 0,
    duration_ms: 2000,
    errors: [],
    ...overrides,
  };
}

export function deps(
  healths: FeedHealth[],
  run: JobRunRecord | null,
  platform: Partial<MarketPlatformDeps> = {},
) {
  return {
    feedHealth: { listFeedHealth: async () => healths },
    jobRuns: { getLastJobRun: async () => run },
    now: () => NOW,
    pollIntervalSeconds: POLL_SECONDS,
    platform: {
      series: { listSeries: async () => [] },
      providerState: { listCounts: async () => [], getBreaker: async () => null },
      providers: [],
      breakerOpenSeconds: 120,
      dataMode: 'replay' as const,
      now: () => NOW,
      ...platform,
    },
  };
}
