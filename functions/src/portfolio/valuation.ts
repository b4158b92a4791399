import { ASSET_TYPES, type AssetType, type Grade } from '@app/shared/domain/enums';
import type { PortfolioAsset, PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import { addMonths } from '@app/shared/domain/ledger/calendar';
import { barOnOrBefore } from '../engine/market-clock';

/**
 * Valuation arithmetic: pure functions, exact scenarios in valuation.test.ts.
 *
 * Conventions:
 * - Amounts are USD rounded to cents at the output only; sums are taken over unrounded values, so a
 *   total can differ by a cent from the sum of the displayed rows (as on a broker statement).
 * - Percentages are rounded to 2 decimals.
 * - The day change of a holding is shares x the quote's change against the previous close.
 * - Gain is against the purchase price; without one, the holding has no gain and no cost, and the
 *   portfolio's total_cost and total_gain cover only holdings with a purchase price (null if none).
 * - Everything is valued at one market date (the market clock's, in replay). A holding with no price
 *   on it has no value, change or gain (`no_data_on`) and counts in no total. A purchase dated after
 *   the market date (recorded in an earlier pass of the replay, before it wrapped) has no gain: a
 *   return is never computed across the replay's wrap.
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

type PricedInput = ValuationInput & { quote: AssetQuote };

const isPriced = (input: ValuationInput): input is PricedInput => input.quote !== null;

export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

export function roundPercent(value: number): number {
  return Math.round(value * 100) / 100;
}

function unroundedValue(input: PricedInput): number {
  return input.holding.shares * input.quote.price;
}

/** The purchase price a gain is measured from; none when unknown or dated after the market date. */
function gainBasis(input: PricedInput, marketDate: string): number | null {
  const { purchase_price: purchasePrice, purchase_date: purchaseDate } = input.holding;
  if (purchasePrice === null || (purchaseDate !== null && purchaseDate > marketDate)) return null;
  return purchasePrice;
}

function unroundedGain(input: PricedInput, marketDate: string): number | null {
  const basis = gainBasis(input, marketDate);
  return basis === null ? null : (input.quote.price - basis) * input.holding.shares;
}

/** One holding valued at its quote on the market date (the contract's PortfolioAsset). */
export function valueHolding(input: ValuationInput, marketDate: string): PortfolioAsset {
  const { holding } = input;
  if (!isPriced(input)) {
    return {
      id: holding.id,
      symbol: holding.symbol,
      name: holding.name,
      asset_type: holding.asset_type,
      shares: holding.shares,
      current_price: null,
      purchase_price: holding.purchase_price,
      purchase_date: holding.purchase_date,
      total_value: null,
      change_percent: null,
      change_amount: null,
      gain_amount: null,
      gain_percent: null,
      investment_grade: null,
      rationality_score: null,
      price_as_of: null,
      price_source: 'replay',
      no_data_on: marketDate,
      created_at: holding.created_at,
      updated_at: holding.updated_at,
    };
  }
  const { quote } = input;
  const gain = unroundedGain(input, marketDate);
  const basis = gainBasis(input, marketDate);
  return {
    id: holding.id,
    symbol: holding.symbol,
    name: holding.name,
    asset_type: holding.asset_type,
    shares: holding.shares,
    current_price: quote.price,
    purchase_price: holding.purchase_price,
    purchase_date: holding.purchase_date,
    total_value: roundMoney(unroundedValue(input)),
    change_percent: quote.change_percent === null ? null : roundPercent(quote.change_percent),
    change_amount: quote.change === null ? null : roundMoney(holding.shares * quote.change),
    gain_amount: gain === null ? null : roundMoney(gain),
    // A zero purchase price (a gift, a grant) has a gain but no percentage of it.
    gain_percent: basis === null || basis === 0 ? null : roundPercent((quote.price / basis - 1) * 100),
    investment_grade: input.grade,
    rationality_score: input.grade === null ? null : (input.score ?? null),
    price_as_of: quote.as_of,
    price_source: quote.source,
    no_data_on: null,
    created_at: holding.created_at,
    updated_at: holding.updated_at,
  };
}

/** The calendar month a monthly return covers: one month back from the market date, to it. */
export function monthlyReturnPeriod(marketDate: string): { from: string; to: string } {
  return { from: addMonths(marketDate, -1), to: marketDate };
}

/**
 * Value-weighted return over the calendar month to the market date, of the holdings priced at both
 * ends: the portfolio's value now over its value at the month's first date (each holding's last bar
 * on or before it, at most three days old) at today's share counts, minus 1. Null when no holding
 * has both.
 */
export function computeMonthlyReturnPercent(
  inputs: readonly ValuationInput[],
  marketDate: string,
): number | null {
  const { from } = monthlyReturnPeriod(marketDate);
  let now = 0;
  let monthAgo = 0;
  for (const input of inputs.filter(isPriced)) {
    const base = barOnOrBefore(input.bars, from)?.bar;
    if (!base) continue;
    now += input.holding.shares * input.quote.price;
    monthAgo += input.holding.shares * base.close;
  }
  return monthAgo > 0 ? roundPercent((now / monthAgo - 1) * 100) : null;
}

export type PortfolioSummary = PortfolioResponse['summary'];

export function summarizePortfolio(inputs: readonly ValuationInput[], marketDate: string): PortfolioSummary {
  const priced = inputs.filter(isPriced);
  const totalValue = priced.reduce((sum, input) => sum + unroundedValue(input), 0);
  const withCost = priced.filter((input) => gainBasis(input, marketDate) !== null);
  const totalCost = withCost.reduce(
    (sum, input) => sum + input.holding.shares * (gainBasis(input, marketDate) as number),
    0,
  );
  const totalGain = withCost.reduce((sum, input) => sum + (unroundedGain(input, marketDate) as number), 0);
  const dayChange = priced.reduce(
    (sum, input) => sum + (input.quote.change === null ? 0 : input.holding.shares * input.quote.change),
    0,
  );
  const byType = Object.fromEntries(
    ASSET_TYPES.map((type) => {
      const ofType = priced.filter((input) => input.holding.asset_type === type);
      const value = ofType.reduce((sum, input) => sum + unroundedValue(input), 0);
      return [
        type,
        {
          total_value: roundMoney(value),
          count: ofType.length,
          percent: totalValue > 0 ? roundPercent((value / totalValue) * 100) : 0,
        },
      ];
    }),
  ) as PortfolioSummary['by_type'];
  const monthly = computeMonthlyReturnPercent(inputs, marketDate);
  return {
    total_value: roundMoney(totalValue),
    total_cost: withCost.length > 0 ? roundMoney(totalCost) : null,
    total_gain: withCost.length > 0 ? roundMoney(totalGain) : null,
    day_change_amount: roundMoney(dayChange),
    monthly_return_percent: monthly,
    monthly_return_period: monthly === null ? null : monthlyReturnPeriod(marketDate),
    asset_count: inputs.length,
    by_type: byType,
  };
}

/** Shares are kept to 8 decimals (a satoshi of a bitcoin), per-share prices to 6. */
const SHARE_DECIMALS = 8;
const UNIT_PRICE_DECIMALS = 6;

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface Lot {
  shares: number;
  purchase_price: number | null;
  purchase_date: string | null;
}

/**
 * One position from the held one and a new lot of the same symbol: shares add up; the purchase price
 * is the share-weighted average; the purchase date is the earliest known (held since the first lot).
 * When either lot's purchase price is unknown the average cannot be computed, so it becomes unknown
 * (null) rather than a figure that would misstate the gain; the caller says so.
 */
export function mergeLots(held: Lot, added: Lot): Lot {
  const shares = roundTo(held.shares + added.shares, SHARE_DECIMALS);
  const purchasePrice =
    held.purchase_price === null || added.purchase_price === null
      ? null
      : roundTo(
          (held.shares * held.purchase_price + added.shares * added.purchase_price) /
            (held.shares + added.shares),
          UNIT_PRICE_DECIMALS,
        );
  const dates = [held.purchase_date, added.purchase_date]
    .filter((date): date is string => date !== null)
    .sort();
  return { shares, purchase_price: purchasePrice, purchase_date: dates[0] ?? null };
}
