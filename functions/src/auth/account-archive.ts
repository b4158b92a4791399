import { strToU8, zipSync } from 'fflate';
import { writeSpreadsheetCsv } from '@app/shared/domain/spreadsheet-csv';
import type { AccountRecord } from '../data/account-records-repository';

/**
 * The "Download my data" archive (docs/accounts.md): `account.json` holds every record as stored,
 * grouped by table, and `csv/<table>-<kind>.csv` the same records as spreadsheets, one file per kind
 * of record (the sort key's first segment: HOLDING, LEDGER, ALERT, RULE, DAY, INV...). Nested values
 * (a ledger's transactions, an invoice's lines) are JSON text in their CSV cell. A text cell a
 * spreadsheet would run as a formula (a first name `=HYPERLINK(...)`) is written as text, the same
 * way as the ledger's export (shared/src/domain/spreadsheet-csv.ts).
 */

/** `HOLDING#01J...` -> `HOLDING`; a contact message (`ITEM` in moderation) -> `contact-message`. */
export function kindOf(record: AccountRecord): string {
  if (record.table === 'moderation') return 'contact-message';
  const sortKey = String(record.item.sk ?? 'item');
  const head = sortKey.split('#')[0] ?? sortKey;
  return head.toLowerCase().replace(/[^a-z0-9_-]/g, '_') || 'item';
}

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** One CSV of records of one kind: the union of their attributes as columns, sorted. */
export function recordsToCsv(items: readonly Record<string, unknown>[]): string {
  const columns = [...new Set(items.flatMap((item) => Object.keys(item)))].sort();
  return writeSpreadsheetCsv({
    fields: columns,
    data: items.map((item) => columns.map((name) => cell(item[name]))),
  });
}

export interface ArchiveInput {
  userId: string;
  exportedAt: Date;
  records: readonly AccountRecord[];
}

export function buildAccountArchive({ userId, exportedAt, records }: ArchiveInput): Uint8Array {
  const byTable: Record<string, Record<string, unknown>[]> = {};
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const record of records) {
    (byTable[record.table] ??= []).push(record.item);
    const file = `csv/${record.table}-${kindOf(record)}.csv`;
    byKind.set(file, [...(byKind.get(file) ?? []), record.item]);
  }
  const document = {
    user_id: userId,
    exported_at: exportedAt.toISOString(),
    record_count: records.length,
    tables: byTable,
  };
  const files: Record<string, Uint8Array> = {
    'account.json': strToU8(`${JSON.stringify(document, null, 2)}\n`),
  };
  for (const [file, items] of byKind) files[file] = strToU8(recordsToCsv(items));
  return zipSync(files, { level: 6, mtime: exportedAt });
}
