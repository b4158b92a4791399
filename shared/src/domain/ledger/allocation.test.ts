import { describe, expect, it } from 'vitest';
import { allocatePortfolio, type DescribeInstrument } from './allocation';

/*
 * A portfolio worked out by hand (values already in the base currency):
 *   AAPL  600 USD  stock   "Electronic Technology"
 *   MSFT  300 USD  stock   "Technology Services"
 *   BTC   100 USD  crypto  no sector in the data
 *   SAP   200 EUR  stock   "Technology Services"
 *   GLD     0 USD  sold out: left out
 *   ZZZZ   50 USD  a symbol the data does not describe
 *   cash  250 USD, 50 EUR
 * Total 600 + 300 + 100 + 200 + 50 + 250 + 50 = 1550.
 *   by type:     stock 1100 (1100/1550), cash 300, crypto 100, unknown 50
 *   by sector:   Technology Services 500, Electronic Technology 600, cash 300, unknown 100 + 50 = 150
 *   by currency: USD 600 + 300 + 100 + 50 + 250 = 1300, EUR 200 + 50 = 250
 */
const DESCRIBED: Record<string, { asset_type: string; sector: string | null }> = {
  AAPL: { asset_type: 'stock', sector: 'Electronic Technology' },
  MSFT: { asset_type: 'stock', sector: 'Technology Services' },
  'BTC-USD': { asset_type: 'crypto', sector: null },
  SAP: { asset_type: 'stock', sector: 'Technology Services' },
  GLD: { asset_type: 'alternative', sector: null },
};
const describeInstrument: DescribeInstrument = (symbol) => DESCRIBED[symbol] ?? null;

const positions = [
  { symbol: 'AAPL', currency: 'USD', value_base: 600 },
  { symbol: 'MSFT', currency: 'USD', value_base: 300 },
  { symbol: 'BTC-USD', currency: 'USD', value_base: 100 },
  { symbol: 'SAP', currency: 'EUR', value_base: 200 },
  { symbol: 'GLD', currency: 'USD', value_base: 0 },
  { symbol: 'ZZZZ', currency: 'USD', value_base: 50 },
];
const cash = [
  { currency: 'USD', value_base: 250 },
  { currency: 'EUR', value_base: 50 },
];

describe('allocatePortfolio', () => {
  const allocation = allocatePortfolio(positions, cash, describeInstrument);
  const brief = (slices: typeof allocation.by_asset_type) =>
    slices.map(({ kind, key, value_base }) => [kind, key, value_base]);

  it('splits the value by asset type, cash apart, an undescribed symbol as unknown', () => {
    expect(allocation.total_base).toBe(1550);
    expect(brief(allocation.by_asset_type)).toEqual([
      ['known', 'stock', 1100],
      ['cash', null, 300],
      ['known', 'crypto', 100],
      ['unknown', null, 50],
    ]);
    expect(allocation.by_asset_type[0]?.share).toBeCloseTo(1100 / 1550, 12);
  });

  it('splits it by sector, a listing without one counted as unknown, never guessed', () => {
    expect(brief(allocation.by_sector)).toEqual([
      ['known', 'Electronic Technology', 600],
      ['known', 'Technology Services', 500],
      ['cash', null, 300],
      ['unknown', null, 150],
    ]);
  });

  it('splits it by currency, cash in its own currency, and every list adds up to the same total', () => {
    expect(brief(allocation.by_currency)).toEqual([
      ['known', 'USD', 1300],
      ['known', 'EUR', 250],
    ]);
    for (const slices of [allocation.by_asset_type, allocation.by_sector, allocation.by_currency]) {
      expect(slices.reduce((sum, slice) => sum + slice.share, 0)).toBeCloseTo(1, 12);
    }
  });

  it('gives an empty portfolio empty lists and no share to divide', () => {
    expect(allocatePortfolio([], [], describeInstrument)).toEqual({
      total_base: 0,
      by_asset_type: [],
      by_sector: [],
      by_currency: [],
    });
  });
});
