import { isFxSymbol } from '../engine/fx-rates';
import type { SymbolInfo } from '../engine/types';

export type MarketGroup = 'indices' | 'crypto' | 'commodities' | 'bonds' | 'currencies';

/**
 * The funds the dashboard's columns show beside the index, the coin, the commodities and the FX
 * pairs (docs/product.md "Screens", dashboard): the S&P 500's own fund, gold and two bond funds.
 * Every other stock and fund of the universe is listed and graded, not pinned to a column.
 */
export const DASHBOARD_FUNDS: Readonly<Record<string, MarketGroup>> = {
  SPY: 'indices',
  GLD: 'commodities',
  TLT: 'bonds',
  AGG: 'bonds',
};

export function marketGroupOf(info: Pick<SymbolInfo, 'symbol' | 'asset_type'>): MarketGroup | null {
  const fund = DASHBOARD_FUNDS[info.symbol];
  if (fund) return fund;
  if (info.symbol.startsWith('^')) return 'indices';
  if (info.asset_type === 'crypto') return 'crypto';
  if (isFxSymbol(info.symbol)) return 'currencies';
  if (info.symbol.endsWith('=F')) return 'commodities';
  return null;
}
