import type { LedgerIssue } from '../../ledger-errors';
import { candidateFromValues } from '../column-mapping';
import { readCsvRows } from '../csv';
import {
  fieldCountIssue,
  unreadRow,
  unsupportedActionIssue,
  type SourceFile,
  type SourceRow,
} from '../import-preview';
import { parseDecimal } from '../parse-values';

/**
 * Interactive Brokers: the Trades section of the Activity Statement exported as CSV. Every line
 * starts with its section name and a line kind (`Header`, `Data`, `SubTotal`, `Total`); a section
 * may restart with a new `Header` line for another asset category. Columns as documented in IBKR's
 * Reporting Guide, "Trades" (fixtures/README.md cites it):
 * `Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,
 * C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code`. Quantity is negative for sales,
 * Comm/Fee negative for a charge; Date/Time reads "2017-01-05, 10:30:00".
 */
export const INTERACTIVE_BROKERS_SECTION = 'Trades';
const REQUIRED_COLUMNS = [
  'DataDiscriminator',
  'Asset Category',
  'Currency',
  'Symbol',
  'Date/Time',
  'Quantity',
  'T. Price',
];
/** Summary lines of an order; its fills (`Execution`) and closed lots (`ClosedLot`) only detail it. */
const ORDER_DISCRIMINATORS = new Set(['Order', 'Trade']);
const SUPPORTED_ASSET_CATEGORIES = new Set(['Stocks']);
const FORMAT = { date_format: 'YYYY-MM-DD', decimal_separator: '.' } as const;

export function readInteractiveBrokersCsv(text: string): SourceFile {
  const rows: SourceRow[] = [];
  let header: string[] | null = null;
  let sawSection = false;
  for (const row of readCsvRows(text, ',')) {
    const [section, kind, ...cells] = row.cells;
    if (section !== INTERACTIVE_BROKERS_SECTION) continue;
    if (kind === 'Header') {
      header = cells.map((cell) => cell.trim());
      sawSection = true;
      const missing = REQUIRED_COLUMNS.find((column) => !header?.includes(column));
      if (missing) return { rows, issues: [columnMissing(missing)] };
      continue;
    }
    if (kind !== 'Data' || !header) continue;
    const named = Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']));
    const base = { row_number: row.line, cells: named, warnings: [] };
    if (cells.length !== header.length) {
      rows.push(unreadRow(base, fieldCountIssue(header.length + 2, row.cells.length)));
      continue;
    }
    if (!ORDER_DISCRIMINATORS.has(named.DataDiscriminator ?? '')) continue;
    rows.push(readTrade(named, base));
  }
  if (!sawSection) {
    return {
      rows,
      issues: [{ field: null, code: 'LEDGER_IMPORT_SECTION_MISSING', params: { section: 'Trades' } }],
    };
  }
  return { rows, issues: [] };
}

function columnMissing(column: string): LedgerIssue {
  return { field: null, code: 'LEDGER_IMPORT_COLUMN_MISSING', params: { column } };
}

function readTrade(
  named: Record<string, string>,
  base: Pick<SourceRow, 'row_number' | 'cells' | 'warnings'>,
): SourceRow {
  const dateTime = named['Date/Time']?.trim() ?? '';
  const reference = `${dateTime}|${named.Symbol?.trim() ?? ''}`;
  const category = named['Asset Category']?.trim() ?? '';
  if (!SUPPORTED_ASSET_CATEGORIES.has(category)) {
    return unreadRow({ ...base, reference }, unsupportedActionIssue(category));
  }
  const quantityText = named.Quantity ?? '';
  const quantity = parseDecimal(quantityText, '.');
  if (quantity === undefined || quantity === 0) {
    return {
      ...base,
      candidate: null,
      reference,
      issues: [{ field: 'quantity', code: 'LEDGER_NUMBER_INVALID', params: { value: quantityText.trim() } }],
    };
  }
  // A charge is negative; a positive Comm/Fee is a rebate, which is not a fee of ours.
  const commission = parseDecimal(named['Comm/Fee'] ?? '', '.');
  const { candidate, issues } = candidateFromValues(
    quantity > 0 ? 'BUY' : 'SELL',
    {
      // "2017-01-05, 10:30:00" or "2017-01-05;10:30:00": the day is the first ten characters.
      date: dateTime.slice(0, 10),
      symbol: named.Symbol,
      quantity: String(Math.abs(quantity)),
      price: named['T. Price'],
      fee: commission === undefined ? named['Comm/Fee'] : String(commission < 0 ? -commission : 0),
      currency: named.Currency,
    },
    FORMAT,
  );
  return { ...base, candidate, issues, reference };
}
