import type { LedgerIssue } from '../../ledger-errors';
import { candidateFromValues } from '../column-mapping';
import { readHeaderedCsv } from '../csv';
import { fieldCountIssue, unreadRow, type SourceFile, type SourceRow } from '../import-preview';
import { parseDecimal } from '../parse-values';

/**
 * DEGIRO: the Transactions export (Activity > Transactions > Export > CSV), English layout:
 * `Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,
 * Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID`.
 * DEGIRO publishes no specification; fixtures/README.md says what this is based on. The two
 * unnamed columns hold the currency of the amount before them, so columns are read by position.
 * Dates are DD-MM-YYYY; amounts use a decimal point or, in most languages, a decimal comma; a
 * negative quantity is a sale; fees are negative and in the account currency (the last word of
 * the "Value EUR" header), converted to the trading currency with the row's exchange rate
 * (trading-currency units per account-currency unit). Rows carry an ISIN, not a ticker.
 */
const COLUMN = {
  date: 0,
  time: 1,
  product: 2,
  isin: 3,
  quantity: 6,
  price: 7,
  priceCurrency: 8,
  accountValue: 11,
  exchangeRate: 12,
  autoFxFee: 13,
  fees: 14,
  total: 15,
} as const;
/** The order id follows Total; exports differ on whether an empty column comes between. */
const FIRST_ORDER_ID_COLUMN = 16;
const MINIMUM_COLUMNS = FIRST_ORDER_ID_COLUMN;
/** Numbers are normalised to a decimal point before they reach the candidate. */
const FORMAT = { date_format: 'DD-MM-YYYY', decimal_separator: '.' } as const;
/** A converted fee keeps the ledger's smallest unit (1e-8); the rate makes it approximate anyway. */
const FEE_DECIMALS = 8;

function accountCurrencyOf(header: readonly string[]): string | undefined {
  return /\b([A-Z]{3})\s*$/.exec(header[COLUMN.accountValue]?.trim() ?? '')?.[1];
}

export function readDegiroCsv(text: string): SourceFile {
  const file = readHeaderedCsv(text, ',');
  if (!file) return { rows: [], issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_EMPTY', params: {} }] };
  const { header, dataRows } = file;
  const accountCurrency = accountCurrencyOf(header);
  if (header[COLUMN.isin] !== 'ISIN' || header.length < MINIMUM_COLUMNS || !accountCurrency) {
    const column = header[COLUMN.isin] !== 'ISIN' ? 'ISIN' : 'Value EUR';
    return { rows: [], issues: [{ field: null, code: 'LEDGER_IMPORT_COLUMN_MISSING', params: { column } }] };
  }
  const labels = header.map((name, index) => name || `${header[index - 1] ?? ''} (currency)`);
  const rows = dataRows.map((row): SourceRow => {
    const cells = Object.fromEntries(labels.map((label, index) => [label, row.cells[index] ?? '']));
    const base = { row_number: row.line, cells };
    if (row.cells.length < MINIMUM_COLUMNS) {
      return unreadRow(base, fieldCountIssue(header.length, row.cells.length));
    }
    return readTrade(row.cells, base, accountCurrency);
  });
  return { rows, issues: [] };
}

function readTrade(
  cells: readonly string[],
  base: Pick<SourceRow, 'row_number' | 'cells'>,
  accountCurrency: string,
): SourceRow {
  const cell = (index: number): string => cells[index]?.trim() ?? '';
  const orderId =
    cells
      .slice(FIRST_ORDER_ID_COLUMN)
      .findLast((value) => value.trim() !== '')
      ?.trim() ?? '';
  const reference = `${orderId}|${cell(COLUMN.time)}`;
  const warnings: LedgerIssue[] = [
    {
      field: 'symbol',
      code: 'LEDGER_IMPORT_SYMBOL_IS_ISIN',
      params: { isin: cell(COLUMN.isin), product: cell(COLUMN.product) },
    },
  ];
  const quantity = parseDecimal(cell(COLUMN.quantity), 'auto');
  if (quantity === undefined || quantity === 0) {
    return {
      ...base,
      warnings,
      candidate: null,
      reference,
      issues: [
        { field: 'quantity', code: 'LEDGER_NUMBER_INVALID', params: { value: cell(COLUMN.quantity) } },
      ],
    };
  }
  const tradingCurrency = cell(COLUMN.priceCurrency).toUpperCase();
  const issues: LedgerIssue[] = [];
  let fee: string | undefined;
  const feeParts = [cell(COLUMN.fees), cell(COLUMN.autoFxFee)].filter((part) => part !== '');
  const feeValues = feeParts.map((part) => parseDecimal(part, 'auto'));
  if (feeValues.some((value) => value === undefined)) {
    issues.push({ field: 'fee', code: 'LEDGER_NUMBER_INVALID', params: { value: feeParts.join(' ') } });
  } else {
    const feeInAccountCurrency = -feeValues.reduce<number>((total, value) => total + (value ?? 0), 0);
    if (tradingCurrency === accountCurrency || feeInAccountCurrency === 0) {
      fee = String(feeInAccountCurrency);
    } else {
      const rate = parseDecimal(cell(COLUMN.exchangeRate), 'auto');
      if (rate === undefined || rate <= 0) {
        issues.push({
          field: 'fee',
          code: 'LEDGER_NUMBER_INVALID',
          params: { value: cell(COLUMN.exchangeRate) },
        });
      } else {
        fee = String(Number((feeInAccountCurrency * rate).toFixed(FEE_DECIMALS)));
        warnings.push({
          field: 'fee',
          code: 'LEDGER_IMPORT_FEE_CONVERTED',
          params: { from: accountCurrency, to: tradingCurrency, rate },
        });
      }
    }
  }
  const read = candidateFromValues(
    quantity > 0 ? 'BUY' : 'SELL',
    {
      date: cell(COLUMN.date),
      symbol: cell(COLUMN.isin),
      quantity: String(Math.abs(quantity)),
      price: String(parseDecimal(cell(COLUMN.price), 'auto') ?? cell(COLUMN.price)),
      ...(fee === undefined ? {} : { fee }),
      currency: tradingCurrency,
    },
    FORMAT,
  );
  return { ...base, warnings, candidate: read.candidate, issues: [...issues, ...read.issues], reference };
}
