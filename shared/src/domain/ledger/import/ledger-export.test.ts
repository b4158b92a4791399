import { describe, expect, it } from 'vitest';
import {
  BuyTransactionSchema,
  TransactionDraftSchema,
  type Transaction,
  type TransactionDraftInput,
} from '../transaction';
import { readMappedCsv, suggestColumnMapping, headerSignature } from './column-mapping';
import { fingerprintOf, storedFingerprint } from './fingerprint';
import { buildPreview, importableTransactions } from './import-preview';
import { exportTransactionsCsv, exportTransactionsJson } from './ledger-export';
import { previewImport } from './preview-import';
import { withoutFingerprints } from '../testing/import-results';

const ledger = (...rows: TransactionDraftInput[]): Transaction[] =>
  rows.map((row) => TransactionDraftSchema.parse(row));

// One of every type, with the values a CSV is most likely to mangle.
const transactions = ledger(
  {
    type: 'BUY',
    date: '2017-01-03',
    symbol: 'AAPL',
    quantity: 0.00000001,
    price: 116.15,
    fee: 1,
    currency: 'USD',
    estimated: true,
    note: 'Opening position, "estimated", from the old holding\nsecond line',
  },
  {
    type: 'SELL',
    date: '2017-03-01',
    symbol: 'AAPL',
    quantity: 0.000000005 * 2,
    price: 139.79,
    currency: 'USD',
  },
  {
    type: 'DIVIDEND',
    date: '2017-02-16',
    symbol: 'AAPL',
    quantity: 10,
    price: 0.57,
    fee: 0.09,
    currency: 'USD',
  },
  { type: 'SPLIT', date: '2017-04-03', symbol: 'BRK.B', new_shares: 10, old_shares: 1 },
  { type: 'FEE', date: '2017-04-30', amount: 2.5, currency: 'EUR', note: '=HYPERLINK("http://x")' },
  {
    type: 'FEE',
    date: '2017-05-02',
    symbol: 'AAPL',
    amount: 0.3,
    currency: 'USD',
    note: '-10% custody; café ☕',
  },
  {
    type: 'DEPOSIT',
    date: '2017-01-02',
    amount: 10000,
    currency: 'EUR',
    import_fingerprint: 'v1:kept-from-broker',
  },
  { type: 'WITHDRAWAL', date: '2017-06-30', amount: 123456789.12, currency: 'CHF' },
);
const withFingerprints = transactions.map((transaction) => ({
  ...transaction,
  import_fingerprint: storedFingerprint(transaction),
}));

describe('export and import back', () => {
  it('round-trips every transaction through CSV', () => {
    const csv = exportTransactionsCsv(transactions);

    const back = previewImport({ format: 'ledger-csv', content: csv });

    expect(back.summary).toMatchObject({ rows: 8, valid: 8 });
    expect(importableTransactions(back)).toEqual(withFingerprints);
  });

  it('round-trips every transaction through JSON', () => {
    const json = exportTransactionsJson(transactions);

    const back = previewImport({ format: 'ledger-json', content: json });

    expect(importableTransactions(back)).toEqual(withFingerprints);
  });

  it('writes a formula-looking note with a leading apostrophe, so a spreadsheet shows it as text', () => {
    const csv = exportTransactionsCsv(transactions);

    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"'-10% custody; café ☕"`);
    expect(csv.split('\n')[0]).toBe(
      'type,date,symbol,quantity,price,fee,tax,currency,amount,new_shares,old_shares,estimated,note,import_fingerprint',
    );
  });

  it('still imports an export written before the tax column existed', () => {
    // The export's header up to this wave, and a row as it wrote them.
    const older = [
      'type,date,symbol,quantity,price,fee,currency,amount,new_shares,old_shares,estimated,note,import_fingerprint',
      'BUY,2017-01-03,AAPL,10,116.15,1,USD,,,,false,,',
    ].join('\n');

    const back = previewImport({ format: 'ledger-csv', content: older });

    expect(back.file_issues).toEqual([]);
    expect(back.summary).toMatchObject({ rows: 1, valid: 1 });
    expect(importableTransactions(back)[0]).toMatchObject({
      type: 'BUY',
      symbol: 'AAPL',
      quantity: 10,
      fee: 1,
    });
  });

  it('recognises its own export when imported into the ledger it came from', () => {
    const existing = new Set(transactions.map(storedFingerprint));

    const back = previewImport({
      format: 'ledger-csv',
      content: exportTransactionsCsv(transactions),
      existingFingerprints: existing,
    });

    expect(back.summary).toMatchObject({ valid: 0, already_imported: 8 });
  });
});

describe('fingerprintOf', () => {
  const buy = BuyTransactionSchema.parse(transactions[0]);

  it('is stable, and changes with the figures or the broker reference but not the note', () => {
    expect(fingerprintOf(buy, 'order-1')).toBe(fingerprintOf({ ...buy }, 'order-1'));
    expect(fingerprintOf(buy, 'order-1')).toMatch(/^v1:[0-9a-f]{32}$/);
    expect(fingerprintOf({ ...buy, note: 'edited later' }, 'order-1')).toBe(fingerprintOf(buy, 'order-1'));
    expect(fingerprintOf(buy, 'order-2')).not.toBe(fingerprintOf(buy, 'order-1'));
    expect(fingerprintOf({ ...buy, price: 116.16 }, 'order-1')).not.toBe(fingerprintOf(buy, 'order-1'));
  });
});

describe('a CSV in another layout, through a column mapping', () => {
  const csv = [
    'Trade date;Action;Ticker;Shares;Price;Commission;Ccy;Memo',
    '03.01.2017;Kauf;AAPL;10;116,15;1,00;USD;erste',
    '01.03.2017;Verkauf;AAPL;4;139,79;1,00;USD;',
    '15.03.2017;Kauf;AAPL;zehn;140,00;;USD;',
    '16.03.2017;Umbuchung;AAPL;1;1;;USD;',
  ].join('\n');
  const mapping = {
    columns: {
      date: 'Trade date',
      type: 'Action',
      symbol: 'Ticker',
      quantity: 'Shares',
      price: 'Price',
      fee: 'Commission',
      currency: 'Ccy',
      note: 'Memo',
    },
    type_values: { Kauf: 'BUY', Verkauf: 'SELL' },
    date_format: 'DD.MM.YYYY',
    decimal_separator: ',',
  } as const;

  it('reads the mapped columns with the chosen date format and decimal comma', () => {
    const preview = buildPreview('mapped-csv', readMappedCsv(csv, mapping));

    expect(withoutFingerprints(preview)).toEqual([
      {
        type: 'BUY',
        date: '2017-01-03',
        symbol: 'AAPL',
        quantity: 10,
        price: 116.15,
        fee: 1,
        currency: 'USD',
        estimated: false,
        note: 'erste',
      },
      {
        type: 'SELL',
        date: '2017-03-01',
        symbol: 'AAPL',
        quantity: 4,
        price: 139.79,
        fee: 1,
        currency: 'USD',
      },
    ]);
    expect(preview.rows[2]?.issues).toEqual([
      { field: 'quantity', code: 'LEDGER_NUMBER_INVALID', params: { value: 'zehn' } },
    ]);
    expect(preview.rows[3]?.issues).toEqual([
      { field: 'type', code: 'LEDGER_IMPORT_ACTION_UNSUPPORTED', params: { value: 'Umbuchung' } },
    ]);
  });

  it('names a mapped column the file does not have', () => {
    const file = readMappedCsv(csv, { ...mapping, columns: { ...mapping.columns, symbol: 'Symbol' } });

    expect(file.issues).toEqual([
      { field: 'symbol', code: 'LEDGER_IMPORT_COLUMN_MISSING', params: { column: 'Symbol' } },
    ]);
  });

  it('suggests a mapping from the column names and keys the layout by its header', () => {
    expect(
      suggestColumnMapping([
        'Trade date',
        'Action',
        'Ticker',
        'Shares',
        'Price',
        'Commission',
        'Ccy',
        'Memo',
      ]),
    ).toEqual({
      type: 'Action',
      date: 'Trade date',
      symbol: 'Ticker',
      quantity: 'Shares',
      price: 'Price',
      fee: 'Commission',
      currency: 'Ccy',
    });
    expect(headerSignature(['Date', 'Action'])).toBe(headerSignature([' date', 'ACTION ']));
    expect(headerSignature(['Date', 'Action'])).not.toBe(headerSignature(['Action', 'Date']));
  });
});
