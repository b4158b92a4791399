import { message } from '@app/shared/messages/message';
import type { PortfolioAsset, PortfolioResponse, SearchResult } from '@app/shared/domain/entities/portfolio';
import type { HoldingsRepository, StoredHolding } from '../data/holdings-repository';
import { ServiceUnavailableError } from '../platform/errors';
import { logger } from '../platform/observability';
import type { AssetMarketData, PortfolioMarket } from './portfolio-market';
import { summarizePortfolio, valueHolding, type ValuationInput } from './valuation';

/**
 * What the portfolio shows: asset search, and the holdings valued at their latest price. The writes
 * (add, edit, remove) are holdings-service.ts.
 */

interface ViewDeps {
  holdings: Pick<HoldingsRepository, 'list'>;
  market: PortfolioMarket;
}

export async function searchAssets(query: string, limit: number, deps: Pick<ViewDeps, 'market'>) {
  const assets = await deps.market.search(query, limit);
  const results: SearchResult[] = [];
  for (const asset of assets) {
    // Quoted symbols are few (the replay series); their quotes are in-memory, so this stays fast.
    const quote = asset.price_source === 'quoted' ? (await deps.market.marketDataOf(asset)).quote : null;
    results.push({
      symbol: asset.symbol,
      name: asset.name,
      market: asset.market,
      asset_type: asset.asset_type,
      current_price: quote ? quote.price : asset.snapshot_price,
      price_as_of: quote ? quote.as_of : null,
      price_source: quote ? quote.source : asset.snapshot_price === null ? null : 'snapshot',
    });
  }
  return { results };
}

async function valuationInputOf(
  holding: StoredHolding,
  deps: Pick<ViewDeps, 'market'>,
): Promise<ValuationInput & { data: AssetMarketData }> {
  const asset = await deps.market.findAsset(holding.symbol);
  if (!asset) {
    logger.error('held symbol missing from the universe', { symbol: holding.symbol, holding_id: holding.id });
    throw new ServiceUnavailableError(message('PORTFOLIO_PRICE_UNAVAILABLE', { symbol: holding.symbol }));
  }
  const data = await deps.market.marketDataOf(asset);
  return {
    holding,
    quote: data.quote,
    grade: data.analysis?.nugget_scores.investment_grade ?? null,
    closes: data.closes,
    data,
  };
}

/** Holdings with their market data, in the order they were added. */
export async function loadValuedHoldings(
  userId: string,
  deps: ViewDeps,
): Promise<(ValuationInput & { data: AssetMarketData })[]> {
  const holdings = await deps.holdings.list(userId);
  return Promise.all(holdings.map((holding) => valuationInputOf(holding, deps)));
}

export async function listPortfolio(
  userId: string,
  demo: boolean,
  deps: ViewDeps,
): Promise<PortfolioResponse> {
  const inputs = await loadValuedHoldings(userId, deps);
  return { assets: inputs.map(valueHolding), summary: summarizePortfolio(inputs), demo };
}

export async function valueOne(
  holding: StoredHolding,
  deps: Pick<ViewDeps, 'market'>,
): Promise<PortfolioAsset> {
  return valueHolding(await valuationInputOf(holding, deps));
}
