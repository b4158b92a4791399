import type { PortfolioAnalysis } from '@app/shared/domain/entities/portfolio';
import { analyzePortfolio } from '../engine/analytics/portfolio-analysis';
import { currentRequestScope } from '../platform/request-scope';
import { assertFeature } from '../entitlements/entitlements';
import type { LedgerStoreDeps } from './ledger-store';
import { readPortfolioValuation } from './portfolio-valuation';

/**
 * GET /api/portfolio/analysis: the advanced_analytics feature (PREMIUM and up). The figures come from
 * the shared `analyzePortfolio`, so POST /api/ai/analyze/portfolio gives the same ones for the same
 * positions. The positions are the one valuation's (docs/product.md "One valuation",
 * portfolio-valuation.ts), as on the portfolio page: the ledger's quantity at the market date, valued
 * at the dated close the page shows; a position without one (`no_data_on` on the page) has no value
 * to weigh and is left out, as it is of the page's totals.
 */
export async function getPortfolioAnalysis(
  userId: string,
  deps: LedgerStoreDeps,
): Promise<PortfolioAnalysis> {
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const scope = currentRequestScope();
  if (scope) scope.tier = tier;
  assertFeature(tier, 'advanced_analytics');
  const model = await readPortfolioValuation(userId, deps);
  const priced = model.positions.flatMap((entry) =>
    entry.valuation && entry.data.quote ? [{ ...entry, quote: entry.data.quote }] : [],
  );
  return analyzePortfolio(
    priced.map((entry) => ({ symbol: entry.symbol, shares: entry.position.quantity.toNumber() })),
    priced.map(({ symbol, asset, quote, data }) => ({
      symbol,
      asset_type: asset?.asset_type ?? 'stock',
      current_price: quote.price,
      as_of: quote.as_of,
      composite_rationality_score: data.analysis?.nugget_scores.composite_rationality_score ?? null,
      investment_grade: data.analysis?.nugget_scores.investment_grade ?? null,
      recommendation: data.analysis?.recommendation.action ?? null,
      closes: data.bars.map((bar) => bar.close),
    })),
    { marketDate: model.marketDate },
  );
}
