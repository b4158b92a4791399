import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { LedgerIssue } from '../ledger-errors';
import { fieldsOfType, TRANSACTION_TYPES, type TransactionType } from '../transaction';
import { readCsvRows } from './csv';
import {
  fieldCountIssue,
  unreadRow,
  unsupportedActionIssue,
  type SourceFile,
  type SourceRow,
} from './import-preview';
import {
  ColumnMappingSchema,
  MAPPABLE_FIELDS,
  type ColumnMapping,
  type ColumnMappingInput,
  type MappableField,
} from './import-vocabulary';
import { parseDateText, parseDecimal } from './parse-values';

/**
 * A CSV in any layout, read through a column mapping the user chose in the preview (and the API
 * remembers per format, keyed by `headerSignature`). Our own CSV export is one such mapping.
 */
export {
  ColumnMappingSchema,
  MAPPABLE_FIELDS,
  MappableFieldSchema,
  MAX_TYPE_WORDS,
  type ColumnMapping,
  type ColumnMappingInput,
  type MappableField,
} from './import-vocabulary';

const NUMERIC_FIELDS: ReadonlySet<string> = new Set([
  'quantity',
  'price',
  'fee',
  'tax',
  'amount',
  'new_shares',
  'old_shares',
]);
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

const normalise = (text: string): string => text.trim().toLowerCase();

/** A key for "this layout of file": the same columns in the same order give the same signature. */
export function headerSignature(headers: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes(headers.map(normalise).join('\u001f')))).slice(0, 32);
}

export function typeFromText(
  text: string,
  typeValues: Readonly<Record<string, TransactionType>>,
): TransactionType | undefined {
  const wanted = normalise(text);
  for (const [word, type] of Object.entries(typeValues)) if (normalise(word) === wanted) return type;
  return TRANSACTION_TYPES.find((type) => type.toLowerCase() === wanted);
}

/**
 * Reads the value of one field into the candidate, or records why it cannot. Fields the type does
 * not have are skipped, so a DEPOSIT row of a file with a "Quantity" column stays a valid deposit.
 */
function readField(
  field: Exclude<MappableField, 'type' | 'reference' | 'import_fingerprint'>,
  text: string,
  mapping: Pick<ColumnMapping, 'date_format' | 'decimal_separator'>,
  candidate: Record<string, unknown>,
  issues: LedgerIssue[],
): void {
  const value = text.trim();
  if (value === '') return;
  if (NUMERIC_FIELDS.has(field)) {
    const number = parseDecimal(value, mapping.decimal_separator);
    if (number === undefined) issues.push({ field, code: 'LEDGER_NUMBER_INVALID', params: { value } });
    else candidate[field] = number;
  } else if (field === 'date') {
    const date = parseDateText(value, mapping.date_format);
    if (date === undefined) {
      issues.push({ field, code: 'LEDGER_DATE_INVALID', params: { value, format: mapping.date_format } });
    } else candidate[field] = date;
  } else if (field === 'estimated') {
    const word = normalise(value);
    if (TRUE_WORDS.has(word)) candidate[field] = true;
    else if (FALSE_WORDS.has(word)) candidate[field] = false;
    else issues.push({ field, code: 'LEDGER_FIELD_INVALID', params: { value } });
  } else {
    candidate[field] = value;
  }
}

/** Builds the candidate of one row of a given type from named values (presets use it too). */
export function candidateFromValues(
  type: TransactionType,
  values: Partial<Record<MappableField, string>>,
  mapping: Pick<ColumnMapping, 'date_format' | 'decimal_separator'>,
): { candidate: Record<string, unknown>; issues: LedgerIssue[] } {
  const allowed = fieldsOfType(type);
  const candidate: Record<string, unknown> = { type };
  const issues: LedgerIssue[] = [];
  for (const [field, text] of Object.entries(values) as [MappableField, string | undefined][]) {
    if (text === undefined || field === 'type' || field === 'reference' || field === 'import_fingerprint')
      continue;
    if (!allowed.has(field)) continue;
    readField(field, text, mapping, candidate, issues);
  }
  return { candidate, issues };
}

export function readMappedCsv(text: string, mappingInput: ColumnMappingInput): SourceFile {
  const mapping = ColumnMappingSchema.parse(mappingInput);
  const [header, ...dataRows] = readCsvRows(text, mapping.delimiter);
  if (!header) return { rows: [], issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_EMPTY', params: {} }] };
  const headers = header.cells.map((cell) => cell.trim());
  const columnIndex = new Map<MappableField, number>();
  const fileIssues: LedgerIssue[] = [];
  for (const required of ['type', 'date'] as const) {
    if (mapping.columns[required] === undefined) {
      fileIssues.push({
        field: required,
        code: 'LEDGER_IMPORT_COLUMN_MISSING',
        params: { column: required },
      });
    }
  }
  for (const [field, column] of Object.entries(mapping.columns) as [MappableField, string][]) {
    const index = headers.findIndex((name) => normalise(name) === normalise(column));
    if (index < 0) fileIssues.push({ field, code: 'LEDGER_IMPORT_COLUMN_MISSING', params: { column } });
    else columnIndex.set(field, index);
  }
  if (fileIssues.length > 0) return { rows: [], issues: fileIssues };

  const rows = dataRows.map((row): SourceRow => {
    const cells = Object.fromEntries(headers.map((name, index) => [name, row.cells[index] ?? '']));
    const base = { row_number: row.line, cells, warnings: [] };
    if (row.cells.length !== headers.length) {
      return unreadRow(base, fieldCountIssue(headers.length, row.cells.length));
    }
    const valueOf = (field: MappableField): string | undefined => {
      const index = columnIndex.get(field);
      return index === undefined ? undefined : row.cells[index];
    };
    const typeText = valueOf('type') ?? '';
    const type = typeFromText(typeText, mapping.type_values);
    const reference = valueOf('reference')?.trim() || null;
    if (!type) {
      return unreadRow({ ...base, reference }, unsupportedActionIssue(typeText.trim()));
    }
    const values = Object.fromEntries(MAPPABLE_FIELDS.map((field) => [field, valueOf(field)]));
    if (!values.currency?.trim() && mapping.default_currency) values.currency = mapping.default_currency;
    const { candidate, issues } = candidateFromValues(type, values, mapping);
    const fingerprint = valueOf('import_fingerprint')?.trim();
    return { ...base, candidate, issues, reference, ...(fingerprint ? { fingerprint } : {}) };
  });
  return { rows, issues: [] };
}

const SYNONYMS: Readonly<Record<Exclude<MappableField, 'import_fingerprint'>, readonly string[]>> = {
  type: ['type', 'action', 'transactiontype', 'side', 'buysell'],
  date: ['date', 'tradedate', 'datetime', 'time'],
  symbol: ['symbol', 'ticker'],
  quantity: ['quantity', 'shares', 'qty', 'noofshares', 'units'],
  price: ['price', 'unitprice', 'priceshare', 'tradeprice', 'tprice'],
  fee: ['fee', 'fees', 'commission', 'commfee'],
  tax: ['tax', 'taxes', 'withholding', 'withholdingtax', 'stampduty'],
  currency: ['currency', 'ccy'],
  amount: ['amount', 'total', 'value'],
  new_shares: ['newshares'],
  old_shares: ['oldshares'],
  estimated: ['estimated'],
  note: ['note', 'notes', 'comment', 'description'],
  reference: ['reference', 'id', 'orderid'],
};

/** A first guess of the mapping from column names, for the user to correct in the preview. */
export function suggestColumnMapping(headers: readonly string[]): Partial<Record<MappableField, string>> {
  const suggestion: Partial<Record<MappableField, string>> = {};
  for (const [field, words] of Object.entries(SYNONYMS) as [MappableField, readonly string[]][]) {
    const header = headers.find((name) => words.includes(name.toLowerCase().replace(/[^a-z]/g, '')));
    if (header !== undefined) suggestion[field] = header;
  }
  return suggestion;
}
