import { describe, expect, it } from 'vitest';
import type { FeedHealth } from '../data/feed-health-repository';
import type { SeriesState } from '../data/series-repository';
import { buildPriceMonitoring } from './price-monitoring-service';

import { RECORDED_HEALTH, deps, english, lastRun } from '../testing/price-monitoring.fixtures';

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
    const response = await buildPriceMonitoring(deps(RECORDED_HEALTH, lastRun()), english);
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
      english,
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
      english,
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
      english,
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
