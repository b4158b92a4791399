import { describe, expect, it } from 'vitest';
import { decimal } from '@app/shared/domain/ledger/decimal';
import type { PortfolioValuationReadModel, ValuedPosition } from './portfolio-valuation';
import { portfolioFiguresOf } from './portfolio-figures';

/**
 * The portfolio route's figures from a hand-built valuation: value and cost rounded to cents first,
 * gain their difference; a position without a dated price in no total; the month is the 1M return.
 */

function position(symbol: string, shares: number, cost: number, value: number | null): ValuedPosition {
  const price = value === null ? null : value / shares;
  return {
    symbol,
    asset: null,
    position: {
      quantity: decimal(shares),
      lots: [{ costLocal: decimal(cost), date: '2016-06-01' }],
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
    valuation: value === null ? null : ({ cost_local: cost, value_local: value } as never),
    firstRowId: `row-${symbol}`,
  };
}

const model = {
  marketDate: '2017-01-01',
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
