import { describe, expect, it } from 'vitest';
import type { FeedHealth } from '../data/feed-health-repository';
import type { JobRunRecord } from '../data/job-runs-repository';
import { message } from '@app/shared/messages/message';
import { rendererFor } from '../platform/messages';
import { buildPriceMonitoring, monitoringStatusOf } from './price-monitoring-service';

const english = rendererFor('en');

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

function deps(healths: FeedHealth[], run: JobRunRecord | null) {
  return {
    feedHealth: { listFeedHealth: async () => healths },
    jobRuns: { getLastJobRun: async () => run },
    now: () => NOW,
    pollIntervalSeconds: POLL_SECONDS,
  };
}

describe('buildPriceMonitoring', () => {
  it('reports the recorded figures per ticker, the sources and the alerts worth acting on', async () => {
    const response = await buildPriceMonitoring(deps(RECORDED_HEALTH, lastRun()), english);
    expect(response.price_data['^GSPC']).toEqual({
      current_price: 899.22,
      high_5d: 1044.31,
      low_5d: 839.8,
      volatility_5d: 3.9121,
      data_quality: 'good',
      last_updated: '2026-11-22T09:58:00.000Z',
      error: null,
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
        message: 'Price data needs attention: 2-day gap between Jan 1, 2017 and Jan 3, 2017.',
      },
      { ticker: 'BTC-USD', severity: 'medium', message: 'No new price for 50 min.' },
      { ticker: '^GSPC', severity: 'low', message: 'Five-day volatility 3.91 % (medium).' },
    ]);
  });

  it('says the poll is stopped when it has not run or is three intervals late', async () => {
    const never = await buildPriceMonitoring(deps([], null), english);
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
    const response = await buildPriceMonitoring(deps([poor], lastRun()), english);
    expect(response.alerts[0]).toEqual({
      ticker: '^GSPC',
      severity: 'high',
      message: 'Price data is poor: The source failed: timeout after 3000 ms',
    });
    expect(response.price_data['^GSPC']?.error).toBe('timeout after 3000 ms');
  });

  it("words the alerts in the admin's language, an old row's sentence as it was stored", async () => {
    const oldRow: FeedHealth = { ...RECORDED_HEALTH[1]!, quality_reasons: ['gap written before messages'] };

    const french = await buildPriceMonitoring(deps(RECORDED_HEALTH, lastRun()), rendererFor('fr'));
    const spanishOld = await buildPriceMonitoring(deps([oldRow], lastRun()), rendererFor('es'));

    expect(french.alerts[0]?.message).toBe(
      'Données de cours à surveiller : Trou de 2 jours entre le 1 janv. 2017 et le 3 janv. 2017.',
    );
    expect(french.alerts[2]?.message).toBe('Volatilité sur cinq jours : 3,91 % (moyenne).');
    expect(spanishOld.alerts[0]?.message).toBe(
      'Datos de precios que requieren atención: gap written before messages',
    );
  });
});
