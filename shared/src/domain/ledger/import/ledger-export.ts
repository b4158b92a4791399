import * as z from 'zod';
import { parseBoundedJson } from '../../bounded-json';
import { unescapeFormulaCell, writeSpreadsheetCsv } from '../../spreadsheet-csv';
import { TRANSACTION_FIELDS, type Transaction } from '../transaction';
import { readMappedCsv, type ColumnMappingInput } from './column-mapping';
import { storedFingerprint } from './fingerprint';
import type { SourceFile, SourceRow } from './import-preview';

/**
 * Export of the whole ledger as CSV and as JSON, and the readers that bring either back through the
 * import preview. Each exported row carries its fingerprint, so importing an export into the ledger
 * it came from adds nothing.
 */
export const LEDGER_JSON_FORMAT = 'nugget-invest-ledger';
export const LEDGER_JSON_VERSION = 1;

function exportRow(transaction: Transaction): Record<string, string | number | boolean> {
  const row: Record<string, string | number | boolean> = {};
  for (const field of TRANSACTION_FIELDS) {
    const value = (transaction as Record<string, unknown>)[field];
    row[field] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : '';
  }
  row.import_fingerprint = storedFingerprint(transaction);
  return row;
}

export function exportTransactionsCsv(transactions: readonly Transaction[]): string {
  // A note a spreadsheet would run as a formula is written as text (spreadsheet-csv.ts).
  return writeSpreadsheetCsv(
    { fields: TRANSACTION_FIELDS, data: transactions.map(exportRow) },
    { newline: '\n' },
  );
}

/** The column mapping of our own CSV export (every column named after its field). */
export const LEDGER_CSV_MAPPING: ColumnMappingInput = {
  columns: Object.fromEntries(TRANSACTION_FIELDS.map((field) => [field, field])),
  date_format: 'YYYY-MM-DD',
  decimal_separator: '.',
  delimiter: ',',
};

/** Columns the export gained after its first version: an older export without them still imports. */
const LATER_LEDGER_CSV_COLUMNS: readonly string[] = ['tax'];

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return (end < 0 ? text : text.slice(0, end)).replace(/^\uFEFF/, '');
}

export function readLedgerCsv(text: string): SourceFile {
  const header = new Set(
    firstLine(text)
      .split(',')
      .map((cell) => cell.trim().replace(/^"|"$/g, '')),
  );
  const columns = Object.fromEntries(
    Object.entries(LEDGER_CSV_MAPPING.columns).filter(
      ([field]) => !LATER_LEDGER_CSV_COLUMNS.includes(field) || header.has(field),
    ),
  );
  const file = readMappedCsv(text, { ...LEDGER_CSV_MAPPING, columns });
  for (const row of file.rows) {
    if (row.candidate && typeof row.candidate.note === 'string') {
      row.candidate.note = unescapeFormulaCell(row.candidate.note);
    }
  }
  return file;
}

export function exportTransactionsJson(transactions: readonly Transaction[]): string {
  const document = {
    format: LEDGER_JSON_FORMAT,
    version: LEDGER_JSON_VERSION,
    transactions: transactions.map((transaction) => ({
      ...transaction,
      import_fingerprint: storedFingerprint(transaction),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const LedgerJsonSchema = z.object({
  format: z.literal(LEDGER_JSON_FORMAT),
  version: z.literal(LEDGER_JSON_VERSION),
  transactions: z.array(z.unknown()),
});

export function readLedgerJson(text: string): SourceFile {
  // Nested deeper than any export, a file is unreadable (its cells would overflow the stack as text).
  const document = parseBoundedJson(text);
  const parsed = document.ok ? LedgerJsonSchema.safeParse(document.value) : null;
  if (!parsed?.success) {
    return { rows: [], issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_UNREADABLE', params: {} }] };
  }
  const rows = parsed.data.transactions.map((item, index): SourceRow => {
    const record =
      item !== null && typeof item === 'object' ? { ...(item as Record<string, unknown>) } : null;
    const fingerprint =
      typeof record?.import_fingerprint === 'string' ? record.import_fingerprint : undefined;
    if (record) delete record.import_fingerprint;
    return {
      row_number: index + 1,
      cells: Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, String(value)])),
      candidate: record,
      issues: record ? [] : [{ field: null, code: 'LEDGER_FIELD_INVALID', params: {} }],
      warnings: [],
      reference: null,
      ...(fingerprint ? { fingerprint } : {}),
    };
  });
  return { rows, issues: [] };
}
