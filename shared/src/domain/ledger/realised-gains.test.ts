import { describe, expect, it } from 'vitest';
import { realisedGains } from './realised-gains';
import { realisedGainsCsv, type CsvLabel } from './realised-gains-csv';
import { noRates } from './testing/market-tables';
import { TransactionDraftSchema, type TransactionDraftInput } from './transaction';

/** The worked example of README "Realised gains per tax year", every figure computed by hand there. */
const rows: TransactionDraftInput[] = [
  { type: 'BUY', date: '2022-03-01', symbol: 'XYZ', quantity: 10, price: 100, fee: 10, currency: 'EUR' },
  {
    type: 'BUY',
    date: '2023-01-10',
    symbol: 'XYZ',
    quantity: 10,
    price: 120,
    fee: 10,
    tax: 2,
    currency: 'EUR',
  },
  {
    type: 'DIVIDEND',
    date: '2023-03-15',
    symbol: 'XYZ',
    quantity: 20,
    price: 1.5,
    tax: 4.5,
    currency: 'EUR',
  },
  {
    type: 'SELL',
    date: '2023-06-01',
    symbol: 'XYZ',
    quantity: 15,
    price: 130,
    fee: 15,
    tax: 5,
    currency: 'EUR',
  },
  { type: 'SELL', date: '2024-02-01', symbol: 'XYZ', quantity: 5, price: 110, fee: 5, currency: 'EUR' },
];
const transactions = rows.map((row) => TransactionDraftSchema.parse(row));
const base = { baseCurrency: 'EUR' as const, fx: noRates, date: '2024-06-30' };

describe('realised gains: the worked example', () => {
  it('matches each FIFO sale to its lots with cost, proceeds, gain, charges and term', () => {
    const report = realisedGains(transactions, { ...base, costMethod: 'FIFO' });

    expect(report.lines).toEqual([
      {
        symbol: 'XYZ',
        sell_date: '2023-06-01',
        buy_date: '2022-03-01',
        quantity: 10,
        cost_base: 1010,
        proceeds_base: expect.closeTo(1286.6667, 4),
        gain_base: expect.closeTo(276.6667, 4),
        fees_base: 10,
        taxes_base: expect.closeTo(3.3333, 4),
        holding_days: 457,
        term: 'long',
        estimated: false,
      },
      {
        symbol: 'XYZ',
        sell_date: '2023-06-01',
        buy_date: '2023-01-10',
        quantity: 5,
        cost_base: 606,
        proceeds_base: expect.closeTo(643.3333, 4),
        gain_base: expect.closeTo(37.3333, 4),
        fees_base: 5,
        taxes_base: expect.closeTo(1.6667, 4),
        holding_days: 142,
        term: 'short',
        estimated: false,
      },
      {
        symbol: 'XYZ',
        sell_date: '2024-02-01',
        buy_date: '2023-01-10',
        quantity: 5,
        cost_base: 606,
        proceeds_base: 545,
        gain_base: -61,
        fees_base: 5,
        taxes_base: 0,
        holding_days: 387,
        term: 'long',
        estimated: false,
      },
    ]);
    expect(report.years).toEqual([
      {
        year: 2023,
        proceeds_base: 1930,
        cost_base: 1616,
        gain_base: 314,
        short_term_gain_base: expect.closeTo(37.3333, 4),
        long_term_gain_base: expect.closeTo(276.6667, 4),
        fees_base: 15,
        taxes_base: 5,
        dividend_withholding_base: 4.5,
      },
      {
        year: 2024,
        proceeds_base: 545,
        cost_base: 606,
        gain_base: -61,
        short_term_gain_base: 0,
        long_term_gain_base: -61,
        fees_base: 5,
        taxes_base: 0,
        dividend_withholding_base: 0,
      },
    ]);
  });

  it('keeps every year in the totals and the asked year in the lines and per-holding totals', () => {
    const report = realisedGains(transactions, { ...base, costMethod: 'FIFO', year: 2024 });

    expect(report.years.map((year) => year.year)).toEqual([2023, 2024]);
    expect(report.lines).toHaveLength(1);
    expect(report.holdings).toEqual([expect.objectContaining({ symbol: 'XYZ', gain_base: -61 })]);
  });

  it('sells from the pool under average cost, dated by its first buy', () => {
    const report = realisedGains(transactions, { ...base, costMethod: 'AVERAGE_COST' });

    expect(report.lines.map((line) => [line.buy_date, line.cost_base, line.gain_base, line.term])).toEqual([
      ['2022-03-01', 1666.5, 263.5, 'long'],
      ['2022-03-01', 555.5, -10.5, 'long'],
    ]);
  });

  it('counts long-term from the configured number of months', () => {
    const report = realisedGains(transactions, { ...base, costMethod: 'FIFO', longTermMonths: 24 });

    expect(report.lines.map((line) => line.term)).toEqual(['short', 'short', 'short']);
  });
});

describe('realised gains as CSV', () => {
  const label = (key: CsvLabel) => `<${key}>`;
  const report = realisedGains(transactions, { ...base, costMethod: 'FIFO' });

  it('writes fr numbers with a decimal comma, dates day first, separated by semicolons', () => {
    const lines = realisedGainsCsv(report, 'fr', label).split('\r\n');

    expect(lines[1]).toBe(
      'XYZ;01/06/2023;01/03/2022;10;1010,00;1286,67;276,67;10,00;3,33;457;<term_long>;<no>',
    );
    expect(lines[3]).toBe('XYZ;01/02/2024;10/01/2023;5;606,00;545,00;-61,00;5,00;0,00;387;<term_long>;<no>');
  });

  it('writes en with a decimal point, month first, separated by commas', () => {
    const lines = realisedGainsCsv(report, 'en', label).split('\r\n');

    expect(lines[0]).toBe(
      '<symbol>,<sell_date>,<buy_date>,<quantity>,<cost>,<proceeds>,<gain>,<fees>,<taxes>,<holding_days>,<term>,<estimated>',
    );
    expect(lines[3]).toBe('XYZ,02/01/2024,01/10/2023,5,606.00,545.00,-61.00,5.00,0.00,387,<term_long>,<no>');
  });

  it('neutralises a text cell a spreadsheet would run as a formula, not a negative number', () => {
    const line = { ...report.lines[2]!, symbol: '=HYPERLINK("http://x")' };
    const csv = realisedGainsCsv({ lines: [line] }, 'es', label).split('\r\n')[1];

    expect(csv).toBe(
      `"'=HYPERLINK(""http://x"")";01/02/2024;10/01/2023;5;606,00;545,00;-61,00;5,00;0,00;387;<term_long>;<no>`,
    );
  });
});
