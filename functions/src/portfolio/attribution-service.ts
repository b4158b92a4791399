import type { PortfolioAttributionResponse } from '@app/shared/domain/entities/portfolio-attribution';
import { attributePortfolio, NEUTRAL_COMPOSITE } from '../engine/attribution/portfolio-attribution';
import type { Render } from '../platform/messages';
import type { LedgerStoreDeps } from './ledger-store';
import { readPortfolioValuation, type PortfolioValuationReadModel } from './portfolio-valuation';

/*
 * GET /api/portfolio/attribution (docs/product.md "Portfolio attribution"): the engine's attribution
 * (engine/attribution/) of the caller's open positions, each weighted by its value in the one
 * valuation (portfolio-valuation.ts, in the base currency so positions of any currency add up) and
 * scored as the engine graded it at the market date. A position without a price or a grade on that
 * date weighs nothing and is listed as unscored.
 */
/** The engine's attribution of one valuation; the portfolio fact sheet reads its composite and weights. */
export function attributeValuation(valuation: PortfolioValuationReadModel) {
  const names = new Map(
    valuation.positions.map((entry) => [entry.symbol, entry.asset?.name ?? entry.symbol]),
  );
  const attribution = attributePortfolio(
    valuation.positions.map((entry) => ({
      symbol: entry.symbol,
      name: names.get(entry.symbol) as string,
      value: entry.valuation?.value_base ?? 0,
      scores: entry.valuation ? (entry.data.analysis?.nugget_scores ?? null) : null,
    })),
  );
  return { names, attribution };
}

export async function getPortfolioAttribution(
  userId: string,
  render: Render,
  deps: LedgerStoreDeps,
): Promise<PortfolioAttributionResponse> {
  const valuation = await readPortfolioValuation(userId, deps);
  const { names, attribution } = attributeValuation(valuation);
  return {
    market_date: valuation.marketDate,
    score: attribution.score,
    grade: attribution.grade,
    neutral: NEUTRAL_COMPOSITE,
    holdings: attribution.holdings.map(({ sentence, ...holding }) => ({
      ...holding,
      name: names.get(holding.symbol) as string,
      text: render(sentence),
    })),
    factors: attribution.factors,
    unscored: attribution.unscored,
  };
}
