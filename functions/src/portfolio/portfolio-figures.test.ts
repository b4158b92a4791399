import { describe, expect, it } from 'vitest';
import { decimal } from '@app/shared/domain/ledger/decimal';
import type { PortfolioValuationReadModel, ValuedPosition } from './portfolio-valuation';
import { portfolioFiguresOf } from './portfolio-figures';

/**
 * The portfolio route's figures from a hand-built valuation: value and cost rounded to cents first,
 * gain their difference; a position without a dated price in no total; the month is the 1M return;
 * every amount in the ledger's base currency, named.
 */

function position(symbol: string, shares: number, cost: number, value: number | null): ValuedPosition {
  const price = value === null ? null : value / shares;
  return {
    symbol,
    asset: null,
    position: {
      quantity: decimal(shares),
      lots: [{ costLocal: decimal(cost), costBase: decimal(cost), date: '2016-06-01' }],
      firstDate: '2016-06-01',
    } as never,
    data: {
      quote:
        price === null
          ? null
          : { price, as_of: '2016-12-30', change: 1, change_percent: 1, source: 'replay' },
      bars: [],
      analysis: null,
    },
    valuation:
      value === null
        ? null
        : ({ cost_local: cost, value_local: value, cost_base: cost, value_base: value, rate: 1 } as never),
    firstRowId: `row-${symbol}`,
  };
}

const model = {
  marketDate: '2017-01-01',
  ledger: { base_currency: 'USD' },
  analysis: {
    returns: [{ period: '1M', start: '2016-12-01', end: '2017-01-01', time_weighted: 0.051234 }],
  },
  // Values ending in half cents: 1139.905 + 881.565 = 2021.47 exactly, each rounding up alone.
  positions: [
    position('AAPL', 10, 1000.004, 1139.905),
    position('SPY', 4, 800.004, 881.565),
    position('MSFT', 5, 250, null),
  ],
} as unknown as PortfolioValuationReadModel;

describe('portfolioFiguresOf', () => {
  const figures = portfolioFiguresOf(model, []);

  it('shows gain = value shown - cost shown, on each row and in the totals', () => {
    const aapl = figures.assets.find((asset) => asset.symbol === 'AAPL');
    expect(aapl).toMatchObject({ total_value: 1139.91, gain_amount: 139.91, purchase_price: 100.0004 });
    expect(figures.summary).toMatchObject({ total_value: 2021.47, total_cost: 1800.01, total_gain: 221.46 });
  });

  it('leaves a position without a dated price out of every total, and says so', () => {
    expect(figures.assets.find((asset) => asset.symbol === 'MSFT')).toMatchObject({
      total_value: null,
      gain_amount: null,
      no_data_on: '2017-01-01',
      id: 'row-MSFT',
    });
    expect(figures.summary.asset_count).toBe(3);
    expect(figures.summary.by_type.stock).toMatchObject({ count: 2, total_value: 2021.47 });
  });

  it("takes the month's return from the ledger's 1 month row", () => {
    expect(figures.summary.monthly_return_percent).toBe(5.12);
    expect(figures.summary.monthly_return_period).toEqual({ from: '2016-12-01', to: '2017-01-01' });
  });
});

describe('portfolioFiguresOf, a ledger in euros', () => {
  // 10 AAPL at $100 (a $1 day's change) on a day when a dollar is worth EUR 0.9: worth EUR 900,
  // bought for $1,000 when a dollar was worth EUR 0.85, so EUR 850 of cost; an unpriced MSFT lot
  // cost $250 at EUR 0.8 a dollar, EUR 200.
  const aapl = position('AAPL', 10, 1000, 1000);
  aapl.valuation = {
    cost_local: 1000,
    value_local: 1000,
    cost_base: 850,
    value_base: 900,
    rate: 0.9,
  } as never;
  const msft = position('MSFT', 5, 250, null);
  msft.position = { ...msft.position, lots: [{ costLocal: decimal(250), costBase: decimal(200) }] } as never;
  const euros = portfolioFiguresOf(
    {
      ...model,
      ledger: { base_currency: 'EUR' },
      positions: [aapl, msft],
    } as unknown as PortfolioValuationReadModel,
    [],
  );

  it('names the currency and gives every amount and price in it', () => {
    expect(euros.currency).toBe('EUR');
    expect(euros.assets.find((asset) => asset.symbol === 'AAPL')).toMatchObject({
      current_price: 90,
      total_value: 900,
      change_amount: 9,
      purchase_price: 85,
      gain_amount: 50,
    });
    expect(euros.assets.find((asset) => asset.symbol === 'MSFT')).toMatchObject({ purchase_price: 40 });
    expect(euros.summary).toMatchObject({
      total_value: 900,
      total_cost: 850,
      total_gain: 50,
      day_change_amount: 9,
    });
  });
});
