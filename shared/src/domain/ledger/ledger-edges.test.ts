import { describe, expect, it } from 'vitest';
import { eachDay } from './calendar';
import type { DailyPoint } from './daily-valuation';
import { valuePortfolio, type ValuationOptions } from './holdings';
import { LedgerError } from './ledger-errors';
import { moneyWeightedReturn } from './returns';
import { noRates, stepPrices } from './testing/market-tables';
import { TransactionDraftSchema, type Transaction, type TransactionDraftInput } from './transaction';
import { solveXirr } from './xirr-solver';

/** The edge cases of issue 43, "Correct at the edges": expected values are worked out by hand. */

const ledger = (...rows: TransactionDraftInput[]): Transaction[] =>
  rows.map((row) => TransactionDraftSchema.parse(row));

const options = (costMethod: ValuationOptions['costMethod']): ValuationOptions => ({
  baseCurrency: 'USD',
  costMethod,
  fx: noRates,
  prices: stepPrices({}),
  date: '2017-01-31',
});

const trade = (
  type: 'BUY' | 'SELL',
  date: string,
  quantity: number,
  price: number,
): TransactionDraftInput => ({ type, date, symbol: 'VT', quantity, price, currency: 'USD' });
const buy = (date: string, quantity: number, price: number): TransactionDraftInput =>
  trade('BUY', date, quantity, price);
const sell = (date: string, quantity: number, price: number): TransactionDraftInput =>
  trade('SELL', date, quantity, price);

describe('a sale within the smallest amount (1e-8) of what is held', () => {
  it.each(['FIFO', 'AVERAGE_COST'] as const)('closes thirds bought as floats exactly (%s)', (method) => {
    // 0.3333333333333333 + 0.6666666666666666 = 0.9999999999999999 held; selling 1 is 1e-16 over.
    const transactions = ledger(
      buy('2017-01-03', 0.3333333333333333, 30),
      buy('2017-01-04', 0.6666666666666666, 60),
      sell('2017-01-05', 1, 90),
    );

    const { holdings, distinct_symbols_held } = valuePortfolio(transactions, options(method));

    // Cost 0.3333333333333333 x 30 + 0.6666666666666666 x 60 = 49.999999999999995; proceeds 90.
    expect([holdings[0]?.quantity, holdings[0]?.lots, holdings[0]?.cost_base, distinct_symbols_held]).toEqual(
      [0, [], 0, 0],
    );
    expect(holdings[0]?.realised.gain_base).toBeCloseTo(40, 10);
  });

  it('closes the position when the sale is just under what is held, leaving no dust', () => {
    const transactions = ledger(buy('2017-01-03', 1, 10), sell('2017-01-05', 0.999999995, 12));

    const { holdings, distinct_symbols_held } = valuePortfolio(transactions, options('FIFO'));

    // All 1 share's cost (10) is released; proceeds 0.999999995 x 12 = 11.99999994.
    expect([holdings[0]?.quantity, distinct_symbols_held]).toEqual([0, 0]);
    expect(holdings[0]?.realised.gain_base).toBeCloseTo(1.99999994, 10);
  });

  it('accepts exactly the smallest amount over, and refuses anything beyond it', () => {
    const atTheLimit = ledger(buy('2017-01-03', 1, 10), sell('2017-01-05', 1.00000001, 10));
    const beyond = ledger(buy('2017-01-03', 1, 10), sell('2017-01-05', 1.00000002, 10));

    expect(valuePortfolio(atTheLimit, options('FIFO')).holdings[0]?.quantity).toBe(0);
    expect(() => valuePortfolio(beyond, options('FIFO'))).toThrow(LedgerError);
  });

  it('still sells part of a holding normally', () => {
    const transactions = ledger(buy('2017-01-03', 1, 10), sell('2017-01-05', 0.5, 12));

    expect(valuePortfolio(transactions, options('FIFO')).holdings[0]?.quantity).toBe(0.5);
  });
});

const at = (date: string): Date => new Date(`${date}T00:00:00Z`);

describe('solveXirr', () => {
  // 2017-01-01, 2017-03-15 and 2017-05-27 are 73 and 146 days apart: 0.2 and 0.4 years. With
  // y = (1 + r)^-0.2, the flows -A, +B, +C on those days give -A + B y + C y^2 = 0, a quadratic:
  // y = (-B + sqrt(B^2 + 4 A C)) / (2 C) and 1 + r = y^-5.
  const quadratic = (a: number, b: number, c: number): number =>
    ((-b + Math.sqrt(b * b + 4 * a * c)) / (2 * c)) ** -5;

  it.each([
    [1000, 1, 1],
    [1000, 10, 1],
    [1000, 100, 1],
    [1000, 700, 1],
  ])('finds the root near minus 100 percent of -%d, +%d, +%d', (a, b, c) => {
    const rate = solveXirr([
      { amount: -a, when: at('2017-01-01') },
      { amount: b, when: at('2017-03-15') },
      { amount: c, when: at('2017-05-27') },
    ]);

    // Compared on 1 + r, relatively: near -100 % that is where the information is.
    expect(rate).not.toBeNull();
    expect((1 + rate!) / quadratic(a, b, c)).toBeCloseTo(1, 8);
  });

  it('finds an ordinary rate: 1,000 grown to 1,100 in a year is 10 %', () => {
    const rate = solveXirr([
      { amount: -1000, when: at('2017-01-01') },
      { amount: 1100, when: at('2018-01-01') },
    ]);

    expect(rate).toBeCloseTo(0.1, 10);
  });

  it('returns one of the two roots when there are two (10 % and 20 %)', () => {
    // -100 + 230 y - 132 y^2 = 0 with y = 1 / (1 + r): y = 1/1.1 or 1/1.2.
    const rate = solveXirr([
      { amount: -100, when: at('2017-01-01') },
      { amount: 230, when: at('2018-01-01') },
      { amount: -132, when: at('2019-01-01') },
    ]);

    expect([0.1, 0.2].some((root) => Math.abs(root - rate!) < 1e-9)).toBe(true);
  });

  it('says "no solution" only when there is none', () => {
    // -100 + 300 y - 300 y^2 = 0 has no real root (300^2 - 4 x 300 x 100 < 0), though money goes both ways.
    const noRoot = solveXirr([
      { amount: -100, when: at('2017-01-01') },
      { amount: 300, when: at('2018-01-01') },
      { amount: -300, when: at('2019-01-01') },
    ]);
    const oneWay = solveXirr([
      { amount: -100, when: at('2017-01-01') },
      { amount: -100, when: at('2018-01-01') },
    ]);

    expect([noRoot, oneWay]).toEqual([null, null]);
  });

  it('reports -100 % when everything was lost', () => {
    expect(
      solveXirr([
        { amount: -100, when: at('2017-01-01') },
        { amount: 0, when: at('2018-01-01') },
      ]),
    ).toBe(-1);
  });
});

describe('moneyWeightedReturn near -100 %', () => {
  it('gives the rate of a portfolio that lost nearly everything, where Newton alone gave up', () => {
    // 1,000 in on 2017-01-01; 1 taken out on 2017-03-15; worth 1 on 2017-05-27 (the -A, +B, +C above).
    let value = 1000;
    const days: DailyPoint[] = eachDay('2017-01-01', '2017-05-27').map((date) => {
      const inflow = date === '2017-01-01' ? 1000 : 0;
      const outflow = date === '2017-03-15' ? 1 : 0;
      value =
        date < '2017-03-15'
          ? 1000 - (999 * (Date.parse(date) - Date.parse('2017-01-01'))) / 73 / 86_400_000
          : 1;
      return {
        date,
        value_base: value,
        inflow_base: inflow,
        outflow_base: outflow,
        income_base: 0,
        net_contributions_base: 1000,
      };
    });

    const result = moneyWeightedReturn(days, {
      start: '2016-12-31',
      end: '2017-05-27',
      covers_full_period: true,
    });

    // y^2 + y - 1000 = 0: y = (-1 + sqrt(4001)) / 2, 1 + r = y^-5.
    expect(result).not.toBeNull();
    expect((1 + result!.annualised) / ((-1 + Math.sqrt(4001)) / 2) ** -5).toBeCloseTo(1, 8);
  });
});
