import { describe, expect, it } from 'vitest';
import type { SnapshotListing } from '../../engine/types';
import { buildAssetUniverse, classifyListing } from './build-universe';
import { buildUniverseIndex, foldText, searchUniverse } from './search-universe';

function listing(
  symbol: string,
  name: string,
  marketCap: number | null,
  extra: Partial<SnapshotListing> = {},
): SnapshotListing {
  return {
    symbol,
    name,
    analyst_rating: null,
    price: 10,
    change_percent_1d: 1,
    volume_1d: null,
    relative_volume_1d: null,
    market_cap: marketCap,
    pe_ratio: null,
    eps_ttm: null,
    eps_growth_ttm_yoy_pct: null,
    dividend_yield_pct: null,
    exchange: 'NYSE',
    sector: null,
    industry: null,
    ...extra,
  };
}

const universe = buildAssetUniverse({
  quoted: [
    { symbol: 'AAPL', ticker: 'AAPL', name: 'Apple Inc.', asset_type: 'stock', frequency: 'daily' },
    {
      symbol: 'AAPL-2007',
      ticker: 'AAPL',
      name: 'Apple (close only)',
      asset_type: 'stock',
      frequency: 'daily',
    },
    { symbol: '^GSPC', ticker: '^GSPC', name: 'S&P 500', asset_type: 'stock', frequency: 'daily' },
    { symbol: 'BTC-USD', ticker: 'BTC-USD', name: 'Bitcoin', asset_type: 'crypto', frequency: 'daily' },
    {
      symbol: 'FB',
      ticker: 'FB',
      name: 'Facebook, Inc. (now Meta Platforms), 2012-2014',
      asset_type: 'stock',
      frequency: 'daily',
    },
    {
      symbol: 'EURUSD=X',
      ticker: 'EURUSD=X',
      name: 'Euro / US Dollar (EUR/USD)',
      asset_type: 'alternative',
      frequency: 'daily',
    },
    {
      symbol: 'MSFT-M',
      ticker: 'MSFT',
      name: 'Microsoft (monthly)',
      asset_type: 'stock',
      frequency: 'monthly',
    },
  ],
  snapshot: [
    listing('AAPL', 'Apple Inc.', 3_474_000_000_000, { exchange: 'NASDAQ' }),
    listing('APLE', 'Apple Hospitality REIT, Inc.', 3_500_000_000, {
      industry: 'Real estate investment trusts',
    }),
    listing('AAPLX', 'Unrelated Holdings', 1_000_000),
    listing('BTM', 'Bitcoin Depot Inc.', 120_000_000),
    listing('ABIT', 'Athena Bitcoin Global', 500_000_000),
    listing('BTCS', 'BTCS Inc.', 50_000_000),
    listing('SCGLY', 'Société Générale', 20_000_000_000),
    listing('PHYS', 'Sprott Physical Gold Trust ETV', 8_700_000_000),
    listing('OBTC', 'Osprey Bitcoin Trust', null),
    listing('JPM/PL', 'JPMorgan Chase preferred L', 1_000_000),
    listing('META', 'Meta Platforms, Inc.', 1_411_000_000_000, { exchange: 'NASDAQ' }),
    listing('FBK', 'FB Financial Corporation', 2_640_000_000),
  ],
});
const index = buildUniverseIndex(universe);
const symbols = (query: string, limit = 8) =>
  searchUniverse(index, query, limit).map((asset) => asset.symbol);

describe('buildAssetUniverse', () => {
  it('lists each quoted daily series once (a quote beats the snapshot) and leaves out other windows, monthly series and ungrammatical symbols', () => {
    const bySymbol = new Map(universe.map((asset) => [asset.symbol, asset]));
    expect(bySymbol.get('AAPL')).toMatchObject({
      market: 'NASDAQ',
      price_source: 'quoted',
      snapshot_price: null,
      market_cap: 3_474_000_000_000,
    });
    expect(bySymbol.get('^GSPC')).toMatchObject({ market: 'INDEX', price_source: 'quoted' });
    expect(bySymbol.get('BTC-USD')).toMatchObject({ market: 'CRYPTO', asset_type: 'crypto' });
    expect(bySymbol.has('AAPL-2007')).toBe(false);
    expect(bySymbol.has('MSFT-M')).toBe(false);
    expect(bySymbol.has('JPM/PL')).toBe(false);
    expect(bySymbol.get('PHYS')).toMatchObject({ price_source: 'snapshot', snapshot_price: 10 });
  });

  it('keeps the replayed FB (2012-2014) and the snapshot META (undated, years later) as two assets', () => {
    const bySymbol = new Map(universe.map((asset) => [asset.symbol, asset]));
    expect(bySymbol.get('FB')).toMatchObject({
      name: 'Facebook, Inc. (now Meta Platforms), 2012-2014',
      price_source: 'quoted',
      market: 'US',
      market_cap: null,
    });
    expect(bySymbol.get('META')).toMatchObject({ price_source: 'snapshot', market: 'NASDAQ' });
    expect(symbols('fb')).toEqual(['FB', 'FBK']);
    expect(symbols('facebook')).toEqual(['FB']);
    expect(symbols('meta')).toEqual(['META', 'FB']);
  });

  it('classifies by the data in asset-classes.json: symbols, industries, then name patterns', () => {
    expect(classifyListing(listing('GLD', 'SPDR Gold Shares', null))).toBe('alternative');
    expect(classifyListing(listing('PHYS', 'Sprott Physical Gold Trust ETV', null))).toBe('alternative');
    expect(
      classifyListing(listing('O', 'Realty Income', null, { industry: 'Real estate investment trusts' })),
    ).toBe('alternative');
    expect(classifyListing(listing('LTCN', 'Grayscale Litecoin Trust (LTC)', null))).toBe('crypto');
    expect(classifyListing(listing('OBTC', 'Osprey Bitcoin Trust', null))).toBe('crypto');
    // A company that works with bitcoin is a stock, not crypto.
    expect(classifyListing(listing('BTM', 'Bitcoin Depot Inc.', null))).toBe('stock');
    expect(
      classifyListing(listing('NEM', 'Newmont Corporation', null, { industry: 'Precious metals' })),
    ).toBe('stock');
  });
});

describe('searchUniverse ranking', () => {
  it('puts the exact symbol first, then symbol prefixes, then name matches by market cap', () => {
    // AAPL exact; AAPLX symbol prefix; nothing else starts with AAPL.
    expect(symbols('aapl')).toEqual(['AAPL', 'AAPLX']);
    // "apple": name starts with it -> by market cap: Apple Inc. before Apple Hospitality.
    expect(symbols('apple')).toEqual(['AAPL', 'APLE']);
  });

  it('ranks a whole-name match above other name-word matches', () => {
    // Bitcoin (the whole name) before "Bitcoin Depot" (name starts with it) before word matches by market cap.
    expect(symbols('bitcoin')).toEqual(['BTC-USD', 'BTM', 'ABIT', 'OBTC']);
  });

  it('matches an index without its caret and a crypto pair by its coin', () => {
    expect(symbols('gspc')[0]).toBe('^GSPC');
    expect(symbols('^GSPC')[0]).toBe('^GSPC');
    expect(symbols('btc')).toEqual(['BTC-USD', 'BTCS']);
  });

  it('finds an FX pair by its symbol, its pair and its currency, on the FX market', () => {
    expect(symbols('eurusd')[0]).toBe('EURUSD=X');
    expect(symbols('EURUSD=X')[0]).toBe('EURUSD=X');
    expect(symbols('euro')).toEqual(['EURUSD=X']);
    expect(searchUniverse(index, 'eurusd', 1)[0]).toMatchObject({ market: 'FX', asset_type: 'alternative' });
  });

  it('is case- and accent-insensitive both ways', () => {
    expect(symbols('societe')).toEqual(['SCGLY']);
    expect(symbols('SOCIÉTÉ GÉN')).toEqual(['SCGLY']);
    expect(symbols('ÁPPLE')[0]).toBe('AAPL');
    expect(foldText('Société Générale')).toBe('societe generale');
  });

  it('needs every query word to prefix a name word, and honours the limit', () => {
    expect(symbols('physical gold')).toEqual(['PHYS']);
    expect(symbols('gold bitcoin')).toEqual([]);
    expect(symbols('a', 1)).toHaveLength(1);
  });
});

describe('live mode: what the sources list, unpriced until fetched', () => {
  const live = buildUniverseIndex(
    buildAssetUniverse({
      quoted: [],
      snapshot: [listing('SOL', 'Emeren Group Ltd', 1.2e8)],
      listed: [
        { symbol: 'SOL-USD', name: 'Solana', market: 'CRYPTO', asset_type: 'crypto', market_cap: 8e10 },
        {
          symbol: 'GC=F',
          name: 'Gold futures',
          market: 'FUTURES',
          asset_type: 'alternative',
          market_cap: null,
        },
        { symbol: 'EURUSD=X', name: 'EUR/USD', market: 'FX', asset_type: 'alternative', market_cap: null },
        { symbol: '^FCHI', name: 'CAC 40', market: 'INDEX', asset_type: 'stock', market_cap: null },
        // Also in the snapshot: the snapshot's listing (with its price) is kept.
        { symbol: 'SOL', name: 'EMEREN GROUP LTD', market: 'US', asset_type: 'stock', market_cap: null },
      ],
    }),
  );

  it('lists both the coin and the stock a ticker names, told apart by type, the bigger first', () => {
    expect(searchUniverse(live, 'sol', 5).map((asset) => [asset.symbol, asset.asset_type])).toEqual([
      ['SOL-USD', 'crypto'],
      ['SOL', 'stock'],
    ]);
    expect(live.bySymbol.get('SOL')?.snapshot_price).toBe(10);
  });

  it('finds futures, FX pairs and indices by name, accent- and case-insensitive, without a price', () => {
    expect(searchUniverse(live, 'GOLD', 5).map((asset) => asset.symbol)).toEqual(['GC=F']);
    expect(searchUniverse(live, 'cac', 5).map((asset) => asset.symbol)).toEqual(['^FCHI']);
    expect(searchUniverse(live, 'fchi', 5).map((asset) => asset.symbol)).toEqual(['^FCHI']);
    const gold = live.bySymbol.get('GC=F');
    expect(gold).toMatchObject({ price_source: 'snapshot', snapshot_price: null, market: 'FUTURES' });
  });
});
