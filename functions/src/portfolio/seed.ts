import { barOnOrBefore } from '../engine/market-dates';
import type { MarketEngine } from '../market-data/market-engine';
import { addHoldingAsBuy } from './holdings-on-ledger';
import type { LedgerStoreDeps } from './ledger-store';

/**
 * The demo investor's portfolio (what `GET /api/portfolio` shows without a token): a stock, the S&P 500's
 * own fund, bitcoin and a gold fund, every one a replayed instrument with a dated price. Purchase
 * prices are real closes: each series' bar on the first date of the replay window (so the purchase
 * never follows the market clock's date, in any cycle).
 */
export const DEMO_POSITIONS = [
  { symbol: 'AAPL', asset_type: 'stock', shares: 15 },
  { symbol: 'SPY', asset_type: 'stock', shares: 10 },
  { symbol: 'BTC-USD', asset_type: 'crypto', shares: 0.5 },
  { symbol: 'GLD', asset_type: 'alternative', shares: 20 },
] as const;

export interface SeedDemoPortfolioDeps extends LedgerStoreDeps {
  engine: MarketEngine;
  userId: string;
}

/** Adds the demo positions when the demo investor holds nothing yet; returns how many were added. */
export async function seedDemoPortfolio(deps: SeedDemoPortfolioDeps): Promise<number> {
  if ((await deps.holdings.list(deps.userId)).length > 0) return 0;
  let added = 0;
  for (const position of DEMO_POSITIONS) {
    const asset = await deps.market.findAsset(position.symbol);
    // Live mode lists symbols it has no price for until fetched: the demo holds only priced ones.
    if (!asset || (asset.price_source === 'snapshot' && asset.snapshot_price === null)) continue;
    let purchase: { purchase_price: number; purchase_date: string } | null = null;
    const firstDate = deps.engine.source.clock.replay?.config.calendar[0];
    if (asset.price_source === 'quoted' && firstDate) {
      const bars = await deps.engine.source.provider.getDailyBars(asset.symbol, '1900-01-01', firstDate);
      const first = barOnOrBefore(bars, firstDate)?.bar;
      if (first) purchase = { purchase_price: first.close, purchase_date: first.date };
    }
    // Through the ledger, the only writer of a portfolio (holdings-on-ledger.ts).
    await addHoldingAsBuy(
      deps.userId,
      {
        symbol: asset.symbol,
        asset_type: position.asset_type,
        shares: position.shares,
        purchase_price: purchase?.purchase_price ?? null,
        purchase_date: purchase?.purchase_date ?? null,
      },
      deps,
    );
    added += 1;
  }
  return added;
}
