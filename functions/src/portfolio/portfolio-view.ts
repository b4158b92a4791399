import { message } from '@app/shared/messages/message';
import type { PortfolioAsset, PortfolioResponse, SearchResult } from '@app/shared/domain/entities/portfolio';
import { NotFoundError } from '../platform/errors';
import type { MarketReading } from '../market-data/market-quotes';
import type { PortfolioMarket } from './portfolio-market';
import type { LedgerStoreDeps } from './ledger-store';
import { portfolioFiguresOf } from './portfolio-figures';
import { readPortfolioValuation } from './portfolio-valuation';

/**
 * What the portfolio shows: asset search, and the holdings as the one valuation values them
 * (portfolio-valuation.ts). The writes (add, edit, remove) are holdings-on-ledger.ts.
 */

export async function searchAssets(query: string, limit: number, deps: { market: PortfolioMarket }) {
  const assets = await deps.market.search(query, limit);
  const reading = deps.market.readMarket();
  const results: SearchResult[] = [];
  for (const asset of assets) {
    // Quoted symbols are few (the replay series); their quotes are in-memory, so this stays fast.
    const quoted = asset.price_source === 'quoted';
    const quote = quoted ? await reading.quote(asset.symbol) : null;
    results.push({
      symbol: asset.symbol,
      name: asset.name,
      market: asset.market,
      asset_type: asset.asset_type,
      current_price: quote ? quote.price : quoted ? null : asset.snapshot_price,
      price_as_of: quote ? quote.as_of : null,
      price_source: quote ? quote.mode : quoted || asset.snapshot_price === null ? null : 'snapshot',
      no_data_on: quoted && !quote ? reading.marketDate.date : null,
    });
  }
  return { results, market_date: reading.marketDate.date };
}

/** The holdings screen's figures, all read from the one valuation (portfolio-figures.ts). */
export async function listPortfolio(
  userId: string,
  demo: boolean,
  deps: LedgerStoreDeps,
): Promise<PortfolioResponse> {
  const [model, rows] = await Promise.all([readPortfolioValuation(userId, deps), deps.holdings.list(userId)]);
  return { ...portfolioFiguresOf(model, rows), demo };
}

/** One position of the caller's portfolio as the list shows it (the answer to an add or an edit). */
export async function valueOne(
  userId: string,
  symbol: string,
  deps: LedgerStoreDeps,
  reading: MarketReading = deps.market.readMarket(),
): Promise<PortfolioAsset> {
  const [model, rows] = await Promise.all([
    readPortfolioValuation(userId, deps, { reading }),
    deps.holdings.list(userId),
  ]);
  const asset = portfolioFiguresOf(model, rows).assets.find((entry) => entry.symbol === symbol);
  if (!asset) throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
  return asset;
}
