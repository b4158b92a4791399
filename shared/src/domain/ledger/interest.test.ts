import { describe, expect, it } from 'vitest';
import { walkDays } from './daily-valuation';
import { exportTransactionsCsv } from './import/ledger-export';
import { previewImport } from './import/preview-import';
import { valuePortfolio } from './holdings';
import { reportPeriods } from './period-returns';
import { noRates, stepPrices } from './testing/market-tables';
import { TransactionDraftSchema, validateTransaction, type TransactionDraftInput } from './transaction';

/**
 * Interest as income (README "Taxes"): an INTEREST row adds to the cash and the total gain like a
 * dividend without shares, its gross on the attribution's income line and its withholding on the
 * taxes line. Figures worked by hand: 10 ACME bought at 50 (500), worth 550 from 2024-03-01;
 * interest 12 less 3.60 withheld on 2024-02-15 (8.40 net).
 */
const options = {
  baseCurrency: 'EUR' as const,
  costMethod: 'FIFO' as const,
  fx: noRates,
  prices: stepPrices({
    ACME: [
      ['2024-01-02', 50],
      ['2024-03-01', 55],
    ],
  }),
  date: '2024-06-30',
};
const buy: TransactionDraftInput = {
  type: 'BUY',
  date: '2024-01-02',
  symbol: 'ACME',
  quantity: 10,
  price: 50,
  currency: 'EUR',
};
const interest: TransactionDraftInput = {
  type: 'INTEREST',
  date: '2024-02-15',
  amount: 12,
  tax: 3.6,
  currency: 'EUR',
};

function ytd(rows: TransactionDraftInput[]) {
  const transactions = rows.map((row) => TransactionDraftSchema.parse(row));
  const days = walkDays(transactions, { ...options, to: options.date }).daily.days;
  const report = reportPeriods(transactions, days, { ...options, periods: ['YTD'] });
  return { totals: valuePortfolio(transactions, options).totals, period: report.portfolio[0]! };
}

describe('interest as income', () => {
  it('with cash rows: in the cash, the total gain, the income line and the taxes line', () => {
    const { totals, period } = ytd([
      { type: 'DEPOSIT', date: '2024-01-02', amount: 1000, currency: 'EUR' },
      buy,
      interest,
    ]);

    // Cash 1,000 - 500 + 8.40; securities 550.
    expect(totals.value_base).toBeCloseTo(1058.4, 9);
    expect(totals.interest_base).toBeCloseTo(8.4, 9);
    expect(totals.total_gain_base).toBeCloseTo(50 + 8.4, 9);
    expect(period.attribution).toEqual({
      capital_gains: expect.closeTo(50, 9),
      realised_gains: expect.closeTo(0, 9),
      dividends: expect.closeTo(12, 9),
      fees: expect.closeTo(0, 9),
      taxes: expect.closeTo(-3.6, 9),
      currency: expect.closeTo(0, 9),
      deposits_withdrawals: expect.closeTo(1000, 9),
    });
    expect(period.money_gain_base).toBeCloseTo(58.4, 9);
    // 1,008.40 / 1,000 on the interest day, 1,058.40 / 1,008.40 on 03-01.
    expect(period.time_weighted).toBeCloseTo(0.0584, 9);
  });

  it('without cash rows: income paid out of the securities, a return like a dividend', () => {
    const { period } = ytd([buy, interest]);

    expect(period.attribution).toEqual({
      capital_gains: expect.closeTo(50, 9),
      realised_gains: expect.closeTo(0, 9),
      dividends: expect.closeTo(12, 9),
      fees: expect.closeTo(0, 9),
      taxes: expect.closeTo(-3.6, 9),
      currency: expect.closeTo(0, 9),
      deposits_withdrawals: expect.closeTo(500 - 8.4, 9),
    });
    // (500 + 8.40) / 500 on the interest day, then 550 / 500.
    expect(period.time_weighted).toBeCloseTo(1.0168 * 1.1 - 1, 9);
  });

  it('goes out in the ledger CSV and comes back the same row', () => {
    const row = TransactionDraftSchema.parse(interest);

    const back = previewImport({ format: 'ledger-csv', content: exportTransactionsCsv([row]) });

    expect(back.rows.map((item) => [item.status, item.transaction])).toEqual([['valid', row]]);
  });

  it('takes an amount and a currency, no shares', () => {
    const withShares = validateTransaction({ ...interest, quantity: 3 });
    const noAmount = validateTransaction({ ...interest, amount: 0 });

    expect(withShares.ok).toBe(false);
    expect(noAmount.ok ? [] : noAmount.issues.map((issue) => issue.field)).toEqual(['amount']);
  });
});
