import { describe, expect, it } from 'vitest';
import {
  computeMonthlyReturnPercent,
  mergeLots,
  monthlyReturnPeriod,
  summarizePortfolio,
  valueHolding,
  type AssetQuote,
  type HoldingPosition,
  type ValuationInput,
} from './valuation';

function position(overrides: Partial<HoldingPosition>): HoldingPosition {
  return {
    id: '01J0000000000000000000000A',
    symbol: 'AAA',
    name: 'Triple A Corp.',
    asset_type: 'stock',
    shares: 10,
    purchase_price: null,
    purchase_date: null,
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** AAA: 10 shares at 125.50, bought at 100, up 2.50 on the day (from 123.00). */
const stock: ValuationInput = {
  holding: position({ purchase_price: 100, purchase_date: '2015-03-02' }),
  quote: { price: 125.5, as_of: '2016-05-10', change: 2.5, change_percent: 2.0325203, source: 'replay' },
  grade: 'B+',
  bars: [],
};
/** BTC: 0.5 coin at 1,200, no purchase price, down 30 on the day. */
const coin: ValuationInput = {
  holding: position({
    id: '01J0000000000000000000000B',
    symbol: 'BTC-USD',
    name: 'Bitcoin',
    asset_type: 'crypto',
    shares: 0.5,
  }),
  quote: { price: 1200, as_of: '2017-01-05', change: -30, change_percent: -2.4390244, source: 'replay' },
  grade: null,
  bars: [],
};
/** GGG: 40 shares at 20.84 (undated snapshot), bought at 25, no 1-day change known. */
const gold: ValuationInput = {
  holding: position({
    id: '01J0000000000000000000000C',
    symbol: 'GGG',
    name: 'Gold Trust',
    asset_type: 'alternative',
    shares: 40,
    purchase_price: 25,
  }),
  quote: { price: 20.84, as_of: null, change: null, change_percent: null, source: 'snapshot' },
  grade: null,
  bars: [],
};

/** Every scenario is valued at this market date (after every purchase date above). */
const MARKET_DATE = '2017-01-05';

describe('valueHolding', () => {
  it('values shares at the quote, with the day change and the gain against the purchase price', () => {
    expect(valueHolding(stock, MARKET_DATE)).toMatchObject({
      current_price: 125.5,
      total_value: 1255, // 10 x 125.50
      change_amount: 25, // 10 x 2.50
      change_percent: 2.03,
      gain_amount: 255, // (125.50 - 100) x 10
      gain_percent: 25.5, // 125.50 / 100 - 1
      investment_grade: 'B+',
      price_as_of: '2016-05-10',
      price_source: 'replay',
    });
  });

  it('has no gain without a purchase price, and no gain percent on a zero purchase price', () => {
    expect(valueHolding(coin, MARKET_DATE)).toMatchObject({
      total_value: 600,
      change_amount: -15,
      gain_amount: null,
      gain_percent: null,
    });
    const gift = valueHolding({ ...stock, holding: { ...stock.holding, purchase_price: 0 } }, MARKET_DATE);
    expect(gift).toMatchObject({ gain_amount: 1255, gain_percent: null });
  });

  it('rounds amounts to cents only at the output', () => {
    // 3 x 33.333333 = 99.999999 -> 100.00; loss (33.333333 - 40) x 3 = -20.000001 -> -20.00
    const thirds = valueHolding(
      {
        ...stock,
        holding: { ...stock.holding, shares: 3, purchase_price: 40 },
        quote: { ...(stock.quote as AssetQuote), price: 33.333333, change: 0.333333 },
      },
      MARKET_DATE,
    );
    expect(thirds).toMatchObject({ total_value: 100, gain_amount: -20, change_amount: 1 });
  });

  it('has no value, change or gain on a market date the asset has no price on', () => {
    expect(valueHolding({ ...stock, quote: null }, '2017-03-14')).toMatchObject({
      current_price: null,
      total_value: null,
      change_amount: null,
      gain_amount: null,
      no_data_on: '2017-03-14',
    });
  });

  it('computes no gain against a purchase dated after the market date (before the replay wrapped)', () => {
    // Bought on 2017-06-15 in one pass of the replay; the clock has wrapped to 2017-01-05.
    const later = { ...stock, holding: { ...stock.holding, purchase_date: '2017-06-15' } };
    expect(valueHolding(later, MARKET_DATE)).toMatchObject({
      total_value: 1255,
      gain_amount: null,
      gain_percent: null,
      no_data_on: null,
    });
    expect(summarizePortfolio([later], MARKET_DATE)).toMatchObject({ total_cost: null, total_gain: null });
  });
});

describe('summarizePortfolio', () => {
  const summary = summarizePortfolio([stock, coin, gold], MARKET_DATE);

  it('adds values, costs and gains of the holdings that have them', () => {
    // 1255 + 600 + 833.60
    expect(summary.total_value).toBe(2688.6);
    // costs: 10 x 100 + 40 x 25 = 2000 (BTC has no purchase price)
    expect(summary.total_cost).toBe(2000);
    // gains: 255 + (20.84 - 25) x 40 = 255 - 166.40
    expect(summary.total_gain).toBe(88.6);
    // day change: 25 - 15 (GGG unknown)
    expect(summary.day_change_amount).toBe(10);
    expect(summary.asset_count).toBe(3);
  });

  it('splits value by asset type, every type present', () => {
    expect(summary.by_type).toEqual({
      stock: { total_value: 1255, count: 1, percent: 46.68 }, // 1255 / 2688.6
      crypto: { total_value: 600, count: 1, percent: 22.32 },
      alternative: { total_value: 833.6, count: 1, percent: 31.0 },
    });
  });

  it('is all zeros for an empty portfolio', () => {
    expect(summarizePortfolio([], MARKET_DATE)).toMatchObject({
      total_value: 0,
      total_cost: null,
      total_gain: null,
      day_change_amount: 0,
      monthly_return_percent: null,
      asset_count: 0,
    });
  });
});

describe('computeMonthlyReturnPercent', () => {
  it('compares value on the market date with value a calendar month earlier, at today’s share counts', () => {
    // Market date 2017-03-14: the month starts on 2017-02-14. AAA (weekdays) closed 100 on Tuesday
    // 2017-02-14 and trades at 110 now; BTC (every day) 1000 then, 900 now; GGG has no history.
    // (10 x 110 + 0.5 x 900) / (10 x 100 + 0.5 x 1000) - 1 = 1550 / 1500 - 1 = 3.33 %
    const result = computeMonthlyReturnPercent(
      [
        {
          ...stock,
          quote: { ...(stock.quote as AssetQuote), price: 110 },
          bars: [
            { date: '2017-02-13', close: 99 },
            { date: '2017-02-14', close: 100 },
            { date: '2017-03-14', close: 110 },
          ],
        },
        {
          ...coin,
          quote: { ...(coin.quote as AssetQuote), price: 900 },
          bars: [
            { date: '2017-02-14', close: 1000 },
            { date: '2017-03-14', close: 900 },
          ],
        },
        gold,
      ],
      '2017-03-14',
    );
    expect(result).toBe(3.33);
    expect(monthlyReturnPeriod('2017-03-14')).toEqual({ from: '2017-02-14', to: '2017-03-14' });
  });

  it('takes the last close on or before the month’s first date, at most three days old', () => {
    // 2017-03-31 minus a month is 2017-02-28; Saturday 2017-04-01's month starts on 2017-03-01.
    const withBars = (bars: { date: string; close: number }[]) => ({
      ...stock,
      quote: { ...(stock.quote as AssetQuote), price: 120 },
      bars,
    });
    expect(computeMonthlyReturnPercent([withBars([{ date: '2017-02-27', close: 100 }])], '2017-03-31')).toBe(
      20,
    );
    // The last close before 2017-02-28 is four days older: no month-ago value, no return.
    expect(
      computeMonthlyReturnPercent([withBars([{ date: '2017-02-24', close: 100 }])], '2017-03-31'),
    ).toBeNull();
  });

  it('is null when no holding has a close a month back', () => {
    expect(
      computeMonthlyReturnPercent(
        [{ ...stock, bars: [{ date: '2017-03-01', close: 1 }] }, gold],
        '2017-03-14',
      ),
    ).toBeNull();
    expect(summarizePortfolio([gold], '2017-03-14').monthly_return_period).toBeNull();
  });
});

describe('mergeLots', () => {
  it('adds shares and averages the purchase price by shares; keeps the earliest date', () => {
    // (10 x 100 + 30 x 200) / 40 = 175
    expect(
      mergeLots(
        { shares: 10, purchase_price: 100, purchase_date: '2016-02-01' },
        { shares: 30, purchase_price: 200, purchase_date: '2015-07-15' },
      ),
    ).toEqual({ shares: 40, purchase_price: 175, purchase_date: '2015-07-15' });
  });

  it('keeps fractional shares exact to 8 decimals and the price to 6', () => {
    // 0.1 + 0.2 = 0.3 (not 0.30000000000000004); (0.1 x 1000 + 0.2 x 1300) / 0.3 = 1200
    expect(
      mergeLots(
        { shares: 0.1, purchase_price: 1000, purchase_date: null },
        { shares: 0.2, purchase_price: 1300, purchase_date: null },
      ),
    ).toEqual({
      shares: 0.3,
      purchase_price: 1200,
      purchase_date: null,
    });
    // (1 x 10 + 2 x 11) / 3 = 10.666666...
    expect(
      mergeLots(
        { shares: 1, purchase_price: 10, purchase_date: null },
        { shares: 2, purchase_price: 11, purchase_date: null },
      ).purchase_price,
    ).toBe(10.666667);
  });

  it('makes the average unknown when a lot has no purchase price, rather than misstate the gain', () => {
    expect(
      mergeLots(
        { shares: 5, purchase_price: 100, purchase_date: '2016-01-04' },
        { shares: 5, purchase_price: null, purchase_date: null },
      ),
    ).toEqual({
      shares: 10,
      purchase_price: null,
      purchase_date: '2016-01-04',
    });
  });
});
