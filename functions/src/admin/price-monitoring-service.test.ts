import { describe, expect, it } from 'vitest';
import type { FeedHealth } from '../data/feed-health-repository';
import { rendererFor } from '../platform/messages';
import { buildPriceMonitoring, monitoringStatusOf } from './price-monitoring-service';

import {
  RECORDED_HEALTH,
  deps,
  english,
  lastRun,
  NOW,
  POLL_SECONDS,
} from '../testing/price-monitoring.fixtures';

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
