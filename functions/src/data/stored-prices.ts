import type { AssetType, Bar, IsoDate } from '../engine/types';

/*
 * A symbol's quote and daily bars as the market table keeps them: the prices repository
 * (prices-repository.ts) and its helpers (bar-months.ts, bar-years.ts, quote-history.ts) all read and
 * write them, so they live apart from all four.
 */

/** The latest quote of a symbol as the ingestion worker stored it. */
export interface StoredQuote {
  symbol: string;
  name: string;
  asset_type: AssetType;
  price: number;
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  volume: number | null;
  after_hours_price: number | null;
  premarket_change: number | null;
  premarket_date: IsoDate | null;
  /** Trading day the price belongs to. */
  as_of: IsoDate;
  /** The market date it was read at (`SourceQuote.market_date` in engine/types.ts); absent on quotes stored before the market clock. */
  market_date?: IsoDate;
  source: string;
  mode: 'replay' | 'live';
  /** True when the price is older than its market's calendar allows (set when read). */
  stale: boolean;
  /** False while the session the price belongs to is still trading (an intraday print). */
  closed: boolean;
  /** When the provider was asked for this price. */
  fetched_at: string;
  /** When this quote was stored (wall time). */
  updated_at: string;
}

/** A stored daily bar: the price fields and where and when they came from. */
export interface StoredBar extends Bar {
  /** False for a session still trading when it was fetched (Yahoo's current day, CoinGecko's last point). */
  closed: boolean;
  source: string;
  fetched_at: string;
  /** Quality codes, e.g. UNCONFIRMED_MOVE (market-data/quality/bar-validation.ts). */
  flags?: string[];
}
