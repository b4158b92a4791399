import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BuyTransactionSchema } from '../transaction';
import { fingerprintOf } from './fingerprint';
import { exportTransactionsCsv } from './ledger-export';
import { previewImport } from './preview-import';

/**
 * The fingerprint is a row's identity for imports (README "Import and export"): it hashes the row's
 * figures, so two rows that differ only in their tax are two rows, while a row without a tax keeps
 * the fingerprint it had before the tax existed (rows already imported stay recognised).
 */
const buy = BuyTransactionSchema.parse({
  type: 'BUY',
  date: '2024-03-01',
  symbol: 'ACME',
  quantity: 10,
  price: 50,
  fee: 1,
  currency: 'EUR',
});

describe('the import fingerprint and the tax', () => {
  it('keeps the fingerprint of a row without tax: sha256 of its fields joined by unit separators', () => {
    const canonical = ['BUY', '2024-03-01', 'ACME', '10', '50', '1', 'EUR', '', '', '', 'order-7'].join(
      '\u001f',
    );
    const expected = `v1:${createHash('sha256').update(canonical, 'utf8').digest('hex').slice(0, 32)}`;

    expect(fingerprintOf(buy, 'order-7')).toBe(expected);
  });

  it('tells apart two rows that differ only in their tax', () => {
    expect(fingerprintOf({ ...buy, tax: 2 }, 'order-7')).not.toBe(fingerprintOf(buy, 'order-7'));
    expect(fingerprintOf({ ...buy, tax: 2 }, null)).not.toBe(fingerprintOf({ ...buy, tax: 3 }, null));
  });

  it('imports both of two same-day trades with different stamp duty, not the second as a duplicate', () => {
    const rows = [
      { ...buy, tax: 0.5 },
      { ...buy, tax: 0.75 },
    ];
    const content = exportTransactionsCsv(rows.map((row) => ({ ...row, import_fingerprint: undefined })));

    const preview = previewImport({ format: 'ledger-csv', content });

    expect(preview.rows.map((row) => row.status)).toEqual(['valid', 'valid']);
  });
});
