import { parseBoundedJson } from '../../../bounded-json';
import type { LedgerIssue } from '../../ledger-errors';
import type { TransactionType } from '../../transaction';
import { unreadRow, unsupportedActionIssue, type SourceFile, type SourceRow } from '../import-preview';

/**
 * Ghostfolio: the JSON of "Export" (Portfolio > Activities > Export), as its source code defines it
 * (fixtures/README.md cites the interface and the project's own sample file):
 * `{ meta, accounts, activities: [{ accountId, comment, fee, quantity, type, unitPrice, currency,
 * dataSource, date, symbol }], ... }`. Dates are ISO timestamps; the day is read in UTC. A FEE
 * keeps its amount in `fee`, an INTEREST its amount as quantity times unitPrice; manual assets (dataSource MANUAL) have a UUID, not a ticker, for symbol.
 */
const TYPES: Readonly<Record<string, TransactionType>> = {
  BUY: 'BUY',
  SELL: 'SELL',
  DIVIDEND: 'DIVIDEND',
  FEE: 'FEE',
  INTEREST: 'INTEREST',
};

const unreadable = (): SourceFile => ({
  rows: [],
  issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_UNREADABLE', params: {} }],
});

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The day of an ISO timestamp, or the text itself for the schema to report. */
function dayOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^\d{4}-\d{2}-\d{2}(T|$)/.test(value) ? value.slice(0, 10) : value;
}

export function readGhostfolioJson(text: string): SourceFile {
  // Nested deeper than any export, a file is unreadable (its cells would overflow the stack as text).
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) return unreadable();
  const document = parsed.value;
  const activities = (document as { activities?: unknown } | null)?.activities;
  if (!Array.isArray(activities)) {
    return {
      rows: [],
      issues: [{ field: null, code: 'LEDGER_IMPORT_SECTION_MISSING', params: { section: 'activities' } }],
    };
  }
  return { rows: activities.map(readActivity), issues: [] };
}

function readActivity(activity: unknown, index: number): SourceRow {
  const record =
    activity !== null && typeof activity === 'object' ? (activity as Record<string, unknown>) : {};
  const cells = Object.fromEntries(Object.entries(record).map(([key, value]) => [key, cellText(value)]));
  const reference = typeof record.id === 'string' ? record.id : null;
  const base = { row_number: index + 1, cells, warnings: [] as LedgerIssue[], reference };
  const typeText = cellText(record.type);
  const type = TYPES[typeText];
  if (!type) {
    return unreadRow(base, unsupportedActionIssue(typeText));
  }
  const note =
    typeof record.comment === 'string' && record.comment.trim() !== '' ? record.comment : undefined;
  const common = { type, date: dayOf(record.date), currency: record.currency, ...(note ? { note } : {}) };
  if (type === 'INTEREST') {
    // Ghostfolio writes interest as a quantity (1) at a unit price; the ledger keeps the amount.
    const amount =
      typeof record.quantity === 'number' && typeof record.unitPrice === 'number'
        ? record.quantity * record.unitPrice
        : record.unitPrice;
    return { ...base, candidate: { ...common, amount }, issues: [] };
  }
  if (type === 'FEE') {
    const isTicker = record.dataSource !== 'MANUAL' && typeof record.symbol === 'string';
    return {
      ...base,
      candidate: { ...common, amount: record.fee, ...(isTicker ? { symbol: record.symbol } : {}) },
      issues: [],
    };
  }
  return {
    ...base,
    candidate: {
      ...common,
      symbol: record.symbol,
      quantity: record.quantity,
      price: record.unitPrice,
      fee: record.fee ?? 0,
    },
    issues: [],
  };
}
