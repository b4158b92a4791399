import type { AssetClass, SeriesState } from '../../data/series-repository';
import type { AssetType } from '../../engine/types';
import { calendarOf } from '../quality/market-calendar';
import type { BarProviderName } from './ingestion-messages';

/*
 * A symbol to track, before anything is fetched: its class from the shape of its Yahoo symbol (^GSPC
 * an index, GC=F a future, EURUSD=X an FX pair, BTC-USD a coin, anything else a listed security),
 * refined by the provider's instrument type on the first fetch (an ETF says so).
 */

export interface InstrumentSeed {
  symbol: string;
  name: string;
  provider: BarProviderName;
  provider_id: string;
  asset_class: AssetClass;
  mode: 'live' | 'replay';
  requested_by: string;
}

export function assetClassOfSymbol(symbol: string): AssetClass {
  if (symbol.startsWith('^')) return 'index';
  if (symbol.endsWith('=F')) return 'commodity';
  if (symbol.endsWith('=X')) return 'fx';
  if (/-(USD|USDT|EUR)$/.test(symbol)) return 'crypto';
  return 'equity';
}

/** Yahoo's instrument types (meta.instrumentType) as our asset classes; null when unknown. */
export function assetClassOfInstrumentType(instrumentType: string | null): AssetClass | null {
  switch (instrumentType) {
    case 'EQUITY':
      return 'equity';
    case 'ETF':
    case 'MUTUALFUND':
      return 'etf';
    case 'INDEX':
      return 'index';
    case 'FUTURE':
    case 'COMMODITY':
      return 'commodity';
    case 'CURRENCY':
      return 'fx';
    case 'CRYPTOCURRENCY':
      return 'crypto';
    default:
      return null;
  }
}

/** The engine's coarser type: coins are crypto, futures and FX alternatives, the rest stocks. */
export function assetTypeOfClass(assetClass: AssetClass): AssetType {
  if (assetClass === 'crypto') return 'crypto';
  if (assetClass === 'commodity' || assetClass === 'fx') return 'alternative';
  return 'stock';
}

export function liveSeed(symbol: string, requestedBy: string): InstrumentSeed {
  return {
    symbol,
    name: symbol,
    provider: 'yahoo',
    provider_id: symbol,
    asset_class: assetClassOfSymbol(symbol),
    mode: 'live',
    requested_by: requestedBy,
  };
}

/** The state of a series nobody fetched yet. */
export function pendingSeries(seed: InstrumentSeed, nowIso: string): SeriesState {
  return {
    symbol: seed.symbol,
    name: seed.name,
    provider: seed.provider,
    provider_id: seed.provider_id,
    asset_type: assetTypeOfClass(seed.asset_class),
    asset_class: seed.asset_class,
    calendar: calendarOf(seed.asset_class, seed.symbol),
    mode: seed.mode,
    status: 'pending',
    status_reason: null,
    first_date: null,
    last_date: null,
    history_from: null,
    as_of: null,
    completeness: null,
    bars_expected: null,
    bars_present: null,
    quality_flags: [],
    fetched_at: null,
    attempted_at: null,
    consecutive_failures: 0,
    last_error: null,
    split_dates: [],
    cik: null,
    fundamentals_fetched_at: null,
    currency: null,
    exchange: null,
    requested_at: nowIso,
    requested_by: seed.requested_by,
    version: 1,
  };
}
