import type { LedgerIssue } from '../../ledger-errors';
import type { TransactionType } from '../../transaction';
import { candidateFromValues, type MappableField } from '../column-mapping';
import { readHeaderedCsv } from '../csv';
import {
  fieldCountIssue,
  unreadRow,
  unsupportedActionIssue,
  type SourceFile,
  type SourceRow,
} from '../import-preview';
import { parseDecimal } from '../parse-values';

/**
 * Trading 212: the History export (History > Export > CSV). Columns are named; which ones appear
 * depends on what the period holds, so they are found by name:
 * `Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,
 * Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,
 * ID,Currency conversion fee,Currency (Currency conversion fee)`; older files write "Total (EUR)"
 * instead of a currency column. Time reads "2017-01-05 14:30:03.613". Fees may be in the account
 * currency; the exchange rate is trading-currency units per account-currency unit.
 * fixtures/README.md says what this is based on.
 */
const FEE_COLUMNS = [
  'Currency conversion fee',
  'Transaction fee',
  'Finra fee',
  'Stamp duty reserve tax',
  'French transaction tax',
];
const REQUIRED_COLUMNS = ['Action', 'Time'];
const FORMAT = { date_format: 'YYYY-MM-DD', decimal_separator: '.' } as const;
const FEE_DECIMALS = 8;

function typeOfAction(action: string): TransactionType | undefined {
  const words = action.trim().toLowerCase();
  if (words.endsWith(' buy')) return 'BUY';
  if (words.endsWith(' sell')) return 'SELL';
  if (words.startsWith('dividend')) return 'DIVIDEND';
  if (words === 'deposit') return 'DEPOSIT';
  if (words === 'withdrawal') return 'WITHDRAWAL';
  if (words === 'interest on cash') return 'INTEREST';
  return undefined;
}

/** An amount column and its currency: from "Currency (X)" beside it, or from the header "X (EUR)". */
function amountWithCurrency(
  named: Record<string, string>,
  column: string,
): { text: string; currency: string } | null {
  const direct = named[column];
  if (direct !== undefined && direct.trim() !== '') {
    return { text: direct.trim(), currency: (named[`Currency (${column})`] ?? '').trim().toUpperCase() };
  }
  for (const [name, value] of Object.entries(named)) {
    const match = /^(.*) \(([A-Z]{3})\)$/.exec(name);
    if (match?.[1] === column && value.trim() !== '') return { text: value.trim(), currency: match[2] ?? '' };
  }
  return null;
}

export function readTrading212Csv(text: string): SourceFile {
  const file = readHeaderedCsv(text, ',');
  if (!file) return { rows: [], issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_EMPTY', params: {} }] };
  const { header, dataRows } = file;
  const missing = REQUIRED_COLUMNS.find((column) => !header.includes(column));
  if (missing)
    return {
      rows: [],
      issues: [{ field: null, code: 'LEDGER_IMPORT_COLUMN_MISSING', params: { column: missing } }],
    };
  const rows = dataRows.map((row): SourceRow => {
    const named = Object.fromEntries(header.map((name, index) => [name, row.cells[index] ?? '']));
    const reference = named.ID?.trim() || named.Time?.trim() || null;
    const base = { row_number: row.line, cells: named, warnings: [], reference };
    if (row.cells.length !== header.length) {
      return unreadRow(base, fieldCountIssue(header.length, row.cells.length));
    }
    const action = named.Action?.trim() ?? '';
    const type = typeOfAction(action);
    if (!type) {
      return unreadRow(base, unsupportedActionIssue(action));
    }
    return readRow(type, named, base);
  });
  return { rows, issues: [] };
}

function readRow(
  type: TransactionType,
  named: Record<string, string>,
  base: Pick<SourceRow, 'row_number' | 'cells' | 'reference'>,
): SourceRow {
  const date = named.Time ?? '';
  if (type === 'DEPOSIT' || type === 'WITHDRAWAL' || type === 'INTEREST') {
    const total = amountWithCurrency(named, 'Total');
    const amount = total ? parseDecimal(total.text, '.') : undefined;
    const read = candidateFromValues(
      type,
      {
        date,
        amount: amount === undefined ? total?.text : String(Math.abs(amount)),
        currency: total?.currency,
      },
      FORMAT,
    );
    return { ...base, warnings: [], candidate: read.candidate, issues: read.issues };
  }
  const tradingCurrency = (named['Currency (Price / share)'] ?? '').trim().toUpperCase();
  const accountCurrency = amountWithCurrency(named, 'Total')?.currency ?? '';
  const rate = parseDecimal(named['Exchange rate'] ?? '', '.');
  const issues: LedgerIssue[] = [];
  const warnings: LedgerIssue[] = [];
  const feeColumns = type === 'DIVIDEND' ? ['Withholding tax'] : FEE_COLUMNS;
  let fee = 0;
  for (const column of feeColumns) {
    const charge = amountWithCurrency(named, column);
    if (!charge) continue;
    const value = parseDecimal(charge.text, '.');
    if (value === undefined) {
      issues.push({ field: 'fee', code: 'LEDGER_NUMBER_INVALID', params: { value: charge.text } });
    } else if (charge.currency === tradingCurrency || charge.currency === '') {
      fee += Math.abs(value);
    } else if (charge.currency === accountCurrency && rate !== undefined && rate > 0) {
      fee += Math.abs(value) * rate;
      warnings.push({
        field: 'fee',
        code: 'LEDGER_IMPORT_FEE_CONVERTED',
        params: { from: charge.currency, to: tradingCurrency, rate },
      });
    } else {
      issues.push({
        field: 'fee',
        code: 'LEDGER_FX_RATE_MISSING',
        params: { from: charge.currency, to: tradingCurrency, date: date.slice(0, 10) },
      });
    }
  }
  const values: Partial<Record<MappableField, string>> = {
    date,
    symbol: named.Ticker,
    quantity: named['No. of shares'],
    price: named['Price / share'],
    fee: String(Number(fee.toFixed(FEE_DECIMALS))),
    currency: tradingCurrency,
  };
  const read = candidateFromValues(type, values, FORMAT);
  return { ...base, warnings, candidate: read.candidate, issues: [...issues, ...read.issues] };
}
