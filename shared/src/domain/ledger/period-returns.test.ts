import { describe, expect, it } from 'vitest';
import { walkDays } from './daily-valuation';
import { reportPeriods, reportWindow } from './period-returns';
import { ATTRIBUTION_LINES } from './report-vocabulary';
import { stepPrices, stepRates } from './testing/market-tables';
import type { TransactionDraftInput } from './transaction';
import { TransactionDraftSchema } from './transaction';

/**
 * The worked example of README "Returns per period" (a EUR investor with cash, a EUR and a USD share),
 * every expected figure computed by hand there: values, flows, attribution lines and TWRs.
 */
const rows: TransactionDraftInput[] = [
  { type: 'DEPOSIT', date: '2023-01-02', amount: 10_000, currency: 'EUR' },
  { type: 'DEPOSIT', date: '2023-01-02', amount: 1000, currency: 'USD' },
  { type: 'BUY', date: '2023-01-02', symbol: 'ACME', quantity: 100, price: 50, fee: 5, currency: 'EUR' },
  { type: 'BUY', date: '2023-01-02', symbol: 'USCO', quantity: 10, price: 100, currency: 'USD' },
  { type: 'DIVIDEND', date: '2023-06-15', symbol: 'ACME', quantity: 100, price: 2, tax: 60, currency: 'EUR' },
  { type: 'FEE', date: '2023-09-01', amount: 10, currency: 'EUR' },
  {
    type: 'SELL',
    date: '2024-03-01',
    symbol: 'ACME',
    quantity: 40,
    price: 60,
    fee: 4,
    tax: 2,
    currency: 'EUR',
  },
  { type: 'WITHDRAWAL', date: '2024-05-01', amount: 1000, currency: 'EUR' },
];
const transactions = rows.map((row) => TransactionDraftSchema.parse(row));
const options = {
  baseCurrency: 'EUR' as const,
  costMethod: 'FIFO' as const,
  fx: stepRates({
    'USD/EUR': [
      ['2023-01-02', 0.9],
      ['2023-12-29', 0.92],
      ['2024-06-28', 0.93],
    ],
  }),
  prices: stepPrices({
    ACME: [
      ['2023-01-02', 50],
      ['2023-12-29', 55],
      ['2024-03-01', 60],
      ['2024-06-28', 58],
    ],
    USCO: [
      ['2023-01-02', 100],
      ['2023-12-29', 110],
      ['2024-06-28', 120],
    ],
  }),
  date: '2024-06-30',
};
const index = stepPrices({
  IDX: [
    ['2022-12-30', 4000],
    ['2023-12-29', 4400],
    ['2024-06-28', 4620],
  ],
});
const days = walkDays(transactions, { ...options, to: options.date }).daily.days;
const report = reportPeriods(transactions, days, { ...options, level: (date) => index('IDX', date) });
const period = (name: string) => report.portfolio.find((item) => item.period === name)!;
const sumOf = (lines: Record<string, number>) => Object.values(lines).reduce((a, b) => a + b, 0);

describe('reportWindow', () => {
  it.each([
    ['1D', '2024-06-30', '2024-06-29', '2024-06-30', true],
    // 2024-06-30 is a Sunday: the week started after the close of Sunday 2024-06-23.
    ['WTD', '2024-06-30', '2024-06-23', '2024-06-30', true],
    ['WTD', '2024-06-24', '2024-06-23', '2024-06-24', true],
    ['MTD', '2024-06-30', '2024-05-31', '2024-06-30', true],
    ['YTD', '2024-06-30', '2023-12-31', '2024-06-30', true],
    ['1Y', '2024-06-30', '2023-06-30', '2024-06-30', true],
    ['5Y', '2024-06-30', '2023-01-01', '2024-06-30', false],
    ['MAX', '2024-06-30', '2023-01-01', '2024-06-30', true],
    ['2023', '2024-06-30', '2023-01-01', '2023-12-31', false],
    ['2024', '2024-06-30', '2023-12-31', '2024-06-30', false],
    ['2024', '2025-01-05', '2023-12-31', '2024-12-31', true],
  ] as const)('%s ending %s runs from the close of %s to %s', (name, end, start, last, full) => {
    expect(reportWindow(name, end, '2023-01-02')).toEqual({ start, end: last, covers_full_period: full });
  });
});

describe('returns per period: the worked example', () => {
  it('lists every standard period and every year of the ledger, none ending after the market date', () => {
    expect(report.portfolio.map((item) => item.period)).toEqual([
      '1D',
      'WTD',
      'MTD',
      'YTD',
      '1Y',
      '5Y',
      'MAX',
      '2023',
      '2024',
    ]);
    expect(report.portfolio.every((item) => item.end <= '2024-06-30')).toBe(true);
  });

  it('values 2023 at 11,637 and splits its change by hand', () => {
    const year = period('2023');

    expect(year.value_start_base).toBe(0);
    expect(year.value_end_base).toBeCloseTo(11_637, 8);
    expect(year.money_gain_base).toBeCloseTo(737, 8);
    expect(year.attribution.capital_gains).toBeCloseTo(592, 8);
    expect(year.attribution.realised_gains).toBeCloseTo(0, 8);
    expect(year.attribution.dividends).toBeCloseTo(200, 8);
    expect(year.attribution.fees).toBeCloseTo(-15, 8);
    expect(year.attribution.taxes).toBeCloseTo(-60, 8);
    expect(year.attribution.currency).toBeCloseTo(20, 8);
    expect(year.attribution.deposits_withdrawals).toBeCloseTo(10_900, 8);
    expect(year.time_weighted).toBeCloseTo(737 / 10_900, 12);
    expect(year.benchmark_time_weighted).toBeCloseTo(0.1, 12);
  });

  it('splits 2024 to date: the sale, its fee and tax, the dollar, the withdrawal', () => {
    const ytd = period('YTD');

    expect(ytd.change_base).toBeCloseTo(-522, 8);
    expect(ytd.money_gain_base).toBeCloseTo(478, 8);
    expect(ytd.attribution).toEqual({
      capital_gains: expect.closeTo(82, 8),
      realised_gains: expect.closeTo(392, 8),
      dividends: 0,
      fees: expect.closeTo(-4, 8),
      taxes: expect.closeTo(-2, 8),
      currency: expect.closeTo(10, 8),
      deposits_withdrawals: expect.closeTo(-1000, 8),
    });
    expect(ytd.time_weighted).toBeCloseTo((12_131 / 11_637) * (11_115 / 11_131) - 1, 12);
    expect(ytd.benchmark_time_weighted).toBeCloseTo(0.05, 12);
    expect(period('2024')).toMatchObject({ change_base: ytd.change_base, time_weighted: ytd.time_weighted });
  });

  it.each(['1D', 'WTD', 'MTD', 'YTD', '1Y', '5Y', 'MAX', '2023', '2024'])(
    'adds the %s lines up to the change within 0.01',
    (name) => {
      const item = period(name);

      expect(Object.keys(item.attribution)).toEqual([...ATTRIBUTION_LINES]);
      expect(Math.abs(sumOf(item.attribution) - item.change_base)).toBeLessThan(0.01);
    },
  );

  it('gives each holding its own TWR and money gain', () => {
    const acme = report.holdings.find((holding) => holding.symbol === 'ACME')!;
    const usco = report.holdings.find((holding) => holding.symbol === 'USCO')!;
    const ytd = (periods: typeof acme.periods) => periods.find((item) => item.period === 'YTD')!;

    expect(ytd(acme.periods).time_weighted).toBeCloseTo((5994 / 5500) * (3480 / 3600) - 1, 12);
    expect(ytd(acme.periods).money_gain_base).toBeCloseTo(374, 8);
    expect(ytd(usco.periods).time_weighted).toBeCloseTo(1116 / 1012 - 1, 12);
    expect(ytd(usco.periods).money_gain_base).toBeCloseTo(104, 8);
  });

  it('gives a monthly TWR from the first month to the market date', () => {
    expect(report.monthly).toHaveLength(18);
    const march = report.monthly.find((month) => month.year === 2024 && month.month === 3)!;

    expect(march.time_weighted).toBeCloseTo(12_131 / 11_637 - 1, 12);
    expect(report.monthly.at(-1)).toMatchObject({ year: 2024, month: 6, covers_full_period: true });
  });
});
