import type { IsoDate } from '../calendar';
import type { LedgerIssue } from '../ledger-errors';
import { validateTransaction, type Transaction } from '../transaction';
import { fingerprintOf } from './fingerprint';
import type { ImportRowStatus } from './import-vocabulary';

/**
 * The preview every import shows before anything is saved: each row of the file as read, what it
 * becomes, and why it will not be imported (by code and field). Formats only turn their rows into
 * candidate transactions (`SourceRow`); validation, dates, fingerprints and duplicates happen here,
 * the same for all.
 */

/** One row of a broker file, read into the fields of a transaction (not validated yet). */
export interface SourceRow {
  /** Line in a CSV file, or position (1-based) in a JSON list. */
  row_number: number;
  /** The row as read, by column name, for the preview table. */
  cells: Readonly<Record<string, string>>;
  /** The transaction fields read from the row; null when the row could not be read at all. */
  candidate: Record<string, unknown> | null;
  issues: LedgerIssue[];
  warnings: LedgerIssue[];
  /** The broker's own reference for the row (order id, execution time), part of the fingerprint. */
  reference: string | null;
  /** A fingerprint the file itself carries (our own export); it wins over a computed one. */
  fingerprint?: string;
}

/** A row that could not be read into a transaction at all, and why. */
export function unreadRow(
  row: Pick<SourceRow, 'row_number' | 'cells'> & Partial<Pick<SourceRow, 'warnings' | 'reference'>>,
  issue: LedgerIssue,
): SourceRow {
  return { warnings: [], reference: null, ...row, candidate: null, issues: [issue] };
}

export function fieldCountIssue(expected: number, actual: number): LedgerIssue {
  return { field: null, code: 'LEDGER_IMPORT_ROW_FIELD_COUNT', params: { expected, actual } };
}

/** A row of a kind the ledger does not hold (interest, forex, ...), named by the file's own word. */
export function unsupportedActionIssue(value: string): LedgerIssue {
  return { field: 'type', code: 'LEDGER_IMPORT_ACTION_UNSUPPORTED', params: { value } };
}

export interface SourceFile {
  rows: SourceRow[];
  /** Problems with the file as a whole (unreadable, a required column missing). */
  issues: LedgerIssue[];
}

export { IMPORT_ROW_STATUSES, type ImportRowStatus } from './import-vocabulary';

export interface ImportRow {
  row_number: number;
  cells: Readonly<Record<string, string>>;
  status: ImportRowStatus;
  transaction: Transaction | null;
  fingerprint: string | null;
  issues: LedgerIssue[];
  warnings: LedgerIssue[];
}

export interface ImportPreview {
  format: string;
  file_issues: LedgerIssue[];
  rows: ImportRow[];
  summary: Record<ImportRowStatus, number> & { rows: number };
}

export interface PreviewOptions {
  /** Fingerprints of the transactions already in the ledger (`storedFingerprint`). */
  existingFingerprints?: ReadonlySet<string>;
  /** The market date (the replay's, or today): rows dated after it cannot be valued, so they are errors. */
  latestAllowedDate?: IsoDate;
}

export function buildPreview(format: string, file: SourceFile, options: PreviewOptions = {}): ImportPreview {
  const firstRowByFingerprint = new Map<string, number>();
  const rows = file.rows.map((source): ImportRow => {
    const base = { row_number: source.row_number, cells: source.cells, warnings: source.warnings };
    const validation = source.candidate === null ? null : validateTransaction(source.candidate);
    // A field the reader could not read is reported once, not again as "required" by the schema.
    const unreadFields = new Set(source.issues.map((issue) => issue.field));
    const schemaIssues = validation && !validation.ok ? validation.issues : [];
    const issues = [...source.issues, ...schemaIssues.filter((issue) => !unreadFields.has(issue.field))];
    const transaction = validation?.ok ? validation.transaction : null;
    if (
      transaction &&
      options.latestAllowedDate !== undefined &&
      transaction.date > options.latestAllowedDate
    ) {
      issues.push({
        field: 'date',
        code: 'LEDGER_DATE_AFTER_MARKET_DATE',
        params: { date: transaction.date, market_date: options.latestAllowedDate },
      });
    }
    if (!transaction || issues.length > 0) {
      return { ...base, status: 'invalid', transaction, fingerprint: null, issues };
    }
    const fingerprint = source.fingerprint ?? fingerprintOf(transaction, source.reference);
    const firstRow = firstRowByFingerprint.get(fingerprint);
    if (firstRow !== undefined) {
      return {
        ...base,
        status: 'duplicate',
        transaction,
        fingerprint,
        issues: [{ field: null, code: 'LEDGER_IMPORT_DUPLICATE_IN_FILE', params: { first_row: firstRow } }],
      };
    }
    firstRowByFingerprint.set(fingerprint, source.row_number);
    if (options.existingFingerprints?.has(fingerprint)) {
      return {
        ...base,
        status: 'already_imported',
        transaction,
        fingerprint,
        issues: [{ field: null, code: 'LEDGER_IMPORT_ALREADY_IMPORTED', params: {} }],
      };
    }
    return { ...base, status: 'valid', transaction, fingerprint, issues: [] };
  });
  const summary = { rows: rows.length, valid: 0, invalid: 0, duplicate: 0, already_imported: 0 };
  for (const row of rows) summary[row.status] += 1;
  return { format, file_issues: file.issues, rows, summary };
}

/** What "import all valid rows" saves: the valid rows, each carrying its fingerprint. */
export function importableTransactions(preview: ImportPreview): Transaction[] {
  return preview.rows.flatMap((row) =>
    row.status === 'valid' && row.transaction && row.fingerprint
      ? [{ ...row.transaction, import_fingerprint: row.fingerprint }]
      : [],
  );
}
