import { describe, expect, it } from 'vitest';
import type { ReferenceChunk } from '../../data/reference-repository';
import { LIVE_LISTINGS, loadReferenceListings } from './reference-listings';

describe('the sources’ own lists, for live search', () => {
  it('spells coins as Yahoo does, keeps the biggest coin of a shared ticker, and adds the SEC tickers', async () => {
    const chunks: Record<string, unknown[]> = {
      'sec-tickers': [
        { chunk: 'S', entries: [{ ticker: 'SOL', cik: '0001471110', title: 'Emeren Group Ltd' }] },
      ],
      'coingecko-coins': [
        {
          chunk: '001',
          entries: [
            { id: 'solana', symbol: 'SOL', name: 'Solana', market_cap_rank: 5, market_cap: 8e10 },
            {
              id: 'wrapped-solana',
              symbol: 'SOL',
              name: 'Wrapped SOL',
              market_cap_rank: 90,
              market_cap: 1e9,
            },
          ],
        },
      ],
    };
    const listed = await loadReferenceListings({
      listChunks: async <Entry>(dataset: string) => chunks[dataset] as ReferenceChunk<Entry>[],
    });
    expect(listed.filter((entry) => entry.symbol.startsWith('SOL'))).toEqual([
      { symbol: 'SOL-USD', name: 'Solana', market: 'CRYPTO', asset_type: 'crypto', market_cap: 8e10 },
      { symbol: 'SOL', name: 'Emeren Group Ltd', market: 'US', asset_type: 'stock', market_cap: null },
    ]);
    const futures = listed.filter((entry) => entry.market === 'FUTURES').map((entry) => entry.symbol);
    expect(futures).toHaveLength(LIVE_LISTINGS.futures.length);
    expect(futures.every((symbol) => symbol.endsWith('=F'))).toBe(true);
    expect(
      listed.filter((entry) => entry.market === 'FX').every((entry) => entry.symbol.endsWith('=X')),
    ).toBe(true);
  });
});
