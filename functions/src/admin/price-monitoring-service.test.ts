import { describe, expect, it } from 'vitest';
import type { FeedHealth } from '../data/feed-health-repository';
import type { JobRunRecord } from '../data/job-runs-repository';
import type { SeriesState } from '../data/series-repository';
import type { MarketPlatformDeps } from './market-platform-status';
import { buildPriceMonitoring, monitoringStatusOf } from './price-monitoring-service';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const POLL_SECONDS = 300;

/** Feed health as the price poll recorded it on the local stack (replayed S&P 500 and Bitcoin). */
const RECORDED_HEALTH: FeedHealth[] = [
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
    quality_reasons: ['2-day gap between 2017-01-01 and 2017-01-03'],
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

function lastRun(overrides: Partial<JobRunRecord> = {}): JobRunRecord {
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

function deps(healths: FeedHealth[], run: JobRunRecord | null, platform: Partial<MarketPlatformDeps> = {}) {
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

describe('buildPriceMonitoring', () => {
  it('reports the recorded figures per ticker, the sources and the alerts worth acting on', async () => {
    const response = await buildPriceMonitoring(deps(RECORDED_HEALTH, lastRun()));
    expect(response.price_data['^GSPC']).toEqual({
      current_price: 899.22,
      high_5d: 1044.31,
      low_5d: 839.8,
      volatility_5d: 3.9121,
      data_quality: 'good',
      last_updated: '2026-11-22T09:58:00.000Z',
      error: null,
      as_of: '2008-10-10',
      mode: 'replay',
      stale: false,
      status: null,
      provider: null,
      completeness: null,
      quality_flags: [],
    });
    expect(response.monitoring_status).toBe('degraded');
    expect(response.data_sources).toEqual([
      'replay:@visx/mock-data/lib/mocks/bitcoinPrice.js',
      'replay:vega-datasets/data/sp500-2000.csv',
    ]);
    expect(response.last_updated).toBe('2026-11-22T09:58:02.000Z');
    expect(response.alerts).toEqual([
      {
        ticker: 'BTC-USD',
        severity: 'medium',
        message: 'Price data needs attention: 2-day gap between 2017-01-01 and 2017-01-03.',
      },
      { ticker: 'BTC-USD', severity: 'medium', message: 'No new price for 50 min.' },
      { ticker: '^GSPC', severity: 'low', message: 'Five-day volatility 3.91 % (medium).' },
    ]);
  });

  it('says the poll is stopped when it has not run or is three intervals late', async () => {
    const never = await buildPriceMonitoring(deps([], null));
    expect(never.monitoring_status).toBe('stopped');
    expect(never.alerts[0]).toEqual({
      ticker: '*',
      severity: 'high',
      message: 'The price poll has not run yet.',
    });
    expect(
      monitoringStatusOf(lastRun({ finished_at: '2026-11-22T09:44:00.000Z' }), [], NOW, POLL_SECONDS),
    ).toBe('stopped');
    expect(monitoringStatusOf(lastRun(), [RECORDED_HEALTH[0]!], NOW, POLL_SECONDS)).toBe('active');
    expect(monitoringStatusOf(lastRun({ status: 'partial' }), [RECORDED_HEALTH[0]!], NOW, POLL_SECONDS)).toBe(
      'degraded',
    );
  });

  it('raises a high alert for poor data with the poll error', async () => {
    const poor: FeedHealth = {
      ...RECORDED_HEALTH[0]!,
      data_quality: 'poor',
      quality_reasons: [],
      last_error: 'timeout after 3000 ms',
      consecutive_errors: 3,
    };
    const response = await buildPriceMonitoring(deps([poor], lastRun()));
    expect(response.alerts[0]).toEqual({
      ticker: '^GSPC',
      severity: 'high',
      message: 'Price data is poor: timeout after 3000 ms.',
    });
    expect(response.price_data['^GSPC']?.error).toBe('timeout after 3000 ms');
  });
});

describe('the market data platform in the monitor', () => {
  const liveSeries = (overrides: Partial<SeriesState>): SeriesState => ({
    symbol: 'MSFT',
    name: 'Microsoft',
    provider: 'yahoo',
    provider_id: 'MSFT',
    asset_type: 'stock',
    asset_class: 'equity',
    calendar: 'nyse',
    mode: 'live',
    status: 'active',
    status_reason: null,
    first_date: '2024-11-18',
    last_date: '2026-11-16',
    history_from: '2024-11-18',
    as_of: '2026-11-16',
    completeness: 0.9841,
    bars_expected: 252,
    bars_present: 248,
    quality_flags: [{ code: 'INCOMPLETE', value: 0.9841 }],
    fetched_at: '2026-11-16T21:30:00.000Z',
    attempted_at: '2026-11-22T09:45:00.000Z',
    consecutive_failures: 0,
    last_error: null,
    split_dates: [],
    cik: null,
    fundamentals_fetched_at: null,
    currency: 'USD',
    exchange: 'NasdaqGS',
    requested_at: '2026-01-01T00:00:00.000Z',
    requested_by: 'watchlist',
    version: 7,
    ...overrides,
  });

  it('calls a replayed series replay, with the date of its price', async () => {
    const response = await buildPriceMonitoring(deps(RECORDED_HEALTH, lastRun()));
    expect(response.price_data['^GSPC']).toMatchObject({ mode: 'replay', as_of: '2008-10-10', stale: false });
    expect(response.data_mode).toBe('replay');
    expect(response.providers).toEqual([]);
  });

  it('never reports a live price that missed sessions as good, whatever the poll thought of its bars', async () => {
    // Sunday 2026-11-22: Monday 16 is the last bar; Tuesday 17 to Friday 20 ended without one (4 sessions).
    const health = {
      ...(RECORDED_HEALTH[0] as FeedHealth),
      symbol: 'MSFT',
      data_quality: 'good' as const,
      source: 'Yahoo',
    };
    const response = await buildPriceMonitoring(
      deps([health], lastRun(), { series: { listSeries: async () => [liveSeries({})] }, dataMode: 'live' }),
    );
    expect(response.price_data.MSFT).toMatchObject({
      as_of: '2026-11-16',
      mode: 'live',
      stale: true,
      data_quality: 'poor',
      completeness: 0.9841,
      provider: 'yahoo',
      quality_flags: [
        { code: 'STALE', date: '2026-11-16', value: 4 },
        { code: 'INCOMPLETE', value: 0.9841 },
      ],
    });
  });

  it('lists a tracked series with no price yet as pending, and one the provider does not list as poor', async () => {
    const response = await buildPriceMonitoring(
      deps([], lastRun(), {
        series: {
          listSeries: async () => [
            liveSeries({
              symbol: 'NEWCO',
              status: 'pending',
              as_of: null,
              quality_flags: [],
              completeness: null,
            }),
            liveSeries({
              symbol: 'GONE',
              status: 'unknown',
              as_of: null,
              quality_flags: [],
              completeness: null,
            }),
          ],
        },
        dataMode: 'live',
      }),
    );
    expect(response.price_data.NEWCO).toMatchObject({
      status: 'pending',
      data_quality: 'warning',
      current_price: null,
    });
    expect(response.price_data.GONE).toMatchObject({ status: 'unknown', data_quality: 'poor' });
  });

  it("sums each provider's last hour and tells an open breaker from a half-open one", async () => {
    const minute = (iso: string, requests: number, throttled: number, failed: number) => ({
      minute: iso,
      requests,
      throttled,
      failed,
    });
    const asked: string[][] = [];
    const response = await buildPriceMonitoring(
      deps([], lastRun(), {
        providers: ['yahoo', 'coingecko'],
        dataMode: 'live',
        providerState: {
          listCounts: async (provider, from, to) => {
            asked.push([provider, from, to]);
            return provider === 'yahoo'
              ? [minute('2026-11-22T09:10', 120, 3, 1), minute('2026-11-22T09:55', 80, 0, 2)]
              : [minute('2026-11-22T09:30', 4, 0, 0)];
          },
          getBreaker: async (provider) =>
            provider === 'yahoo'
              ? null
              : {
                  provider,
                  state: 'open',
                  consecutive_failures: 5,
                  // Opened 3 minutes before NOW: the open period (120 s) is over, so one trial may go.
                  opened_at: Date.parse('2026-11-22T09:57:00.000Z'),
                  trial_started_at: null,
                  changed_at: '2026-11-22T09:57:00.000Z',
                  version: 3,
                },
        },
      }),
    );
    expect(asked).toContainEqual(['yahoo', '2026-11-22T09:00', '2026-11-22T10:00']);
    expect(response.providers).toEqual([
      {
        name: 'yahoo',
        requests_last_hour: 200,
        throttled_last_hour: 3,
        failed_last_hour: 3,
        breaker_state: 'closed',
        breaker_opened_at: null,
      },
      {
        name: 'coingecko',
        requests_last_hour: 4,
        throttled_last_hour: 0,
        failed_last_hour: 0,
        breaker_state: 'half-open',
        breaker_opened_at: '2026-11-22T09:57:00.000Z',
      },
    ]);
  });
});
