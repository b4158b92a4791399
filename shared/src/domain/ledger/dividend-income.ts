import { addDays, addMonths, type IsoDate } from './calendar';
import type { BaseCurrency } from './currencies';
import { decimal, ZERO, type Decimal } from './decimal';
import { buildLedgerBook } from './holdings';
import type { CostMethod } from './ledger-vocabulary';
import { requireRate, type FxLookup } from './market-lookups';
import type { DividendTransaction, Transaction } from './transaction';

/**
 * Dividend income ahead (README "Dividend income ahead"): the dividends the ledger recorded, per
 * month and holding, and a 12-month projection per holding held on the valuation day: its trailing
 * 12-month dividends per share recorded in the ledger times the shares held that day, with the yield
 * on cost. It is not a forecast of any company's decisions: no recorded dividend, no projection.
 */

export const PROJECTION_MONTHS = 12;

/** What one holding paid in one calendar month, in the base currency at each payment day's rate. */
export interface DividendMonth {
  year: number;
  month: number;
  symbol: string;
  payments: number;
  /** Shares entitled times the dividend per share, before charges and withholding. */
  gross_base: number;
  fees_base: number;
  withholding_base: number;
  /** Gross less charges and withholding: what reached the account. */
  net_base: number;
}

export interface DividendProjection {
  symbol: string;
  /** Shares held on the valuation day. */
  quantity: number;
  /** Cost of those shares (fees and taxes included), under the ledger's cost method. */
  cost_base: number;
  /** Dividends recorded in the 12 months up to the valuation day. */
  trailing_payments: number;
  /**
   * The sum of those dividends per share, brought to today's shares by the splits since each was
   * paid, in the base currency at the valuation day's rate; null without a dividend in the window.
   */
  trailing_dividends_per_share_base: number | null;
  /** trailing_dividends_per_share_base x quantity, before withholding; null without history. */
  projected_income_base: number | null;
  /** projected_income_base / cost_base; null without history or without cost. */
  yield_on_cost: number | null;
}

export interface DividendIncomeReport {
  base_currency: BaseCurrency;
  /** The valuation day (the market date): nothing after it is read. */
  date: IsoDate;
  /** The trailing window's first day (the day after the one 12 months before the valuation day). */
  trailing_from: IsoDate;
  /** Every month with a dividend, oldest first, a line per holding paid (by symbol). */
  calendar: DividendMonth[];
  /** Every holding held on the valuation day, by symbol. */
  projection: DividendProjection[];
  projected_income_base: number;
  /** The projection's total over the cost of the holdings that have one; null when that cost is 0. */
  yield_on_cost: number | null;
}

export interface DividendIncomeOptions {
  baseCurrency: BaseCurrency;
  costMethod: CostMethod;
  fx: FxLookup;
  /** The valuation day (the market date); rows after it are not read. */
  date: IsoDate;
}

interface MonthTotals {
  year: number;
  month: number;
  symbol: string;
  payments: number;
  gross: Decimal;
  fees: Decimal;
  withholding: Decimal;
}

function calendarOf(
  dividends: readonly DividendTransaction[],
  options: DividendIncomeOptions,
): DividendMonth[] {
  const months = new Map<string, MonthTotals>();
  for (const row of dividends) {
    const key = `${row.date.slice(0, 7)} ${row.symbol}`;
    const entry = months.get(key) ?? {
      year: Number(row.date.slice(0, 4)),
      month: Number(row.date.slice(5, 7)),
      symbol: row.symbol,
      payments: 0,
      gross: ZERO,
      fees: ZERO,
      withholding: ZERO,
    };
    const rate = decimal(requireRate(options.fx, row.currency, options.baseCurrency, row.date));
    entry.payments += 1;
    entry.gross = entry.gross.plus(decimal(row.quantity).times(row.price).times(rate));
    entry.fees = entry.fees.plus(decimal(row.fee).times(rate));
    entry.withholding = entry.withholding.plus(decimal(row.tax ?? 0).times(rate));
    months.set(key, entry);
  }
  return [...months.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([, entry]) => ({
      year: entry.year,
      month: entry.month,
      symbol: entry.symbol,
      payments: entry.payments,
      gross_base: entry.gross.toNumber(),
      fees_base: entry.fees.toNumber(),
      withholding_base: entry.withholding.toNumber(),
      net_base: entry.gross.minus(entry.fees).minus(entry.withholding).toNumber(),
    }));
}

export function dividendIncome(
  transactions: readonly Transaction[],
  options: DividendIncomeOptions,
): DividendIncomeReport {
  const book = buildLedgerBook(transactions, options, options.date);
  const dividends = transactions.filter(
    (row): row is DividendTransaction => row.type === 'DIVIDEND' && row.date <= options.date,
  );
  // The 12 months ending on the valuation day: 2024-06-30 reads from 2023-07-01.
  const trailingFrom = addDays(addMonths(options.date, -PROJECTION_MONTHS), 1);
  const projection: DividendProjection[] = [];
  let projectedTotal = ZERO;
  let projectedCost = ZERO;
  for (const position of [...book.positions.values()].sort((left, right) =>
    left.symbol.localeCompare(right.symbol),
  )) {
    if (position.quantity.lte(0)) continue;
    const cost = position.lots.reduce((total, lot) => total.plus(lot.costBase), ZERO);
    const trailing = dividends.filter((row) => row.symbol === position.symbol && row.date >= trailingFrom);
    let perShare = ZERO;
    for (const row of trailing) {
      // A split after the payment turns one share then into `ratio` shares now (a split's own day is
      // already post-split, README "The model").
      const ratio = position.splits
        .filter((split) => split.date > row.date)
        .reduce((total, split) => total.times(split.ratio), decimal(1));
      const rate = requireRate(options.fx, row.currency, options.baseCurrency, options.date);
      perShare = perShare.plus(decimal(row.price).div(ratio).times(rate));
    }
    const income = trailing.length > 0 ? perShare.times(position.quantity) : null;
    if (income) {
      projectedTotal = projectedTotal.plus(income);
      projectedCost = projectedCost.plus(cost);
    }
    projection.push({
      symbol: position.symbol,
      quantity: position.quantity.toNumber(),
      cost_base: cost.toNumber(),
      trailing_payments: trailing.length,
      trailing_dividends_per_share_base: trailing.length > 0 ? perShare.toNumber() : null,
      projected_income_base: income ? income.toNumber() : null,
      yield_on_cost: income && cost.gt(0) ? income.div(cost).toNumber() : null,
    });
  }
  return {
    base_currency: options.baseCurrency,
    date: options.date,
    trailing_from: trailingFrom,
    calendar: calendarOf(dividends, options),
    projection,
    projected_income_base: projectedTotal.toNumber(),
    yield_on_cost: projectedCost.gt(0) ? projectedTotal.div(projectedCost).toNumber() : null,
  };
}
