import { describe, expect, it } from 'vitest';
import { dividendIncome } from './dividend-income';
import { noRates, stepRates } from './testing/market-tables';
import { TransactionDraftSchema, type TransactionDraftInput } from './transaction';

/** The worked example of README "Dividend income ahead", every figure computed by hand there. */
const rows: TransactionDraftInput[] = [
  { type: 'BUY', date: '2023-01-02', symbol: 'OLDCO', quantity: 10, price: 10, currency: 'EUR' },
  { type: 'BUY', date: '2023-01-10', symbol: 'ACME', quantity: 100, price: 50, fee: 5, currency: 'EUR' },
  { type: 'DIVIDEND', date: '2023-02-01', symbol: 'OLDCO', quantity: 10, price: 1, currency: 'EUR' },
  {
    type: 'DIVIDEND',
    date: '2023-03-15',
    symbol: 'ACME',
    quantity: 100,
    price: 0.4,
    tax: 6,
    currency: 'EUR',
  },
  { type: 'BUY', date: '2023-05-02', symbol: 'USCO', quantity: 10, price: 100, currency: 'USD' },
  {
    type: 'DIVIDEND',
    date: '2023-09-15',
    symbol: 'ACME',
    quantity: 100,
    price: 0.5,
    fee: 1,
    tax: 7.5,
    currency: 'EUR',
  },
  {
    type: 'DIVIDEND',
    date: '2023-11-20',
    symbol: 'USCO',
    quantity: 10,
    price: 1.2,
    tax: 1.8,
    currency: 'USD',
  },
  { type: 'SELL', date: '2023-12-01', symbol: 'OLDCO', quantity: 10, price: 12, currency: 'EUR' },
  { type: 'BUY', date: '2024-01-05', symbol: 'NODV', quantity: 5, price: 20, currency: 'EUR' },
  { type: 'SPLIT', date: '2024-02-01', symbol: 'ACME', new_shares: 2, old_shares: 1 },
  {
    type: 'DIVIDEND',
    date: '2024-03-15',
    symbol: 'ACME',
    quantity: 200,
    price: 0.3,
    tax: 9,
    currency: 'EUR',
  },
  { type: 'BUY', date: '2024-04-01', symbol: 'ACME', quantity: 50, price: 30, currency: 'EUR' },
  {
    type: 'DIVIDEND',
    date: '2024-05-20',
    symbol: 'USCO',
    quantity: 10,
    price: 1.2,
    tax: 1.8,
    currency: 'USD',
  },
  // After the valuation day: never read.
  { type: 'DIVIDEND', date: '2024-07-15', symbol: 'ACME', quantity: 250, price: 9, currency: 'EUR' },
];
const transactions = rows.map((row) => TransactionDraftSchema.parse(row));
const fx = stepRates({
  'USD/EUR': [
    ['2023-01-01', 0.9],
    ['2024-01-01', 0.92],
    ['2024-06-01', 0.93],
  ],
});
const options = { baseCurrency: 'EUR' as const, costMethod: 'FIFO' as const, fx, date: '2024-06-30' };

describe('dividend income: the worked example', () => {
  it('lists every dividend recorded up to the valuation day per month and holding, in EUR at its day’s rate', () => {
    const report = dividendIncome(transactions, options);

    expect(report.calendar).toEqual([
      {
        year: 2023,
        month: 2,
        symbol: 'OLDCO',
        payments: 1,
        gross_base: 10,
        fees_base: 0,
        withholding_base: 0,
        net_base: 10,
      },
      {
        year: 2023,
        month: 3,
        symbol: 'ACME',
        payments: 1,
        gross_base: 40,
        fees_base: 0,
        withholding_base: 6,
        net_base: 34,
      },
      {
        year: 2023,
        month: 9,
        symbol: 'ACME',
        payments: 1,
        gross_base: 50,
        fees_base: 1,
        withholding_base: 7.5,
        net_base: 41.5,
      },
      {
        year: 2023,
        month: 11,
        symbol: 'USCO',
        payments: 1,
        gross_base: expect.closeTo(10.8, 9),
        fees_base: 0,
        withholding_base: expect.closeTo(1.62, 9),
        net_base: expect.closeTo(9.18, 9),
      },
      {
        year: 2024,
        month: 3,
        symbol: 'ACME',
        payments: 1,
        gross_base: 60,
        fees_base: 0,
        withholding_base: 9,
        net_base: 51,
      },
      {
        year: 2024,
        month: 5,
        symbol: 'USCO',
        payments: 1,
        gross_base: expect.closeTo(11.04, 9),
        fees_base: 0,
        withholding_base: expect.closeTo(1.656, 9),
        net_base: expect.closeTo(9.384, 9),
      },
    ]);
  });

  it('projects the trailing 12 months’ dividends per share (split-adjusted) times the shares held now', () => {
    const report = dividendIncome(transactions, options);

    expect(report.trailing_from).toBe('2023-07-01');
    expect(report.projection).toEqual([
      // 0.50 before the 2-for-1 split is 0.25 a share now, + 0.30: 0.55 x 250 = 137.5 on a cost of 5,005 + 1,500.
      {
        symbol: 'ACME',
        quantity: 250,
        cost_base: 6505,
        trailing_payments: 2,
        trailing_dividends_per_share_base: 0.55,
        projected_income_base: 137.5,
        yield_on_cost: expect.closeTo(137.5 / 6505, 12),
      },
      // Held, never paid: no projection.
      {
        symbol: 'NODV',
        quantity: 5,
        cost_base: 100,
        trailing_payments: 0,
        trailing_dividends_per_share_base: null,
        projected_income_base: null,
        yield_on_cost: null,
      },
      // 1.20 + 1.20 USD at the valuation day's 0.93: 2.232 EUR a share, 22.32 on a cost of 900.
      {
        symbol: 'USCO',
        quantity: 10,
        cost_base: 900,
        trailing_payments: 2,
        trailing_dividends_per_share_base: expect.closeTo(2.232, 9),
        projected_income_base: expect.closeTo(22.32, 9),
        yield_on_cost: expect.closeTo(0.0248, 12),
      },
    ]);
    expect(report.projected_income_base).toBeCloseTo(159.82, 9);
    expect(report.yield_on_cost).toBeCloseTo(159.82 / 7405, 12);
  });

  it('counts a dividend paid the day after the window opens and not one paid on its first day', () => {
    const held = {
      type: 'BUY',
      date: '2022-01-03',
      symbol: 'XYZ',
      quantity: 4,
      price: 25,
      currency: 'EUR',
    } as const;
    const paid = (date: string, price: number) =>
      TransactionDraftSchema.parse({
        type: 'DIVIDEND',
        date,
        symbol: 'XYZ',
        quantity: 4,
        price,
        currency: 'EUR',
      });
    const report = dividendIncome(
      [
        TransactionDraftSchema.parse(held),
        paid('2023-06-30', 100),
        paid('2023-07-01', 1),
        paid('2024-06-30', 2),
      ],
      { ...options, fx: noRates },
    );

    expect(report.projection).toEqual([
      {
        symbol: 'XYZ',
        quantity: 4,
        cost_base: 100,
        trailing_payments: 2,
        trailing_dividends_per_share_base: 3,
        projected_income_base: 12,
        yield_on_cost: 0.12,
      },
    ]);
  });

  it('has nothing to show for a ledger without dividends', () => {
    const report = dividendIncome([], { ...options, fx: noRates });

    expect(report).toMatchObject({
      calendar: [],
      projection: [],
      projected_income_base: 0,
      yield_on_cost: null,
    });
  });
});
