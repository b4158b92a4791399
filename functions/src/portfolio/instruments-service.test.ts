import { describe, expect, it } from 'vitest';
import type { SeriesState } from '../data/series-repository';
import type { OnDemandBackfill } from '../market-data/ingestion/on-demand';
import { liveSeed, pendingSeries } from '../market-data/ingestion/instruments';
import type { EngineAnalysis } from '../market-data/market-engine';
import { UnknownSymbolError } from '../market-data/provider-errors';
import type { UniverseAsset } from '../market-data/universe/build-universe';
import { NotFoundError } from '../platform/errors';
import { rendererFor } from '../platform/messages';
import {
  fetchInstrument,
  getInstrumentStatus,
  withUnindexedSymbol,
  type InstrumentDeps,
} from './instruments-service';

const asset = (symbol: string, priceSource: 'quoted' | 'snapshot'): UniverseAsset => ({
  symbol,
  name: `${symbol} Inc.`,
  market: 'NASDAQ',
  asset_type: 'stock',
  market_cap: null,
  price_source: priceSource,
  snapshot_price: priceSource === 'snapshot' ? 10 : null,
  snapshot_change_percent: null,
  sector: null,
  industry: null,
});

/** An engine that grades what it is told is stored: grade B+, composite 67.1, a dated price. */
function engineOf(mode: 'replay' | 'live', stored: readonly string[]): InstrumentDeps['engine'] {
  return {
    dataMode: mode,
    analyze: async (symbol) => {
      if (!stored.includes(symbol)) throw new UnknownSymbolError(symbol, [...stored]);
      return {
        info: { symbol, name: `${symbol} (stored)`, asset_type: 'stock' },
        quote: { price: 123.45, as_of: '2026-11-23', source: 'Yahoo Finance', mode },
        analysis: { nugget_scores: { investment_grade: 'B+', composite_rationality_score: 67.1 } },
      } as unknown as EngineAnalysis;
    },
  };
}

function onDemandOf(series: Map<string, SeriesState>, listed: readonly string[]) {
  const requested: string[] = [];
  const backfill: OnDemandBackfill = {
    state: async (symbol) => series.get(symbol) ?? null,
    isListed: async (symbol) => listed.includes(symbol),
    request: async (symbol) => {
      requested.push(symbol);
      const state = pendingSeries(liveSeed(symbol, 'on-demand'), '2026-11-24T12:00:00.000Z');
      series.set(symbol, state);
      return state;
    },
  };
  return { backfill, requested };
}

const en = rendererFor('en');

describe('instrument status, replay mode', () => {
  const deps: InstrumentDeps = {
    market: {
      findAsset: async (symbol) =>
        ({ AAPL: asset('AAPL', 'quoted'), MSFT: asset('MSFT', 'snapshot') })[symbol] ?? null,
    },
    engine: engineOf('replay', ['AAPL']),
    onDemand: null,
  };

  it('grades a replayed symbol with its dated price', async () => {
    expect(await getInstrumentStatus('aapl', en, deps)).toMatchObject({
      symbol: 'AAPL',
      data_mode: 'replay',
      state: 'ready',
      grade: 'B+',
      composite_score: 67.1,
      quote: { price: 123.45, as_of: '2026-11-23' },
    });
  });

  it('says a listed symbol without replayed history is available in live mode, and enqueues nothing', async () => {
    const status = await fetchInstrument('MSFT', rendererFor('fr'), deps);
    expect(status).toMatchObject({ state: 'live_only', reason_code: 'INSTRUMENT_LIVE_ONLY', grade: null });
    expect(status.reason).toContain('mode direct');
  });

  it('answers 404 for a symbol no list knows', async () => {
    await expect(getInstrumentStatus('ZZZZQ', en, deps)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('instrument status, live mode', () => {
  it('reads "not fetched" without enqueuing, then "pending" once asked for, never a 404 for a listed symbol', async () => {
    const series = new Map<string, SeriesState>();
    const { backfill, requested } = onDemandOf(series, ['ETH-USD']);
    const deps: InstrumentDeps = {
      market: { findAsset: async () => null },
      engine: engineOf('live', []),
      onDemand: backfill,
    };
    expect(await getInstrumentStatus('ETH-USD', en, deps)).toMatchObject({
      state: 'not_fetched',
      data_mode: 'live',
    });
    expect(requested).toEqual([]);
    const pending = await fetchInstrument('eth-usd', en, deps);
    expect(pending).toMatchObject({
      state: 'pending',
      reason_code: 'INSTRUMENT_FETCHING',
      requested_at: '2026-11-24T12:00:00.000Z',
      progress: { bars_stored: 0, fundamentals: 'not_applicable' },
    });
    await fetchInstrument('ETH-USD', en, deps);
    expect(requested).toEqual(['ETH-USD']);
    await expect(fetchInstrument('NOPE-USD', en, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('grades a stored series, and says why when the source has nothing or stopped', async () => {
    const base = pendingSeries(liveSeed('X', 'on-demand'), '2026-11-24T12:00:00.000Z');
    const series = new Map<string, SeriesState>([
      [
        'MSFT',
        {
          ...base,
          symbol: 'MSFT',
          status: 'active',
          as_of: '2026-11-23',
          bars_present: 251,
          cik: '0000789019',
          fundamentals_fetched_at: '2026-11-24T12:00:05Z',
        },
      ],
      ['GONE', { ...base, symbol: 'GONE', status: 'delisted', last_date: '2025-03-14' }],
      ['NOHIST', { ...base, symbol: 'NOHIST', status: 'unknown' }],
    ]);
    const deps: InstrumentDeps = {
      market: { findAsset: async () => null },
      engine: engineOf('live', ['MSFT']),
      onDemand: onDemandOf(series, []).backfill,
    };
    expect(await getInstrumentStatus('MSFT', en, deps)).toMatchObject({
      state: 'ready',
      grade: 'B+',
      progress: { bars_stored: 251, fundamentals: 'fetched' },
    });
    const gone = await getInstrumentStatus('GONE', rendererFor('es'), deps);
    expect(gone).toMatchObject({
      state: 'delisted',
      reason_code: 'INSTRUMENT_DELISTED_SINCE',
      last_date: '2025-03-14',
    });
    expect(gone.reason).toContain('dejó de cotizar');
    expect(await getInstrumentStatus('NOHIST', en, deps)).toMatchObject({
      state: 'no_history',
      reason: 'No price history from the source for NOHIST.',
    });
  });
});

describe('search in live mode', () => {
  const search = { results: [], market_date: '2026-11-24' };
  const deps = {
    market: { findAsset: async () => null },
    onDemand: onDemandOf(new Map(), ['GC=F']).backfill,
  };

  it('offers an exactly typed listed symbol the index lacks, unpriced until fetched', async () => {
    const found = await withUnindexedSymbol(search, ' gc=f ', deps);
    expect(found.results).toEqual([
      {
        symbol: 'GC=F',
        name: 'GC=F',
        market: 'FUTURES',
        asset_type: 'alternative',
        current_price: null,
        price_as_of: null,
        price_source: null,
        no_data_on: null,
      },
    ]);
  });

  it('adds nothing for a name, an unlisted symbol, or in replay mode', async () => {
    expect((await withUnindexedSymbol(search, 'gold futures', deps)).results).toEqual([]);
    expect((await withUnindexedSymbol(search, 'ZZZZQ', deps)).results).toEqual([]);
    expect((await withUnindexedSymbol(search, 'GC=F', { ...deps, onDemand: null })).results).toEqual([]);
  });
});
