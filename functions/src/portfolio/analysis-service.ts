import type { PortfolioAnalysis } from '@app/shared/domain/entities/portfolio';
import { analyzePortfolio } from '../engine/analytics/portfolio-analysis';
import { currentRequestScope } from '../platform/request-scope';
import { assertFeature } from '../entitlements/entitlements';
import type { HoldingsDeps } from './holdings-service';
import { loadValuedHoldings } from './portfolio-view';

/**
 * GET /api/portfolio/analysis: the advanced_analytics feature (PREMIUM and up). The figures come from
 * the shared `analyzePortfolio`, so POST /api/ai/analyze/portfolio gives the same ones.
 */
export async function getPortfolioAnalysis(
  userId: string,
  deps: Pick<HoldingsDeps, 'holdings' | 'users' | 'market' | 'now'>,
): Promise<PortfolioAnalysis> {
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const scope = currentRequestScope();
  if (scope) scope.tier = tier;
  assertFeature(tier, 'advanced_analytics');
  const reading = deps.market.readMarket();
  // A holding with no price on the market date has no value to weigh: it is left out of the figures.
  const valued = (await loadValuedHoldings(userId, deps, reading)).flatMap((input) =>
    input.quote ? [{ ...input, quote: input.quote }] : [],
  );
  return analyzePortfolio(
    valued.map(({ holding }) => ({ symbol: holding.symbol, shares: holding.shares })),
    valued.map(({ holding, quote, data }) => ({
      symbol: holding.symbol,
      asset_type: holding.asset_type,
      current_price: quote.price,
      as_of: quote.as_of,
      composite_rationality_score: data.analysis?.nugget_scores.composite_rationality_score ?? null,
      investment_grade: data.analysis?.nugget_scores.investment_grade ?? null,
      recommendation: data.analysis?.recommendation.action ?? null,
      closes: data.bars.map((bar) => bar.close),
    })),
    { marketDate: reading.marketDate.date },
  );
}
