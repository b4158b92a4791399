import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { valuePortfolio } from '../holdings';
import { stepPrices } from '../testing/market-tables';
import { importableTransactions, type ImportPreview } from './import-preview';
import { previewImport, type ImportFormat } from './preview-import';
import { withoutFingerprints } from '../testing/import-results';

/**
 * Each broker preset on its sample file (fixtures/README.md says where each format comes from).
 * Every file holds valid rows, one malformed row and one exact duplicate; the expected transactions
 * are read off the sample files by hand.
 */
const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function preview(format: ImportFormat, file: string, existing?: ReadonlySet<string>): ImportPreview {
  return previewImport({
    format,
    content: fixture(file),
    latestAllowedDate: '2017-06-30',
    ...(existing ? { existingFingerprints: existing } : {}),
  });
}

const statuses = (result: ImportPreview) => result.rows.map((row) => [row.row_number, row.status]);
const issuesOf = (result: ImportPreview, rowNumber: number) =>
  result.rows.find((row) => row.row_number === rowNumber)?.issues;

describe('Interactive Brokers activity statement (Trades section)', () => {
  const result = preview('interactive-brokers', 'interactive-brokers-activity-statement.csv');

  it('reads the order lines, skipping sub-totals, totals and other sections', () => {
    expect(result.file_issues).toEqual([]);
    expect(statuses(result)).toEqual([
      [9, 'valid'],
      [10, 'valid'],
      [11, 'invalid'],
      [13, 'valid'],
      [15, 'valid'],
      [16, 'duplicate'],
      [20, 'invalid'],
    ]);
    expect(result.summary).toEqual({ rows: 7, valid: 4, invalid: 2, duplicate: 1, already_imported: 0 });
  });

  it('turns signed quantities and negative commissions into BUY and SELL with fees', () => {
    expect(withoutFingerprints(result)).toEqual([
      {
        type: 'BUY',
        date: '2017-01-03',
        symbol: 'AAPL',
        quantity: 20,
        price: 116.15,
        fee: 1,
        currency: 'USD',
        estimated: false,
      },
      {
        type: 'SELL',
        date: '2017-03-01',
        symbol: 'AAPL',
        quantity: 5,
        price: 139.79,
        fee: 1,
        currency: 'USD',
      },
      {
        type: 'BUY',
        date: '2017-04-03',
        symbol: 'KO',
        quantity: 50,
        price: 41.43,
        fee: 1,
        currency: 'USD',
        estimated: false,
      },
      // "1,500" in quotes: a thousands separator.
      {
        type: 'BUY',
        date: '2017-02-01',
        symbol: 'MSFT',
        quantity: 1500,
        price: 63.58,
        fee: 7.5,
        currency: 'USD',
        estimated: false,
      },
    ]);
  });

  it('flags the truncated line, the repeated order and the forex trade by code', () => {
    expect(issuesOf(result, 11)).toEqual([
      { field: null, code: 'LEDGER_IMPORT_ROW_FIELD_COUNT', params: { expected: 16, actual: 9 } },
    ]);
    expect(issuesOf(result, 16)).toEqual([
      { field: null, code: 'LEDGER_IMPORT_DUPLICATE_IN_FILE', params: { first_row: 15 } },
    ]);
    expect(issuesOf(result, 20)).toEqual([
      { field: 'type', code: 'LEDGER_IMPORT_ACTION_UNSUPPORTED', params: { value: 'Forex' } },
    ]);
  });

  it('derives the holdings the statement reports (15 AAPL at a basis of 1,743)', () => {
    const valuation = valuePortfolio(importableTransactions(result), {
      baseCurrency: 'USD',
      costMethod: 'FIFO',
      fx: () => undefined,
      prices: stepPrices({}),
      date: '2017-06-30',
    });
    const aapl = valuation.holdings.find((holding) => holding.symbol === 'AAPL');

    // Open Positions line of the statement: AAPL 15, cost basis 1,743; realised 116.95.
    expect([aapl?.quantity, aapl?.cost_base, aapl?.realised.gain_base]).toEqual([15, 1743, 116.95]);
  });
});

describe('DEGIRO transactions export', () => {
  const result = preview('degiro', 'degiro-transactions.csv');

  it('reads every row, newest first as DEGIRO writes them', () => {
    expect(result.file_issues).toEqual([]);
    expect(statuses(result)).toEqual([
      [2, 'invalid'],
      [3, 'valid'],
      [4, 'valid'],
      [5, 'duplicate'],
      [6, 'valid'],
    ]);
    expect(issuesOf(result, 2)).toEqual([
      { field: null, code: 'LEDGER_IMPORT_ROW_FIELD_COUNT', params: { expected: 18, actual: 7 } },
    ]);
    expect(issuesOf(result, 5)).toEqual([
      { field: null, code: 'LEDGER_IMPORT_DUPLICATE_IN_FILE', params: { first_row: 4 } },
    ]);
  });

  it('reads decimal commas and converts the EUR fees of a USD trade at the row rate', () => {
    expect(withoutFingerprints(result)).toEqual([
      // Fees 0.51 + 0.99 AutoFX = 1.50 EUR x 1.0515 USD/EUR = 1.57725 USD.
      {
        type: 'SELL',
        date: '2017-03-02',
        symbol: 'US0378331005',
        quantity: 3,
        price: 138.96,
        fee: 1.57725,
        currency: 'USD',
      },
      // Fees 0.51 + 1.49 = 2.00 EUR x 1.0798 = 2.1596 USD.
      {
        type: 'BUY',
        date: '2017-02-01',
        symbol: 'US0378331005',
        quantity: 5,
        price: 128.75,
        fee: 2.1596,
        currency: 'USD',
        estimated: false,
      },
      // A EUR trade: the 2.04 EUR fee stays as it is.
      {
        type: 'BUY',
        date: '2017-01-03',
        symbol: 'IE00B4L5Y983',
        quantity: 10,
        price: 43.5,
        fee: 2.04,
        currency: 'EUR',
        estimated: false,
      },
    ]);
  });

  it('warns that the symbol is an ISIN and that a fee was converted', () => {
    const sell = result.rows.find((row) => row.row_number === 3);

    expect(sell?.warnings).toEqual([
      {
        field: 'symbol',
        code: 'LEDGER_IMPORT_SYMBOL_IS_ISIN',
        params: { isin: 'US0378331005', product: 'APPLE INC. - COMMON STOCK' },
      },
      { field: 'fee', code: 'LEDGER_IMPORT_FEE_CONVERTED', params: { from: 'EUR', to: 'USD', rate: 1.0515 } },
    ]);
  });
});

describe('Trading 212 history export', () => {
  const result = preview('trading-212', 'trading-212-history.csv');

  it('maps each action and rejects the ones the ledger does not hold', () => {
    expect(result.file_issues).toEqual([]);
    expect(statuses(result)).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'duplicate'],
      [5, 'valid'],
      [6, 'valid'],
      [7, 'valid'],
      [8, 'invalid'],
      [9, 'valid'],
    ]);
    expect(issuesOf(result, 8)).toEqual([
      { field: null, code: 'LEDGER_IMPORT_ROW_FIELD_COUNT', params: { expected: 19, actual: 5 } },
    ]);
  });

  it('reads trades, the dividend with its withholding, interest, deposits and withdrawals', () => {
    expect(withoutFingerprints(result)).toEqual([
      { type: 'DEPOSIT', date: '2017-01-03', amount: 1000, currency: 'EUR' },
      // Conversion fee 0.67 EUR x 1.04835 USD/EUR = 0.7023945 USD.
      {
        type: 'BUY',
        date: '2017-01-05',
        symbol: 'AAPL',
        quantity: 4,
        price: 116.61,
        fee: 0.7023945,
        currency: 'USD',
        estimated: false,
      },
      // 4 shares x 0.57 USD, 0.34 USD withheld.
      {
        type: 'DIVIDEND',
        date: '2017-02-16',
        symbol: 'AAPL',
        quantity: 4,
        price: 0.57,
        fee: 0.34,
        currency: 'USD',
      },
      // 0.21 EUR x 1.08685 = 0.2282385 USD.
      {
        type: 'SELL',
        date: '2017-05-11',
        symbol: 'AAPL',
        quantity: 1,
        price: 153.95,
        fee: 0.2282385,
        currency: 'USD',
      },
      { type: 'INTEREST', date: '2017-06-01', amount: 0.01, currency: 'EUR' },
      { type: 'WITHDRAWAL', date: '2017-06-30', amount: 200, currency: 'EUR' },
    ]);
  });
});

describe('Ghostfolio JSON export', () => {
  const result = preview('ghostfolio', 'ghostfolio-export.json');

  it('reads the activities with the malformed one and the repeat flagged', () => {
    expect(result.file_issues).toEqual([]);
    expect(statuses(result)).toEqual([
      [1, 'valid'],
      [2, 'valid'],
      [3, 'valid'],
      [4, 'duplicate'],
      [5, 'invalid'],
      [6, 'valid'],
      [7, 'valid'],
      [8, 'valid'],
    ]);
    expect(issuesOf(result, 5)?.map((issue) => [issue.field, issue.code])).toEqual([
      ['date', 'LEDGER_DATE_INVALID'],
      ['quantity', 'LEDGER_NUMBER_INVALID'],
      ['fee', 'LEDGER_NUMBER_INVALID'],
    ]);
  });

  it('keeps the comment as the note, the FEE amount from the fee field, an INTEREST as its amount', () => {
    expect(withoutFingerprints(result)).toEqual([
      {
        type: 'BUY',
        date: '2017-01-03',
        symbol: 'AAPL',
        quantity: 10,
        price: 116.15,
        fee: 1,
        currency: 'USD',
        estimated: false,
        note: 'First buy',
      },
      {
        type: 'DIVIDEND',
        date: '2017-02-16',
        symbol: 'AAPL',
        quantity: 10,
        price: 0.57,
        fee: 0,
        currency: 'USD',
      },
      {
        type: 'BUY',
        date: '2017-03-01',
        symbol: 'VTI',
        quantity: 8,
        price: 122.93,
        fee: 0,
        currency: 'USD',
        estimated: false,
      },
      {
        type: 'SELL',
        date: '2017-05-11',
        symbol: 'AAPL',
        quantity: 4,
        price: 153.95,
        fee: 1,
        currency: 'USD',
      },
      // Quantity 1 at 0.85.
      { type: 'INTEREST', date: '2017-06-01', amount: 0.85, currency: 'USD' },
      { type: 'FEE', date: '2017-06-30', amount: 12, currency: 'USD', note: 'Account fee' },
    ]);
  });
});

describe.each([
  ['interactive-brokers', 'interactive-brokers-activity-statement.csv', 4],
  ['degiro', 'degiro-transactions.csv', 3],
  ['trading-212', 'trading-212-history.csv', 6],
  ['ghostfolio', 'ghostfolio-export.json', 6],
] as const)('re-importing the %s sample', (format, file, validRows) => {
  it('adds nothing the second time', () => {
    const first = preview(format, file);
    const saved = new Set(
      importableTransactions(first).map((transaction) => transaction.import_fingerprint ?? ''),
    );

    const second = preview(format, file, saved);

    expect(saved.size).toBe(validRows);
    expect(second.summary.valid).toBe(0);
    expect(second.summary.already_imported).toBe(validRows);
    expect(importableTransactions(second)).toEqual([]);
  });

  it('rejects rows dated after the market date', () => {
    const early = previewImport({ format, content: fixture(file), latestAllowedDate: '2017-01-02' });

    expect(early.summary.valid).toBe(0);
    expect(
      early.rows.some((row) => row.issues.some((issue) => issue.code === 'LEDGER_DATE_AFTER_MARKET_DATE')),
    ).toBe(true);
  });
});

describe('previewImport on files it cannot read', () => {
  it.each([
    ['interactive-brokers', 'Statement,Header,Field Name,Field Value\n', 'LEDGER_IMPORT_SECTION_MISSING'],
    ['degiro', 'Datum,Tijd,Product\n01-02-2017,15:30,X\n', 'LEDGER_IMPORT_COLUMN_MISSING'],
    ['trading-212', 'When,What\n2017-01-03,buy\n', 'LEDGER_IMPORT_COLUMN_MISSING'],
    ['ghostfolio', '{"activities": ', 'LEDGER_IMPORT_FILE_UNREADABLE'],
    ['ghostfolio', '{"meta": {}}', 'LEDGER_IMPORT_SECTION_MISSING'],
    ['mapped-csv', 'a,b\n1,2\n', 'LEDGER_IMPORT_COLUMN_MISSING'],
    ['degiro', '\uFEFF  \n', 'LEDGER_IMPORT_FILE_EMPTY'],
  ] as const)('%s: %j gives %s', (format, content, code) => {
    const result = previewImport({ format, content });

    expect(result.file_issues.map((issue) => issue.code)).toContain(code);
    expect(result.rows).toEqual([]);
  });

  // Nested 20,000 deep, a cell once overflowed the stack when turned into text (a 500 from the API).
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  it.each([
    ['ghostfolio', `{"activities":[{"type":"BUY","date":${deep}}]}`],
    [
      'ledger-json',
      `{"format":"nugget-invest-ledger","version":1,"transactions":[{"type":"BUY","date":${deep}}]}`,
    ],
  ] as const)('%s: a file nested 20,000 deep is unreadable', (format, content) => {
    const result = previewImport({ format, content });

    expect(result.file_issues.map((issue) => issue.code)).toEqual(['LEDGER_IMPORT_FILE_UNREADABLE']);
    expect(result.rows).toEqual([]);
  });
});
