import type { IsoDate } from './calendar';
import type { DailyPoint } from './daily-valuation';
import { decimal, ZERO, type Decimal } from './decimal';
import { valueBook, valuePortfolio, type PortfolioTotals, type ValuationOptions } from './holdings';
import { LedgerBook, orderTransactions } from './ledger-book';
import { requireRate } from './market-lookups';
import type { AttributionLine } from './report-vocabulary';
import { daysIn } from './returns';
import type { Transaction } from './transaction';

/**
 * A period's change in value split into what made it (README "Returns per period"), read from the one
 * valuation (holdings.ts `valuePortfolio`) at the window's start and end and the rows in between:
 *
 * - realised_gains: the realised price effect booked in the window (net of the sales' charges);
 * - capital_gains: the change in unrealised price effect, before the window's trade fees and taxes
 *   (added back here, shown on their own lines);
 * - dividends: income paid in the window, dividends and INTEREST rows, before charges and withholding;
 * - fees: FEE rows, trade commissions and dividend charges, negative;
 * - taxes: the rows' `tax` (transaction taxes, withholding), negative;
 * - currency: the change in the realised and unrealised currency effects, plus what rates did to
 *   cash held in other currencies (the rest of the change once every other line is counted: zero
 *   without foreign cash);
 * - deposits_withdrawals: external money in less money out (without DEPOSIT/WITHDRAWAL rows: BUYs
 *   less SELLs, less the dividends and fees that left the securities).
 *
 * The lines add up to value at the end less value at the start.
 */
export type Attribution = Record<AttributionLine, number>;

export interface PeriodChange {
  value_start_base: number;
  value_end_base: number;
  change_base: number;
  /** The change less deposits and withdrawals: what the investments earned, in money. */
  money_gain_base: number;
  attribution: Attribution;
}

/** Sums of the rows dated in the window, each at its own day's rate. */
interface RowSums {
  commissions: Decimal;
  tradeTaxes: Decimal;
  dividendsGross: Decimal;
  dividendCharges: Decimal;
  dividendTaxes: Decimal;
  feeRows: Decimal;
}

function rowSums(
  transactions: readonly Transaction[],
  start: IsoDate,
  end: IsoDate,
  options: ValuationOptions,
): RowSums {
  const sums: RowSums = {
    commissions: ZERO,
    tradeTaxes: ZERO,
    dividendsGross: ZERO,
    dividendCharges: ZERO,
    dividendTaxes: ZERO,
    feeRows: ZERO,
  };
  for (const row of transactions) {
    if (row.date <= start || row.date > end) continue;
    if (row.type === 'SPLIT' || row.type === 'DEPOSIT' || row.type === 'WITHDRAWAL') continue;
    const rate = decimal(requireRate(options.fx, row.currency, options.baseCurrency, row.date));
    if (row.type === 'FEE') {
      sums.feeRows = sums.feeRows.plus(decimal(row.amount).times(rate));
      continue;
    }
    if (row.type === 'INTEREST') {
      // Interest is income: the dividends line (README "Returns per period"), its withholding a tax.
      sums.dividendsGross = sums.dividendsGross.plus(decimal(row.amount).times(rate));
      sums.dividendTaxes = sums.dividendTaxes.plus(decimal(row.tax ?? 0).times(rate));
      continue;
    }
    const fee = decimal(row.fee).times(rate);
    const tax = decimal(row.tax ?? 0).times(rate);
    if (row.type === 'DIVIDEND') {
      sums.dividendsGross = sums.dividendsGross.plus(decimal(row.quantity).times(row.price).times(rate));
      sums.dividendCharges = sums.dividendCharges.plus(fee);
      sums.dividendTaxes = sums.dividendTaxes.plus(tax);
    } else {
      sums.commissions = sums.commissions.plus(fee);
      sums.tradeTaxes = sums.tradeTaxes.plus(tax);
    }
  }
  return sums;
}

/** Money in less money out over the window's days (income paid out counts as out). */
export function netFlows(days: readonly DailyPoint[], start: IsoDate, end: IsoDate): number {
  let total = 0;
  for (const day of daysIn(days, { start, end }))
    total += day.inflow_base - day.outflow_base - day.income_base;
  return total;
}

/** Valuations by day, so periods sharing a start or an end value the ledger once. */
export type TotalsAt = (date: IsoDate) => PortfolioTotals;

export function totalsCache(transactions: readonly Transaction[], options: ValuationOptions): TotalsAt {
  const cache = new Map<IsoDate, PortfolioTotals>();
  return (date) => {
    let totals = cache.get(date);
    if (!totals) {
      totals = valuePortfolio(transactions, { ...options, date }).totals;
      cache.set(date, totals);
    }
    return totals;
  };
}

/**
 * The same valuations for known days in one pass: the book is applied in order once and valued
 * (`valueBook`, the one valuation) as it stands at the end of each day, instead of rebuilt per day.
 */
export function totalsAtDates(
  transactions: readonly Transaction[],
  options: ValuationOptions,
  dates: readonly IsoDate[],
): TotalsAt {
  const cache = new Map<IsoDate, PortfolioTotals>();
  const ordered = orderTransactions(transactions);
  const book = new LedgerBook(options);
  let next = 0;
  let cashTracked = false;
  for (const date of [...new Set(dates)].sort()) {
    for (let row = ordered[next]; row !== undefined && row.date <= date; row = ordered[next]) {
      next += 1;
      cashTracked ||= row.type === 'DEPOSIT' || row.type === 'WITHDRAWAL';
      book.apply(row);
    }
    cache.set(date, valueBook(book, cashTracked, { ...options, date }).totals);
  }
  const fallback = totalsCache(transactions, options);
  return (date) => cache.get(date) ?? fallback(date);
}

export function attributePeriod(
  transactions: readonly Transaction[],
  days: readonly DailyPoint[],
  window: { start: IsoDate; end: IsoDate },
  options: ValuationOptions,
  totalsAt: TotalsAt = totalsCache(transactions, options),
): PeriodChange {
  const before = totalsAt(window.start);
  const after = totalsAt(window.end);
  const delta = (pick: (totals: PortfolioTotals) => number): Decimal =>
    decimal(pick(after)).minus(pick(before));
  const sums = rowSums(transactions, window.start, window.end, options);
  const flows = decimal(netFlows(days, window.start, window.end));
  const change = delta((totals) => totals.value_base);
  const capital = delta((totals) => totals.unrealised.price_effect_base)
    .plus(sums.commissions)
    .plus(sums.tradeTaxes);
  const realised = delta((totals) => totals.realised.price_effect_base);
  const fees = sums.feeRows.plus(sums.commissions).plus(sums.dividendCharges).neg();
  const taxes = sums.tradeTaxes.plus(sums.dividendTaxes).neg();
  // Everything the gains' currency effects do not explain is cash's currency effect (README).
  const cashCurrency = change.minus(flows).minus(delta((totals) => totals.total_gain_base));
  const currency = delta((totals) => totals.unrealised.currency_effect_base)
    .plus(delta((totals) => totals.realised.currency_effect_base))
    .plus(cashCurrency);
  return {
    value_start_base: before.value_base,
    value_end_base: after.value_base,
    change_base: change.toNumber(),
    money_gain_base: change.minus(flows).toNumber(),
    attribution: {
      capital_gains: capital.toNumber(),
      realised_gains: realised.toNumber(),
      dividends: sums.dividendsGross.toNumber(),
      fees: fees.toNumber(),
      taxes: taxes.toNumber(),
      currency: currency.toNumber(),
      deposits_withdrawals: flows.toNumber(),
    },
  };
}
