import type { Fact, PortfolioFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { ASSET_TYPES } from '@app/shared/domain/enums';
import { concentrationOf } from '../engine/analytics/portfolio-analysis';
import { attributeValuation } from './attribution-service';
import type { LedgerStoreDeps } from './ledger-store';
import { portfolioFiguresOf } from './portfolio-figures';
import { readPortfolioValuation, type PortfolioValuationReadModel } from './portfolio-valuation';

/*
 * GET /api/portfolio/fact-sheet (docs/product.md "Fact sheets"): every figure of the caller's
 * portfolio as facts, each read from the one valuation (portfolio-valuation.ts, through the portfolio
 * route's own figures, portfolio-figures.ts) or the ledger's returns of that valuation's walk; the
 * concentration is the portfolio analysis' (engine/analytics/portfolio-analysis.ts concentrationOf)
 * over the valuation's values; the composite and each position's weight are the attribution's
 * (attribution-service.ts attributeValuation, docs/product.md "Portfolio attribution": a position's
 * share of the graded value, 0 for one without a price or grade). Nothing is valued a second time. Amounts are in US dollars, the
 * trading currency of the universe (portfolio-figures.ts); returns in percent of the period.
 */

export const PORTFOLIO_FACT_SOURCES = { valuation: 'valuation', ledger: 'ledger' } as const;

/** A symbol inside a fact id: a dot would split the id, so it is written as an underscore. */
export function symbolKey(symbol: string): string {
  return symbol.replaceAll('.', '_');
}

const percentOf = (fraction: number | null): number | null => (fraction === null ? null : fraction * 100);

function returnFacts(model: PortfolioValuationReadModel): Fact[] {
  return model.analysis.returns.flatMap((entry): Fact[] => {
    const at = { as_of: entry.end, source: PORTFOLIO_FACT_SOURCES.ledger };
    const id = `returns.${entry.period.toLowerCase()}`;
    return [
      { id: `${id}.start`, value: entry.start, unit: 'date', ...at },
      { id: `${id}.time_weighted`, value: percentOf(entry.time_weighted), unit: 'signedPercent', ...at },
      {
        id: `${id}.time_weighted_annualised`,
        value: percentOf(entry.time_weighted_annualised),
        unit: 'signedPercent',
        ...at,
      },
      { id: `${id}.money_weighted`, value: percentOf(entry.money_weighted), unit: 'signedPercent', ...at },
    ];
  });
}

export function portfolioFacts(
  model: PortfolioValuationReadModel,
  figures: ReturnType<typeof portfolioFiguresOf>,
): Fact[] {
  const at = { as_of: model.marketDate, source: PORTFOLIO_FACT_SOURCES.valuation };
  const { summary, assets } = figures;
  const { attribution } = attributeValuation(model);
  const weights = new Map(attribution.holdings.map((holding) => [holding.symbol, holding.weight_percent]));
  const concentration = concentrationOf(
    model.positions.flatMap((entry) =>
      entry.valuation ? [{ symbol: entry.symbol, value: entry.valuation.value_local }] : [],
    ),
  );
  return [
    { id: 'portfolio.total_value', value: summary.total_value, unit: 'usd', ...at },
    { id: 'portfolio.total_cost', value: summary.total_cost, unit: 'usd', ...at },
    { id: 'portfolio.total_gain', value: summary.total_gain, unit: 'usd', ...at },
    { id: 'portfolio.day_change_amount', value: summary.day_change_amount, unit: 'usd', ...at },
    { id: 'portfolio.asset_count', value: summary.asset_count, unit: 'count', ...at },
    { id: 'portfolio.composite', value: attribution.score, unit: 'score', ...at },
    ...ASSET_TYPES.flatMap((type): Fact[] => [
      { id: `allocation.${type}.value`, value: summary.by_type[type].total_value, unit: 'usd', ...at },
      { id: `allocation.${type}.percent`, value: summary.by_type[type].percent, unit: 'percent', ...at },
      { id: `allocation.${type}.count`, value: summary.by_type[type].count, unit: 'count', ...at },
    ]),
    {
      id: 'concentration.largest_position_symbol',
      value: concentration.largest_position_symbol,
      unit: 'text',
      ...at,
    },
    {
      id: 'concentration.largest_position_percent',
      value: concentration.largest_position_percent,
      unit: 'percent',
      ...at,
    },
    { id: 'concentration.herfindahl_index', value: concentration.herfindahl_index, unit: 'ratio', ...at },
    ...assets.flatMap((asset): Fact[] => {
      const id = `position.${symbolKey(asset.symbol)}`;
      const priced = {
        as_of: asset.price_as_of ?? model.marketDate,
        source: PORTFOLIO_FACT_SOURCES.valuation,
      };
      return [
        { id: `${id}.shares`, value: asset.shares, unit: 'shares', ...at },
        { id: `${id}.weight`, value: weights.get(asset.symbol) ?? 0, unit: 'percent', ...at },
        { id: `${id}.price`, value: asset.current_price, unit: 'usd', ...priced },
        { id: `${id}.value`, value: asset.total_value, unit: 'usd', ...priced },
        { id: `${id}.gain_amount`, value: asset.gain_amount, unit: 'usd', ...priced },
        { id: `${id}.gain_percent`, value: asset.gain_percent, unit: 'signedPercent', ...priced },
        { id: `${id}.grade`, value: asset.investment_grade, unit: 'grade', ...priced },
        { id: `${id}.composite`, value: asset.rationality_score, unit: 'score', ...priced },
      ];
    }),
    ...returnFacts(model),
  ];
}

export async function getPortfolioFactSheet(
  userId: string,
  deps: LedgerStoreDeps,
): Promise<PortfolioFactSheet> {
  const [model, rows] = await Promise.all([readPortfolioValuation(userId, deps), deps.holdings.list(userId)]);
  return {
    market_date: model.marketDate,
    base_currency: model.ledger.base_currency,
    facts: portfolioFacts(model, portfolioFiguresOf(model, rows)),
  };
}
