import * as z from 'zod';
import type { ReferenceRepository } from '../../data/reference-repository';
import type { AssetType } from '../../engine/types';
import type { CoinListing } from '../providers/coingecko';
import type { SecTicker } from '../providers/sec-edgar';
import listingsFile from './live-listings.json' with { type: 'json' };

/*
 * What live mode can search beyond the screener snapshot and the stored series: every ticker of the
 * SEC's map (stocks and many ETF trusts), CoinGecko's coins (as Yahoo spells them: SOL-USD), and the
 * futures, FX pairs, indices and main coins (until CoinGecko's list is stored) of live-listings.json. None of them has a price until it is fetched
 * (on demand): they are listed, not quoted.
 */

export interface ListedInstrument {
  symbol: string;
  name: string;
  market: string;
  asset_type: AssetType;
  /** CoinGecko's rank for coins (search ranks big coins first), else null. */
  market_cap: number | null;
}

const PairsSchema = z.array(z.tuple([z.string(), z.string()]));
const ListingsSchema = z.object({
  reason: z.string(),
  futures: PairsSchema,
  crypto: PairsSchema,
  fx: PairsSchema,
  indices: PairsSchema,
});

/** Validated once, so a typo in the JSON fails at cold start. */
export const LIVE_LISTINGS = ListingsSchema.parse(listingsFile);

export function staticListings(): ListedInstrument[] {
  const of = (pairs: [string, string][], market: string, assetType: AssetType) =>
    pairs.map(([symbol, name]) => ({ symbol, name, market, asset_type: assetType, market_cap: null }));
  return [
    ...of(LIVE_LISTINGS.futures, 'FUTURES', 'alternative'),
    ...of(LIVE_LISTINGS.fx, 'FX', 'alternative'),
    ...of(LIVE_LISTINGS.indices, 'INDEX', 'stock'),
  ];
}

/** The main coins, listed before CoinGecko's list is stored; the list's own entries come first when it is. */
export function fallbackCoinListings(): ListedInstrument[] {
  return LIVE_LISTINGS.crypto.map(([symbol, name]) => ({
    symbol,
    name,
    market: 'CRYPTO',
    asset_type: 'crypto' as const,
    market_cap: null,
  }));
}

export async function loadReferenceListings(
  reference: Pick<ReferenceRepository, 'listChunks'>,
): Promise<ListedInstrument[]> {
  const [tickers, coins] = await Promise.all([
    reference.listChunks<SecTicker>('sec-tickers'),
    reference.listChunks<CoinListing>('coingecko-coins'),
  ]);
  const companies = tickers
    .flatMap((chunk) => chunk.entries)
    .map((entry) => ({
      symbol: entry.ticker,
      name: entry.title,
      market: 'US',
      asset_type: 'stock' as const,
      market_cap: null,
    }));
  const seenCoins = new Set<string>();
  const coinListings: ListedInstrument[] = [];
  // Several coins may share a ticker: the list is by market capitalisation, so the first is the one Yahoo means.
  for (const coin of coins.sort((a, b) => a.chunk.localeCompare(b.chunk)).flatMap((chunk) => chunk.entries)) {
    const symbol = `${coin.symbol.toUpperCase()}-USD`;
    if (seenCoins.has(symbol)) continue;
    seenCoins.add(symbol);
    coinListings.push({
      symbol,
      name: coin.name,
      market: 'CRYPTO',
      asset_type: 'crypto',
      market_cap: coin.market_cap,
    });
  }
  // CoinGecko's entry of a coin (with its market cap) wins over the fallback's.
  const fallbackCoins = fallbackCoinListings().filter((coin) => !seenCoins.has(coin.symbol));
  return [...staticListings(), ...coinListings, ...fallbackCoins, ...companies];
}
