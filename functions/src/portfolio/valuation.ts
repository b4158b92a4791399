import type { AssetType, Grade } from '@app/shared/domain/enums';

/**
 * The shapes a holding's market data takes (a quote, its bars, the engine's grade) and the rounding
 * every money figure uses: amounts to cents, percentages to 2 decimals, at the output only. What the
 * figures are is portfolio-valuation.ts (docs/product.md "One valuation").
 */

/** The price a holding is valued at, and where it comes from. */
export interface AssetQuote {
  price: number;
  /** Date of the bar the price belongs to; null for the undated snapshot price. */
  as_of: string | null;
  /** Against the previous close; null when unknown (first bar of a series, no 1-day change). */
  change: number | null;
  change_percent: number | null;
  source: 'replay' | 'live' | 'snapshot';
}

export interface HoldingPosition {
  id: string;
  symbol: string;
  name: string;
  asset_type: AssetType;
  shares: number;
  purchase_price: number | null;
  purchase_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface ValuationInput {
  holding: HoldingPosition;
  /** Null when the asset has no price on the market date. */
  quote: AssetQuote | null;
  grade: Grade | null;
  /** The engine's composite rationality score (0-100); null or absent when the engine cannot grade it. */
  score?: number | null;
  /** Daily bars up to and including the quote's bar, ascending (empty without history). */
  bars: readonly { date: string; close: number }[];
}

export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

export function roundPercent(value: number): number {
  return Math.round(value * 100) / 100;
}
