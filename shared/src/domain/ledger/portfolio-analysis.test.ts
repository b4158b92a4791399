import { describe, expect, it } from 'vitest';
import { runLedgerBench } from './bench';
import { valueDaily } from './daily-valuation';
import { valuePortfolio } from './holdings';
import { LedgerError } from './ledger-errors';
import { analysePortfolio } from './portfolio-analysis';
import { allPeriodReturns } from './returns';
import { stepPrices, stepRates } from './testing/market-tables';
import { TransactionDraftSchema } from './transaction';

describe('analysePortfolio', () => {
  const transactions = [
    { type: 'DEPOSIT', date: '2017-01-02', amount: 5000, currency: 'EUR' },
    { type: 'BUY', date: '2017-01-03', symbol: 'AAPL', quantity: 10, price: 116.15, fee: 1, currency: 'USD' },
    { type: 'BUY', date: '2017-02-01', symbol: 'SAP', quantity: 20, price: 81.5, fee: 2, currency: 'EUR' },
    { type: 'SELL', date: '2017-04-03', symbol: 'AAPL', quantity: 4, price: 143.7, fee: 1, currency: 'USD' },
    {
      type: 'DIVIDEND',
      date: '2017-05-15',
      symbol: 'SAP',
      quantity: 20,
      price: 1.25,
      fee: 0.33,
      currency: 'EUR',
    },
  ].map((row) => TransactionDraftSchema.parse(row));
  const options = {
    baseCurrency: 'EUR' as const,
    costMethod: 'FIFO' as const,
    fx: stepRates({
      'USD/EUR': [
        ['2017-01-01', 0.95],
        ['2017-03-15', 0.92],
        ['2017-06-01', 0.89],
      ],
    }),
    prices: stepPrices({
      AAPL: [
        ['2017-01-03', 116.15],
        ['2017-04-03', 143.7],
        ['2017-06-30', 144.02],
      ],
      SAP: [
        ['2017-02-01', 81.5],
        ['2017-06-30', 88.0],
      ],
    }),
    date: '2017-06-30',
  };

  it('gives in one walk what the separate functions give', () => {
    const index = stepPrices({
      DAX: [
        ['2016-12-30', 11481],
        ['2017-06-30', 12325],
      ],
    });

    const analysis = analysePortfolio(transactions, {
      ...options,
      benchmark: { index: (date) => index('DAX', date) },
    });

    const days = valueDaily(transactions, { ...options, to: options.date }).days;
    expect(analysis.valuation).toEqual(valuePortfolio(transactions, options));
    expect(analysis.daily.days).toEqual(days);
    expect(analysis.returns).toEqual(allPeriodReturns(days, options.date));
    // The index from the end of 2017-01-01 (the day before the first row): 12,325 / 11,481 - 1.
    expect(analysis.benchmark?.benchmark_time_weighted).toBeCloseTo(12325 / 11481 - 1, 12);
  });

  it('refuses an unsupported base currency by code', () => {
    expect(() => analysePortfolio(transactions, { ...options, baseCurrency: 'SEK' as 'EUR' })).toThrow(
      LedgerError,
    );
  });
});

describe('runLedgerBench', () => {
  it('builds a valid ledger of the requested size and reports its figures (timings are not checked)', () => {
    const figures = runLedgerBench({ holdings: 5, transactions: 40, years: 1, runs: 1, warmUpRuns: 0 });

    expect([figures.holdings, figures.transactions, figures.runs]).toEqual([5, 40, 1]);
    expect(figures.days_valued).toBe(365);
    expect(figures.total.p50_ms).toBeGreaterThan(0);
  });
});
