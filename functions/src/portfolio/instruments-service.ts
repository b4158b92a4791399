import type { InstrumentStatus } from '@app/shared/domain/entities/instruments';
import { message, type Message } from '@app/shared/messages/message';
import type { SearchResult } from '@app/shared/domain/entities/portfolio';
import type { AssetClass, SeriesState } from '../data/series-repository';
import { assetClassOfSymbol, assetTypeOfClass } from '../market-data/ingestion/instruments';
import type { OnDemandBackfill } from '../market-data/ingestion/on-demand';
import type { MarketEngine } from '../market-data/market-engine';
import { NoStoredPriceError, UnknownSymbolError } from '../market-data/provider-errors';
import { NotFoundError } from '../platform/errors';
import type { Render } from '../platform/messages';
import type { PortfolioMarket } from './portfolio-market';

/*
 * Any listed symbol (docs/product.md "Any asset"): what the store holds for it, and in live mode an
 * on-demand backfill of what it does not. Replay mode never enqueues anything: a listed symbol the
 * replay has no history of reads "available in live mode". A symbol no source lists is a 404; a listed
 * one never is.
 */

export interface InstrumentDeps {
  market: Pick<PortfolioMarket, 'findAsset'>;
  engine: Pick<MarketEngine, 'dataMode' | 'analyze'>;
  /** Null in replay mode. */
  onDemand: OnDemandBackfill | null;
}

type Status = InstrumentStatus;

function emptyStatus(symbol: string, mode: 'replay' | 'live'): Status {
  return {
    symbol,
    name: null,
    asset_type: null,
    data_mode: mode,
    state: 'not_fetched',
    reason: null,
    reason_code: null,
    requested_at: null,
    progress: null,
    quote: null,
    grade: null,
    composite_score: null,
    last_date: null,
  };
}

const withReason = (status: Status, reason: Message, render: Render): Status => ({
  ...status,
  reason: render(reason),
  reason_code: reason.code,
});

async function gradedStatus(status: Status, deps: InstrumentDeps): Promise<Status | null> {
  try {
    const { info, quote, analysis } = await deps.engine.analyze(status.symbol);
    return {
      ...status,
      name: status.name ?? info.name,
      asset_type: status.asset_type ?? info.asset_type,
      state: 'ready',
      quote: { price: quote.price, as_of: quote.as_of, source: quote.source, mode: quote.mode },
      grade: analysis.nugget_scores.investment_grade,
      composite_score: analysis.nugget_scores.composite_rationality_score,
    };
  } catch (error: unknown) {
    if (error instanceof UnknownSymbolError || error instanceof NoStoredPriceError) return null;
    throw error;
  }
}

function fundamentalsProgress(state: SeriesState): NonNullable<Status['progress']>['fundamentals'] {
  if (state.asset_class !== 'equity') return 'not_applicable';
  if (state.fundamentals_fetched_at === null) return 'waiting';
  return state.cik ? 'fetched' : 'not_a_filer';
}

/** The status of a live series, as the store holds it. */
async function liveStatus(base: Status, state: SeriesState, render: Render, deps: InstrumentDeps) {
  const status: Status = {
    ...base,
    name: base.name ?? (state.name === state.symbol ? null : state.name),
    asset_type: base.asset_type ?? state.asset_type,
    requested_at: state.requested_at,
    last_date: state.last_date,
    progress: { bars_stored: state.bars_present ?? 0, fundamentals: fundamentalsProgress(state) },
  };
  if (state.status === 'unknown') {
    return withReason(
      { ...status, state: 'no_history' },
      message('INSTRUMENT_NO_PRICE_HISTORY', { symbol: state.symbol }),
      render,
    );
  }
  if (state.status === 'delisted') {
    return withReason(
      { ...status, state: 'delisted' },
      message('INSTRUMENT_DELISTED_SINCE', {
        symbol: state.symbol,
        date: state.last_date ?? state.requested_at.slice(0, 10),
      }),
      render,
    );
  }
  if (state.status === 'active' && state.as_of !== null) {
    const graded = await gradedStatus(status, deps);
    if (graded) return graded;
  }
  return withReason(
    { ...status, state: 'pending' },
    message('INSTRUMENT_FETCHING', { symbol: state.symbol }),
    render,
  );
}

async function statusOf(
  symbol: string,
  render: Render,
  deps: InstrumentDeps,
  fetch: boolean,
): Promise<Status> {
  const wanted = symbol.trim().toUpperCase();
  const asset = await deps.market.findAsset(wanted);
  const base: Status = {
    ...emptyStatus(asset?.symbol ?? wanted, deps.engine.dataMode),
    name: asset?.name ?? null,
    asset_type: asset?.asset_type ?? null,
  };
  if (!deps.onDemand) {
    if (!asset) throw new NotFoundError(message('INSTRUMENT_NOT_LISTED', { symbol: wanted }));
    if (asset.price_source === 'quoted') {
      const graded = await gradedStatus(base, deps);
      if (graded) return graded;
    }
    return withReason(
      { ...base, state: 'live_only' },
      message('INSTRUMENT_LIVE_ONLY', { symbol: base.symbol }),
      render,
    );
  }
  let state = await deps.onDemand.state(base.symbol);
  if (!state) {
    if (!asset && !(await deps.onDemand.isListed(base.symbol))) {
      throw new NotFoundError(message('INSTRUMENT_NOT_LISTED', { symbol: wanted }));
    }
    if (!fetch) return base;
    state = await deps.onDemand.request(base.symbol);
  }
  return liveStatus(base, state, render, deps);
}

/** GET /api/portfolio/instruments/{symbol}: never enqueues. */
export function getInstrumentStatus(symbol: string, render: Render, deps: InstrumentDeps): Promise<Status> {
  return statusOf(symbol, render, deps, false);
}

/** POST /api/portfolio/instruments/{symbol}/fetch: enqueues the backfill once (live mode). */
export function fetchInstrument(symbol: string, render: Render, deps: InstrumentDeps): Promise<Status> {
  return statusOf(symbol, render, deps, true);
}

/** A query that is one symbol as the sources spell it (AAPL, BRK-B, ^FCHI, GC=F, EURUSD=X, ETH-USD). */
const SYMBOL_QUERY = /^[A-Z0-9^][A-Z0-9.\-=^]{0,14}$/;

/**
 * Live mode: a symbol typed exactly, listed by a source but not in the search index (a future, an FX
 * pair, a coin outside the snapshot), is offered as a result of its own, without a price until it is
 * fetched, so a person can pick it and ask for its data.
 */
export async function withUnindexedSymbol(
  search: { results: SearchResult[]; market_date: string },
  query: string,
  deps: Pick<InstrumentDeps, 'market' | 'onDemand'>,
): Promise<{ results: SearchResult[]; market_date: string }> {
  const wanted = query.trim().toUpperCase();
  if (!deps.onDemand || !SYMBOL_QUERY.test(wanted)) return search;
  if (search.results.some((result) => result.symbol.toUpperCase() === wanted)) return search;
  const stored = await deps.onDemand.state(wanted);
  if (!stored && !(await deps.onDemand.isListed(wanted))) return search;
  const assetClass = stored?.asset_class ?? assetClassOfSymbol(wanted);
  const result: SearchResult = {
    symbol: wanted,
    name: stored && stored.name !== stored.symbol ? stored.name : wanted,
    market: MARKET_OF_CLASS[assetClass],
    asset_type: assetTypeOfClass(assetClass),
    current_price: null,
    price_as_of: null,
    price_source: null,
    no_data_on: null,
  };
  return { ...search, results: [result, ...search.results] };
}

const MARKET_OF_CLASS: Readonly<Record<AssetClass, string>> = {
  equity: 'US',
  etf: 'US',
  index: 'INDEX',
  commodity: 'FUTURES',
  fx: 'FX',
  crypto: 'CRYPTO',
};
