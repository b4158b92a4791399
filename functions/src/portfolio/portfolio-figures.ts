import { ASSET_TYPES } from '@app/shared/domain/enums';
import type { PortfolioAsset, PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import type { PositionState } from '@app/shared/domain/ledger/ledger-book';
import type { StoredHolding } from '../data/holdings-repository';
import type { PortfolioValuationReadModel, ValuedPosition } from './portfolio-valuation';
import { roundMoney, roundPercent } from './valuation';

/**
 * The portfolio route's figures, each read from the one valuation (portfolio-valuation.ts), so the
 * portfolio, the performance route and the dashboard agree to the cent:
 * - a position's value is the ledger's (shares x the dated close at the market date), its cost the
 *   ledger's cost of its open lots (buy fees included; an opening BUY estimated at a close counts at
 *   that close, as on the transactions page), its gain value - cost, each rounded to cents first so
 *   the screen's value - cost is its gain;
 * - a position without a dated price shows none (`no_data_on`) and counts in no total;
 * - the month's return is the ledger's time-weighted return over the month to the market date (the
 *   transactions page's "1 month" row).
 * Every amount, prices included, is in the ledger's base currency (`currency`, docs/product.md "One
 * valuation"), as on the transactions page and the performance route: values and costs are the
 * ledger's base figures (a cost at its buy day's rate), a price or a day's change is the trading
 * currency's at the valuation day's rate. The same total on every screen.
 */

type Summary = PortfolioResponse['summary'];

/** Cost per share to 8 decimals (the ledger's smallest amount). */
const PRICE_DECIMALS = 8;

/** The open lots' cost in the base currency, at each buy day's rate (a position without a price). */
function costOf(position: PositionState): number {
  return position.lots.reduce((sum, lot) => sum + lot.costBase.toNumber(), 0);
}

interface Figures {
  asset: PortfolioAsset;
  /** Unrounded value and cost in the base currency; null when the position has no dated price. */
  value: number | null;
  cost: number;
}

function figuresOf(entry: ValuedPosition, row: StoredHolding | undefined, marketDate: string): Figures {
  const { position, valuation, data } = entry;
  const shares = position.quantity.toNumber();
  const cost = valuation ? valuation.cost_base : costOf(position);
  const averageCost = Number((cost / shares).toFixed(PRICE_DECIMALS));
  const timestamp = row?.created_at ?? `${position.firstDate}T00:00:00.000Z`;
  const base = {
    id: row?.id ?? entry.firstRowId,
    symbol: entry.symbol,
    name: entry.asset?.name ?? row?.name ?? entry.symbol,
    asset_type: entry.asset?.asset_type ?? row?.asset_type ?? 'stock',
    shares,
    purchase_price: averageCost,
    purchase_date: position.lots[0]?.date ?? position.firstDate,
    created_at: timestamp,
    updated_at: row?.updated_at ?? timestamp,
  };
  const quote = data.quote;
  if (!valuation || !quote) {
    const asset: PortfolioAsset = {
      ...base,
      current_price: null,
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
    };
    return { asset, value: null, cost };
  }
  const value = valuation.value_base;
  // Base units per trading-currency unit on the valuation day (1 for a US-dollar ledger).
  const rate = valuation.rate ?? (valuation.value_local > 0 ? value / valuation.value_local : 1);
  const grade = data.analysis?.nugget_scores.investment_grade ?? null;
  const asset: PortfolioAsset = {
    ...base,
    current_price: Number((quote.price * rate).toFixed(PRICE_DECIMALS)),
    total_value: roundMoney(value),
    change_percent: quote.change_percent === null ? null : roundPercent(quote.change_percent),
    change_amount: quote.change === null ? null : roundMoney(shares * quote.change * rate),
    gain_amount: roundMoney(roundMoney(value) - roundMoney(cost)),
    // A zero cost (a gift, a grant) has a gain but no percentage of it.
    gain_percent: cost > 0 ? roundPercent((value / cost - 1) * 100) : null,
    investment_grade: grade,
    rationality_score:
      grade === null ? null : (data.analysis?.nugget_scores.composite_rationality_score ?? null),
    price_as_of: quote.as_of,
    price_source: quote.source,
    no_data_on: null,
  };
  return { asset, value, cost };
}

function summaryOf(model: PortfolioValuationReadModel, figures: readonly Figures[]): Summary {
  const priced = figures.filter((entry): entry is Figures & { value: number } => entry.value !== null);
  const totalValue = roundMoney(priced.reduce((sum, entry) => sum + entry.value, 0));
  const totalCost = roundMoney(priced.reduce((sum, entry) => sum + entry.cost, 0));
  const dayChange = priced.reduce((sum, entry) => sum + (entry.asset.change_amount ?? 0), 0);
  const byType = Object.fromEntries(
    ASSET_TYPES.map((type) => {
      const ofType = priced.filter((entry) => entry.asset.asset_type === type);
      const value = ofType.reduce((sum, entry) => sum + entry.value, 0);
      return [
        type,
        {
          total_value: roundMoney(value),
          count: ofType.length,
          percent: totalValue > 0 ? roundPercent((value / totalValue) * 100) : 0,
        },
      ];
    }),
  ) as Summary['by_type'];
  const month = model.analysis.returns.find((entry) => entry.period === '1M');
  const monthly = month?.time_weighted ?? null;
  return {
    total_value: totalValue,
    total_cost: priced.length > 0 ? totalCost : null,
    total_gain: priced.length > 0 ? roundMoney(totalValue - totalCost) : null,
    day_change_amount: roundMoney(dayChange),
    monthly_return_percent: monthly === null ? null : roundPercent(monthly * 100),
    monthly_return_period: monthly === null || !month ? null : { from: month.start, to: month.end },
    asset_count: figures.length,
    by_type: byType,
  };
}

/** The portfolio route's answer (without `demo`) from the valuation and the holdings rows' ids. */
export function portfolioFiguresOf(
  model: PortfolioValuationReadModel,
  rows: readonly StoredHolding[],
): Omit<PortfolioResponse, 'demo'> {
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  const figures = model.positions.map((entry) =>
    figuresOf(entry, bySymbol.get(entry.symbol), model.marketDate),
  );
  return {
    market_date: model.marketDate,
    currency: model.ledger.base_currency,
    assets: figures.map((entry) => entry.asset),
    summary: summaryOf(model, figures),
  };
}
