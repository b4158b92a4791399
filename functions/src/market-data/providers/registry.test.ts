import { describe, expect, it } from 'vitest';
import type { SeriesState } from '../../data/series-repository';
import { BAR_PROVIDERS } from '../ingestion/ingestion-messages';
import { BATCH_SIZE } from '../ingestion/plan-ingestion';
import { describeLiveSeries } from '../price-source';
import { LIVE_PROVIDERS, PROVIDERS } from './registry';

// The expected lists are the ones kept by hand before the registry (ingestion-messages.ts,
// live-providers.ts, plan-ingestion.ts, the CDK alarms, the price source's ternary).
describe('the provider registry', () => {
  it('derives the lists that used to be kept in step by hand', () => {
    expect(BAR_PROVIDERS).toEqual(['yahoo', 'coingecko', 'replay']);
    expect(LIVE_PROVIDERS).toEqual(['yahoo', 'coingecko', 'sec-edgar']);
    expect(BATCH_SIZE).toEqual({ yahoo: 20, coingecko: 10, replay: 50 });
  });

  it('names each provider once', () => {
    const names = PROVIDERS.map((descriptor) => descriptor.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("describes a stored series by its provider: CoinGecko's closes have no OHLC, an unregistered or replayed series reads as Yahoo's", () => {
    const state = (provider: string) =>
      ({ symbol: 'X', provider, provider_id: 'x', asset_class: 'equity' }) as SeriesState;
    expect(describeLiveSeries(state('coingecko'))).toMatchObject({
      has_ohlc: false,
      source: { package: 'CoinGecko public API' },
    });
    for (const provider of ['yahoo', 'replay', 'unknown']) {
      expect(describeLiveSeries(state(provider))).toMatchObject({
        has_ohlc: true,
        source: { package: 'Yahoo Finance (chart endpoint)' },
      });
    }
  });
});
