import { describe, expect, it } from 'vitest';
import type { ReferenceChunk } from '../../data/reference-repository';
import type { SnapshotListing } from '../../engine/types';
import { buildAssetUniverse, type QuotedSymbol } from './build-universe';
import { loadReferenceListings } from './reference-listings';
import { SEARCH_TERM_RULES, buildUniverseIndex, searchUniverse, termKeyOf } from './search-universe';
import { ETF_CATEGORIES } from '../providers/replay/us-daily-etfs';

/*
 * What people type, on realistic entries: the names are the funds' and companies' own (the screener
 * snapshot's, us-daily-etfs.ts's, the SEC's, CoinGecko's). Each expected order is the one a person
 * expects, worked out by hand from the tiers of search-universe.ts.
 */

function snapshotListing(symbol: string, name: string, marketCap: number): SnapshotListing {
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
  };
}

function quoted(symbol: string, name: string, category: string | null = null): QuotedSymbol {
  const assetType = symbol === 'BTC-USD' ? 'crypto' : 'stock';
  return { symbol, ticker: symbol, name, asset_type: assetType, frequency: 'daily', category };
}

/** Replay: the US daily history (stocks and ETFs with the manifest's category), the index, Bitcoin. */
const replay = buildUniverseIndex(
  buildAssetUniverse({
    quoted: [
      quoted('^GSPC', 'S&P 500'),
      quoted('BTC-USD', 'Bitcoin'),
      quoted('SPY', 'SPDR S&P 500 ETF Trust', 'equity_us'),
      quoted('IVV', 'iShares Core S&P 500 ETF', 'equity_us'),
      quoted('GLD', 'SPDR Gold Shares', 'gold'),
      quoted('IAU', 'iShares Gold Trust', 'gold'),
      quoted('GDX', 'VanEck Gold Miners ETF', 'sector'),
      quoted('SLV', 'iShares Silver Trust', 'commodities'),
      quoted('USO', 'United States Oil Fund', 'commodities'),
      quoted('TLT', 'iShares 20+ Year Treasury Bond ETF', 'bonds'),
      quoted('IEF', 'iShares 7-10 Year Treasury Bond ETF', 'bonds'),
      quoted('AGG', 'iShares Core U.S. Aggregate Bond ETF', 'bonds'),
      quoted('VNQ', 'Vanguard Real Estate ETF', 'real_estate'),
      quoted('XLE', 'Energy Select Sector SPDR Fund', 'sector'),
      // The lead's manifest gives a stock its sector in the same field: not an ETF category, ignored.
      quoted('NEM', 'Newmont Mining Corporation', 'Non-energy minerals'),
      quoted('SPGI', 'S&P Global Inc.'),
    ],
    snapshot: [
      snapshotListing('NEM', 'Newmont Corporation', 49_385_981_279),
      snapshotListing('SPGI', 'S&P Global Inc.', 159_636_938_538),
      snapshotListing('GOLD', 'Barrick Gold Corporation', 31_849_447_138),
      snapshotListing('GS', 'Goldman Sachs Group, Inc. (The)', 189_218_570_832),
      snapshotListing('GFI', 'Gold Fields Limited', 13_813_690_135),
      snapshotListing('KGC', 'Kinross Gold Corporation', 12_560_380_403),
      snapshotListing('SVM', 'Silvercorp Metals Inc.', 900_000_000),
      snapshotListing('PAAS', 'Pan American Silver Corp.', 9_000_000_000),
      snapshotListing('OIS', 'Oil States International, Inc.', 300_000_000),
      snapshotListing('APLE', 'Apple Hospitality REIT, Inc.', 3_500_000_000),
      snapshotListing('ET', 'Energy Transfer LP', 60_000_000_000),
      snapshotListing('SCGLY', 'Société Générale', 21_700_095_365),
    ],
  }),
);
const found = (query: string, limit = 10) =>
  searchUniverse(replay, query, limit).map((asset) => asset.symbol);

describe('search: what people type (replay)', () => {
  it('"gold" lists the gold funds GLD and IAU first, then Barrick (ticker GOLD), then names with gold', () => {
    // Tier 0 gold funds; tier 1 the GOLD ticker; tier 4 a name starting with gold; tier 5 the quoted
    // miners' fund before snapshot-only listings whatever their size (Goldman Sachs is bigger).
    expect(found('gold')).toEqual(['GLD', 'IAU', 'GOLD', 'GFI', 'GDX', 'GS', 'KGC']);
    expect(found('GOLD')).toEqual(found('gold'));
  });

  it('"s&p", "S&P 500" and "sp500" list the index and SPY first, then IVV, then S&P Global', () => {
    expect(found('s&p').slice(0, 4)).toEqual(['^GSPC', 'SPY', 'IVV', 'SPGI']);
    expect(found('S&P 500').slice(0, 3)).toEqual(['^GSPC', 'SPY', 'IVV']);
    expect(found('sp500').slice(0, 3)).toEqual(['^GSPC', 'SPY', 'IVV']);
  });

  it('"silver", "oil", "treasury" and "reit" find the fund of that kind before companies named so', () => {
    // "Silvercorp" only starts with the word (tier 5, like "Pan American Silver"): the bigger first.
    expect(found('silver')).toEqual(['SLV', 'PAAS', 'SVM']);
    expect(found('oil')).toEqual(['USO', 'OIS']);
    // Bond funds named after treasuries first (by symbol: no market cap), then the other bond funds.
    expect(found('treasury')).toEqual(['IEF', 'TLT', 'AGG']);
    expect(found('reit')).toEqual(['VNQ', 'APLE']);
    expect(found('real estate')).toEqual(['VNQ']);
  });

  it('keeps exact symbols first for tickers, with and without the caret or the coin pair', () => {
    expect(found('spy')[0]).toBe('SPY');
    expect(found('gspc')[0]).toBe('^GSPC');
    expect(found('^GSPC')[0]).toBe('^GSPC');
    expect(found('btc')[0]).toBe('BTC-USD');
    expect(found('gld')).toEqual(['GLD']);
  });

  it('puts a quoted (dated) symbol before an undated snapshot listing of the same match quality', () => {
    // Both names start with "energy"; Energy Transfer is bigger but only in the undated snapshot.
    expect(found('energy')).toEqual(['XLE', 'ET']);
  });

  it('is accent- and case-insensitive', () => {
    expect(found('societe generale')).toEqual(['SCGLY']);
    expect(found('SOCIÉTÉ')).toEqual(['SCGLY']);
  });

  it('keeps an ETF category from the provider and ignores a stock sector given in its place', () => {
    expect(replay.bySymbol.get('GLD')?.category).toBe('gold');
    expect(replay.bySymbol.get('NEM')?.category).toBeNull();
    expect(replay.bySymbol.get('GOLD')?.category).toBeNull();
  });
});

describe('search: what people type (live)', () => {
  const secTickers = [
    { ticker: 'ETHE', cik: '0001725210', title: 'Grayscale Ethereum Trust (ETH)' },
    { ticker: 'GLD', cik: '0001222333', title: 'SPDR GOLD TRUST' },
    { ticker: 'IAU', cik: '0001278680', title: 'iShares Gold Trust' },
    { ticker: 'GOLD', cik: '0000756894', title: 'Barrick Gold Corp' },
  ];
  const liveIndex = async (coins: unknown[]) => {
    const chunks: Record<string, unknown[]> = {
      'sec-tickers': [{ chunk: 'E', entries: secTickers }],
      'coingecko-coins': coins,
    };
    const listed = await loadReferenceListings({
      listChunks: async <Entry>(dataset: string) => chunks[dataset] as ReferenceChunk<Entry>[],
    });
    return buildUniverseIndex(buildAssetUniverse({ quoted: [], snapshot: [], listed }));
  };

  it('"ethereum" finds the coin first, before the trust named after it, with or without the coin list', async () => {
    const ethereum = {
      id: 'ethereum',
      symbol: 'ETH',
      name: 'Ethereum',
      market_cap_rank: 2,
      market_cap: 2.7e11,
    };
    const withList = await liveIndex([{ chunk: 'page-01', entries: [ethereum] }]);
    expect(searchUniverse(withList, 'ethereum', 10).map((asset) => asset.symbol)).toEqual([
      'ETH-USD',
      'ETHE',
    ]);
    expect(withList.bySymbol.get('ETH-USD')?.market_cap).toBe(2.7e11);
    // A fresh deployment before CoinGecko's list is stored: the fallback coins of live-listings.json.
    const withoutList = await liveIndex([]);
    expect(searchUniverse(withoutList, 'ethereum', 10).map((asset) => asset.symbol)).toEqual([
      'ETH-USD',
      'ETHE',
    ]);
    expect(searchUniverse(withoutList, 'eth', 10).map((asset) => asset.symbol)).toEqual(['ETH-USD', 'ETHE']);
  });

  it('"gold" finds GLD and IAU first from the ETF table when the source gives no category', async () => {
    const index = await liveIndex([]);
    expect(searchUniverse(index, 'gold', 4).map((asset) => asset.symbol)).toEqual([
      'GLD',
      'IAU',
      'GOLD',
      'GC=F',
    ]);
    expect(index.bySymbol.get('GLD')?.category).toBe('gold');
  });
});

describe('search-terms.json', () => {
  it('names only categories of the ETF table, and no term twice', () => {
    const known = new Set<string>(ETF_CATEGORIES);
    for (const rule of SEARCH_TERM_RULES)
      for (const category of rule.categories) expect(known).toContain(category);
    const keys = SEARCH_TERM_RULES.flatMap((rule) => rule.terms.map(termKeyOf));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
