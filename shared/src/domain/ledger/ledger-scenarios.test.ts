import { describe, expect, it } from 'vitest';
import { compareWithBenchmark } from './benchmark';
import { valueDaily } from './daily-valuation';
import { valuePortfolio } from './holdings';
import type { CostMethod } from './ledger-book';
import { asTradedPrices, type FxLookup, type PriceLookup } from './market-lookups';
import { periodReturn } from './returns';
import { xirrByBisection } from './testing/independent-xirr';
import { noRates, stepPrices, stepRates } from './testing/market-tables';
import { TransactionDraftSchema, type Transaction, type TransactionDraftInput } from './transaction';

/**
 * One scenario per case of issue 24. Every expected figure is worked out by hand in the comment
 * beside it (or, for XIRR, by the independent bisection in testing/independent-xirr.ts), never
 * read back from the code under test.
 */

const ledger = (...rows: TransactionDraftInput[]): Transaction[] =>
  rows.map((row) => TransactionDraftSchema.parse(row));

function usdPortfolio(
  transactions: Transaction[],
  prices: PriceLookup,
  date: string,
  costMethod: CostMethod = 'FIFO',
) {
  return valuePortfolio(transactions, { baseCurrency: 'USD', costMethod, fx: noRates, prices, date });
}

function usdDaily(transactions: Transaction[], prices: PriceLookup, to: string, fx: FxLookup = noRates) {
  return valueDaily(transactions, { baseCurrency: 'USD', costMethod: 'FIFO', fx, prices, to }).days;
}

describe('scenario: a partial sell', () => {
  // Buy 10 @ 100, buy 10 @ 120, sell 15 @ 130; priced 140 at the end of March. No fees.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'AAPL', quantity: 10, price: 100, currency: 'USD' },
    { type: 'BUY', date: '2017-02-01', symbol: 'AAPL', quantity: 10, price: 120, currency: 'USD' },
    { type: 'SELL', date: '2017-03-01', symbol: 'AAPL', quantity: 15, price: 130, currency: 'USD' },
  );
  const prices = stepPrices({ AAPL: [['2017-03-31', 140]] });

  it('under FIFO releases the first lot whole and half of the second', () => {
    const { holdings, totals } = usdPortfolio(transactions, prices, '2017-03-31', 'FIFO');
    const [aapl] = holdings;

    // Released cost: 10 x 100 + 5 x 120 = 1,600; proceeds 15 x 130 = 1,950; realised 350.
    expect(aapl?.realised.gain_base).toBe(350);
    // Left: 5 shares of the 2017-02-01 lot at 120, cost 600; worth 5 x 140 = 700; unrealised 100.
    expect(aapl?.lots).toEqual([
      { date: '2017-02-01', quantity: 5, cost_local: 600, cost_base: 600, estimated: false },
    ]);
    expect(aapl?.cost_base).toBe(600);
    expect(aapl?.value_base).toBe(700);
    expect(aapl?.unrealised.gain_base).toBe(100);
    expect(totals.total_gain_base).toBe(450);
  });

  it('under average cost releases 15 shares at the pooled 110', () => {
    const { holdings, totals } = usdPortfolio(transactions, prices, '2017-03-31', 'AVERAGE_COST');
    const [aapl] = holdings;

    // Pool: 20 shares for 2,200, so 110 each. Released 15 x 110 = 1,650; realised 1,950 - 1,650 = 300.
    expect(aapl?.realised.gain_base).toBe(300);
    // Left: 5 x 110 = 550 of cost, worth 700: unrealised 150. The total is the same 450 either way.
    expect(aapl?.cost_base).toBe(550);
    expect(aapl?.average_cost_local).toBe(110);
    expect(aapl?.unrealised.gain_base).toBe(150);
    expect(totals.total_gain_base).toBe(450);
  });
});

describe('scenario: a 10-for-1 split mid-period', () => {
  // Buy 10 @ 500; closes 500 (01-03), 520 (01-31); split 10:1 on 02-01 and closes 52 (02-01),
  // 54 (02-28), 55 (03-01), 56 (03-31); sell 30 @ 55 on 03-01. No fees.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'XYZ', quantity: 10, price: 500, currency: 'USD' },
    { type: 'SPLIT', date: '2017-02-01', symbol: 'XYZ', new_shares: 10, old_shares: 1 },
    { type: 'SELL', date: '2017-03-01', symbol: 'XYZ', quantity: 30, price: 55, currency: 'USD' },
  );
  const asTraded: Array<readonly [string, number]> = [
    ['2017-01-03', 500],
    ['2017-01-31', 520],
    ['2017-02-01', 52],
    ['2017-02-28', 54],
    ['2017-03-01', 55],
    ['2017-03-31', 56],
  ];
  const prices = stepPrices({ XYZ: asTraded });

  it('changes quantity and price per share, never cost', () => {
    const before = usdPortfolio(transactions, prices, '2017-01-31').holdings[0];
    const after = usdPortfolio(transactions, prices, '2017-02-01').holdings[0];

    expect([before?.quantity, before?.cost_base, before?.average_cost_local]).toEqual([10, 5000, 500]);
    // 10 x 10 = 100 shares; cost still 5,000, so 50 a share.
    expect([after?.quantity, after?.cost_base, after?.average_cost_local]).toEqual([100, 5000, 50]);
  });

  it('never changes value: 10 x 520 the day before equals 100 x 52 on the split day', () => {
    const days = usdDaily(transactions, prices, '2017-02-01');

    expect(days.at(-2)).toMatchObject({ date: '2017-01-31', value_base: 5200 });
    expect(days.at(-1)).toMatchObject({ date: '2017-02-01', value_base: 5200 });
  });

  it('releases post-split cost on a later sell and leaves the return unbroken', () => {
    const valuation = usdPortfolio(transactions, prices, '2017-03-31');
    const days = usdDaily(transactions, prices, '2017-03-31');
    const max = periodReturn(days, 'MAX', '2017-03-31');

    // 30 of 100 shares: cost 30 x 50 = 1,500; proceeds 30 x 55 = 1,650; realised 150.
    expect(valuation.holdings[0]?.realised.gain_base).toBe(150);
    // Daily returns: 01-31 5,200/5,000; 02-01 5,200/5,200; 02-28 5,400/5,200;
    // 03-01 (sale counted at day end) (70 x 55 + 1,650)/5,400 = 5,500/5,400; 03-31 3,920/3,850.
    // Product: 1.04 x 5,400/5,200 x 5,500/5,400 x 3,920/3,850 = 1.04 x 1.0576923 x 1.0181818 = 1.12
    // exactly: the same as the price path 500 -> 560 (56 x 10) on one share bought at 500.
    expect(max?.time_weighted).toBeCloseTo(0.12, 12);
  });

  it('turns a split-adjusted history back into as-traded closes with the ledger split', () => {
    const adjusted: PriceLookup = (symbol, date) => (date < '2017-02-01' ? 52 : 52.5);
    const lookup = asTradedPrices(adjusted, [
      { symbol: 'XYZ', date: '2017-02-01', new_shares: 10, old_shares: 1 },
    ]);

    expect([lookup('XYZ', '2017-01-31'), lookup('XYZ', '2017-02-01'), lookup('ABC', '2017-01-31')]).toEqual([
      520, 52.5, 52,
    ]);
  });
});

describe('scenario: a dividend', () => {
  // Buy 100 @ 40 (price flat at 40); on 04-03 a dividend of 0.37 a share, 15% withheld.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'KO', quantity: 100, price: 40, currency: 'USD' },
    {
      type: 'DIVIDEND',
      date: '2017-04-03',
      symbol: 'KO',
      quantity: 100,
      price: 0.37,
      fee: 5.55,
      currency: 'USD',
    },
  );
  const prices = stepPrices({ KO: [['2017-01-03', 40]] });

  it('counts the net dividend as income, not as a change of cost', () => {
    const { holdings, totals } = usdPortfolio(transactions, prices, '2017-04-30');

    // 100 x 0.37 = 37.00 gross, less 5.55 withheld = 31.45.
    expect(holdings[0]?.dividends_base).toBe(31.45);
    expect(holdings[0]?.cost_base).toBe(4000);
    expect(holdings[0]?.unrealised.gain_base).toBe(0);
    expect(totals.total_gain_base).toBe(31.45);
    expect(totals.fees_paid_base).toBe(5.55);
  });

  it('adds it to the day it is paid in both returns', () => {
    const days = usdDaily(transactions, prices, '2017-04-30');
    const max = periodReturn(days, 'MAX', '2017-04-30');

    // Only 04-03 moves: (4,000 + 31.45) / 4,000 = 1.0078625.
    expect(max?.time_weighted).toBeCloseTo(0.0078625, 12);
    const independent = xirrByBisection([
      { amount: -4000, date: '2017-01-03' },
      { amount: 31.45, date: '2017-04-03' },
      { amount: 4000, date: '2017-04-30' },
    ]);
    expect(max?.money_weighted_annualised).toBeCloseTo(independent, 6);
  });
});

describe('scenario: fees on both sides', () => {
  // Buy 10 @ 100 + 5 fee; close 108 from 01-20; sell 10 @ 110 - 5 fee on 02-01; a 3.00 account
  // fee on 03-01.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'MSFT', quantity: 10, price: 100, fee: 5, currency: 'USD' },
    { type: 'SELL', date: '2017-02-01', symbol: 'MSFT', quantity: 10, price: 110, fee: 5, currency: 'USD' },
    { type: 'FEE', date: '2017-03-01', amount: 3, currency: 'USD', note: 'custody' },
  );
  const prices = stepPrices({
    MSFT: [
      ['2017-01-03', 100],
      ['2017-01-20', 108],
      ['2017-02-01', 110],
    ],
  });

  it('puts the buy fee in the cost and takes the sell fee off the proceeds', () => {
    const { holdings, totals } = usdPortfolio(transactions, prices, '2017-03-31');

    // Cost 10 x 100 + 5 = 1,005; proceeds 10 x 110 - 5 = 1,095; realised 90.
    expect(holdings[0]?.realised.gain_base).toBe(90);
    expect(holdings[0]?.trade_fees_base).toBe(10);
    // The account fee is a cost of the portfolio: 90 - 3 = 87. Fees paid: 5 + 5 + 3 = 13.
    expect(totals.fees_base).toBe(3);
    expect(totals.fees_paid_base).toBe(13);
    expect(totals.total_gain_base).toBe(87);
  });

  it('loses both fees in the time-weighted return', () => {
    const days = usdDaily(transactions, prices, '2017-03-31');
    const max = periodReturn(days, 'MAX', '2017-03-31');

    // 01-03: 1,000 / 1,005; 01-20: 1,080 / 1,000; 02-01: (0 + 1,095) / 1,080; nothing held after.
    // Product: 1,095 / 1,005 = 1.0895522...: the round trip net of both fees.
    expect(max?.time_weighted).toBeCloseTo(1095 / 1005 - 1, 12);
  });
});

describe('scenario: a EUR-based investor buys a USD stock while EUR/USD moves', () => {
  // EUR per USD: 0.95 from 01-03, 0.93 from 04-03, 0.875 from 06-30. AAPL: 100, 110, 120 on the
  // same days. Buy 10 @ 100 USD; sell 4 @ 110 USD on 04-03.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'AAPL', quantity: 10, price: 100, currency: 'USD' },
    { type: 'SELL', date: '2017-04-03', symbol: 'AAPL', quantity: 4, price: 110, currency: 'USD' },
  );
  const fx = stepRates({
    'USD/EUR': [
      ['2017-01-03', 0.95],
      ['2017-04-03', 0.93],
      ['2017-06-30', 0.875],
    ],
  });
  const prices = stepPrices({
    AAPL: [
      ['2017-01-03', 100],
      ['2017-04-03', 110],
      ['2017-06-30', 120],
    ],
  });
  const options = { baseCurrency: 'EUR' as const, costMethod: 'FIFO' as const, fx, prices };

  it('converts cost at the buy date and value at the valuation date, the currency effect apart', () => {
    const { holdings, totals } = valuePortfolio(transactions, { ...options, date: '2017-06-30' });
    const [aapl] = holdings;

    // Cost: 1,000 USD x 0.95 = 950 EUR; the 4 sold release 400 USD = 380 EUR, 6 remain: 600 USD, 570 EUR.
    expect(aapl?.cost_local).toBe(600);
    expect(aapl?.cost_base).toBeCloseTo(570, 10);
    // Value: 6 x 120 = 720 USD x 0.875 = 630 EUR. Unrealised 630 - 570 = 60 EUR, of which
    // price effect (720 - 600) x 0.875 = 105 and currency effect 600 x 0.875 - 570 = -45.
    expect(aapl?.value_base).toBeCloseTo(630, 10);
    expect(aapl?.unrealised.gain_base).toBeCloseTo(60, 10);
    expect(aapl?.unrealised.price_effect_base).toBeCloseTo(105, 10);
    expect(aapl?.unrealised.currency_effect_base).toBeCloseTo(-45, 10);
    // Sale: 440 USD x 0.93 = 409.20 EUR against 380 EUR of cost: 29.20 realised, of which price
    // (440 - 400) x 0.93 = 37.20 and currency 400 x 0.93 - 380 = -8.
    expect(aapl?.realised.gain_base).toBeCloseTo(29.2, 10);
    expect(aapl?.realised.price_effect_base).toBeCloseTo(37.2, 10);
    expect(aapl?.realised.currency_effect_base).toBeCloseTo(-8, 10);
    expect(totals.total_gain_base).toBeCloseTo(89.2, 10);
  });

  it('measures the time-weighted return in euros', () => {
    const days = valueDaily(transactions, { ...options, to: '2017-06-30' }).days;
    const max = periodReturn(days, 'MAX', '2017-06-30');

    // One share in EUR: 100 x 0.95 = 95, then 110 x 0.93 = 102.30, then 120 x 0.875 = 105; the
    // sale is at the day's close, so TWR = 105 / 95 - 1 = 0.1052631...
    expect(max?.time_weighted).toBeCloseTo(105 / 95 - 1, 12);
  });

  it('says which rate is missing instead of guessing one', () => {
    const noEuroRate: FxLookup = (from, to, date) => (date < '2017-02-01' ? fx(from, to, date) : undefined);

    expect(() => valuePortfolio(transactions, { ...options, fx: noEuroRate, date: '2017-06-30' })).toThrow(
      expect.objectContaining({
        code: 'LEDGER_FX_RATE_MISSING',
        params: { from: 'USD', to: 'EUR', date: '2017-04-03' },
      }),
    );
  });
});

describe('scenario: a mid-period deposit where TWR and XIRR differ', () => {
  // Deposit 10,000 and buy 100 @ 100 on 01-03; the price rises to 120 on 03-31; deposit another
  // 10,000 and buy 80 @ 125 on 04-03; the price falls to 110 on 06-30.
  const withCash = ledger(
    { type: 'DEPOSIT', date: '2017-01-03', amount: 10000, currency: 'USD' },
    { type: 'BUY', date: '2017-01-03', symbol: 'SPY', quantity: 100, price: 100, currency: 'USD' },
    { type: 'DEPOSIT', date: '2017-04-03', amount: 10000, currency: 'USD' },
    { type: 'BUY', date: '2017-04-03', symbol: 'SPY', quantity: 80, price: 125, currency: 'USD' },
  );
  const prices = stepPrices({
    SPY: [
      ['2017-01-03', 100],
      ['2017-03-31', 120],
      ['2017-04-03', 125],
      ['2017-06-30', 110],
    ],
  });

  it('gives the investments +8% while the investor lost money', () => {
    const days = usdDaily(withCash, prices, '2017-06-30');
    const max = periodReturn(days, 'MAX', '2017-06-30');

    // TWR: 03-31 12,000/10,000; 04-03 22,500/(12,000 + 10,000); 06-30 19,800/22,500.
    // 1.2 x 22,500/22,000 x 19,800/22,500 = 1.2 x 0.9 = 1.08.
    expect(max?.time_weighted).toBeCloseTo(0.08, 12);
    // XIRR: -10,000 on 01-03, -10,000 on 04-03, +19,800 on 06-30 (178 and 88 days before the end).
    // By hand: 10,000 (x^(178/365) + x^(88/365)) = 19,800 gives 19,779 at r = -3% and 19,853 at
    // r = -2%, so r is about -2.72% a year; the bisection pins it down.
    const independent = xirrByBisection([
      { amount: -10000, date: '2017-01-03' },
      { amount: -10000, date: '2017-04-03' },
      { amount: 19800, date: '2017-06-30' },
    ]);
    expect(independent).toBeGreaterThan(-0.028);
    expect(independent).toBeLessThan(-0.027);
    expect(max?.money_weighted_annualised).toBeCloseTo(independent, 7);
    // Over the window itself: (1 + r)^(178/365) - 1.
    expect(max?.money_weighted).toBeCloseTo((1 + independent) ** (178 / 365) - 1, 7);
  });

  it('counts each BUY as the flow when the ledger has no deposits, with the same result here', () => {
    const tradesOnly = withCash.filter((transaction) => transaction.type !== 'DEPOSIT');
    const days = usdDaily(tradesOnly, prices, '2017-06-30');
    const max = periodReturn(days, 'MAX', '2017-06-30');

    expect(days.find((day) => day.date === '2017-04-03')?.inflow_base).toBe(10000);
    expect(max?.time_weighted).toBeCloseTo(0.08, 12);
  });

  it('compares with an index over the same dates', () => {
    // The index goes 2,000 -> 2,300 between the end of 01-02 (the day before the first transaction)
    // and 06-30: +15%, against the portfolio's +8%.
    const index = stepPrices({
      SPX: [
        ['2017-01-02', 2000],
        ['2017-06-30', 2300],
      ],
    });
    const days = usdDaily(withCash, prices, '2017-06-30');
    const comparison = compareWithBenchmark(days, (date) => index('SPX', date), 'MAX', '2017-06-30');

    expect(comparison?.start).toBe('2017-01-02');
    expect(comparison?.benchmark_time_weighted).toBeCloseTo(0.15, 12);
    expect(comparison?.portfolio_time_weighted).toBeCloseTo(0.08, 12);
    expect(comparison?.series.at(-1)).toMatchObject({ date: '2017-06-30' });
  });
});
