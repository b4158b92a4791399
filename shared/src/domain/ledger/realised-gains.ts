import { addMonths, daysBetween, type IsoDate } from './calendar';
import type { BaseCurrency } from './currencies';
import { decimal, ZERO, type Decimal } from './decimal';
import { buildLedgerBook } from './holdings';
import type { CostMethod } from './ledger-vocabulary';
import { requireRate, type FxLookup } from './market-lookups';
import { DEFAULT_LONG_TERM_MONTHS, type HoldingTerm } from './report-vocabulary';
import type { Transaction } from './transaction';

/**
 * Realised gains per tax year (README "Realised gains per tax year"): every SELL matched to the lots
 * it released (FIFO or average cost, as the book sells them), each with its buy date, cost,
 * proceeds, gain and holding term; totals per year and per holding; dividend withholding per year.
 * A tax year is the calendar year; amounts are in the base currency at each row's day's rate.
 */

export interface RealisedLine {
  symbol: string;
  sell_date: IsoDate;
  /** The lot's buy date; under average cost, the pool's first buy since it was last empty. */
  buy_date: IsoDate;
  quantity: number;
  /** The lot's cost, its buy fee and tax included. */
  cost_base: number;
  /** The lot's share of the sale's proceeds, net of the sale's fee and tax. */
  proceeds_base: number;
  gain_base: number;
  /** The lot's share of the sale's fee and of its tax (already off the proceeds). */
  fees_base: number;
  taxes_base: number;
  holding_days: number;
  term: HoldingTerm;
  /** The lot came from an opening BUY priced at a close: its cost is an estimate. */
  estimated: boolean;
}

export interface RealisedTotals {
  proceeds_base: number;
  cost_base: number;
  gain_base: number;
  short_term_gain_base: number;
  long_term_gain_base: number;
  fees_base: number;
  taxes_base: number;
}

export interface YearTotals extends RealisedTotals {
  year: number;
  /** Tax withheld on the year's dividends (their rows' `tax`). */
  dividend_withholding_base: number;
}

export interface RealisedGainsReport {
  base_currency: BaseCurrency;
  cost_method: CostMethod;
  long_term_months: number;
  /** The year asked for, or null for every year. */
  year: number | null;
  /** Every year with a sale or a dividend, oldest first (all of them, whatever `year`). */
  years: YearTotals[];
  /** Per holding over the lines reported. */
  holdings: Array<RealisedTotals & { symbol: string }>;
  /** The lines of `year` (every year when null), by sell date then buy date. */
  lines: RealisedLine[];
}

export interface RealisedGainsOptions {
  baseCurrency: BaseCurrency;
  costMethod: CostMethod;
  fx: FxLookup;
  /** Rows after this day are not applied (the market date). */
  date: IsoDate;
  year?: number | null;
  longTermMonths?: number;
}

interface ExactTotals {
  proceeds: Decimal;
  cost: Decimal;
  gain: Decimal;
  shortGain: Decimal;
  longGain: Decimal;
  fees: Decimal;
  taxes: Decimal;
}

const emptyTotals = (): ExactTotals => ({
  proceeds: ZERO,
  cost: ZERO,
  gain: ZERO,
  shortGain: ZERO,
  longGain: ZERO,
  fees: ZERO,
  taxes: ZERO,
});

type ExactLine = { line: RealisedLine; cost: Decimal; proceeds: Decimal; fees: Decimal; taxes: Decimal };

function add(totals: ExactTotals, { line, cost, proceeds, fees, taxes }: ExactLine): void {
  const gain = proceeds.minus(cost);
  totals.proceeds = totals.proceeds.plus(proceeds);
  totals.cost = totals.cost.plus(cost);
  totals.gain = totals.gain.plus(gain);
  if (line.term === 'long') totals.longGain = totals.longGain.plus(gain);
  else totals.shortGain = totals.shortGain.plus(gain);
  totals.fees = totals.fees.plus(fees);
  totals.taxes = totals.taxes.plus(taxes);
}

const asNumbers = (totals: ExactTotals): RealisedTotals => ({
  proceeds_base: totals.proceeds.toNumber(),
  cost_base: totals.cost.toNumber(),
  gain_base: totals.gain.toNumber(),
  short_term_gain_base: totals.shortGain.toNumber(),
  long_term_gain_base: totals.longGain.toNumber(),
  fees_base: totals.fees.toNumber(),
  taxes_base: totals.taxes.toNumber(),
});

/** Long-term when sold after the day `months` months from the buy (one year by default). */
export function holdingTerm(buyDate: IsoDate, sellDate: IsoDate, months: number): HoldingTerm {
  return sellDate > addMonths(buyDate, months) ? 'long' : 'short';
}

export function realisedGains(
  transactions: readonly Transaction[],
  options: RealisedGainsOptions,
): RealisedGainsReport {
  const months = options.longTermMonths ?? DEFAULT_LONG_TERM_MONTHS;
  const book = buildLedgerBook(transactions, options, options.date);
  const exact: ExactLine[] = book.sales.flatMap((sale) =>
    sale.lots.map((lot) => {
      // The sale's proceeds, fee and tax shared over its lots by quantity.
      const share = sale.quantity.eq(0) ? ZERO : lot.quantity.div(sale.quantity);
      const proceeds = sale.proceedsBase.times(share);
      const fees = sale.feeBase.times(share);
      const taxes = sale.taxBase.times(share);
      const line: RealisedLine = {
        symbol: sale.symbol,
        sell_date: sale.date,
        buy_date: lot.date,
        quantity: lot.quantity.toNumber(),
        cost_base: lot.costBase.toNumber(),
        proceeds_base: proceeds.toNumber(),
        gain_base: proceeds.minus(lot.costBase).toNumber(),
        fees_base: fees.toNumber(),
        taxes_base: taxes.toNumber(),
        holding_days: daysBetween(lot.date, sale.date),
        term: holdingTerm(lot.date, sale.date, months),
        estimated: lot.estimated,
      };
      return { line, cost: lot.costBase, proceeds, fees, taxes };
    }),
  );
  const byYear = new Map<number, { totals: ExactTotals; withholding: Decimal }>();
  const yearEntry = (year: number) => {
    let entry = byYear.get(year);
    if (!entry) {
      entry = { totals: emptyTotals(), withholding: ZERO };
      byYear.set(year, entry);
    }
    return entry;
  };
  for (const item of exact) add(yearEntry(Number(item.line.sell_date.slice(0, 4))).totals, item);
  for (const row of transactions) {
    if (row.type !== 'DIVIDEND' || row.date > options.date) continue;
    const entry = yearEntry(Number(row.date.slice(0, 4)));
    const rate = requireRate(options.fx, row.currency, options.baseCurrency, row.date);
    entry.withholding = entry.withholding.plus(decimal(row.tax ?? 0).times(rate));
  }
  const year = options.year ?? null;
  const selected = exact
    .filter((item) => year === null || Number(item.line.sell_date.slice(0, 4)) === year)
    .sort(
      (left, right) =>
        left.line.sell_date.localeCompare(right.line.sell_date) ||
        left.line.buy_date.localeCompare(right.line.buy_date),
    );
  const bySymbol = new Map<string, ExactTotals>();
  for (const item of selected) {
    const totals = bySymbol.get(item.line.symbol) ?? emptyTotals();
    add(totals, item);
    bySymbol.set(item.line.symbol, totals);
  }
  return {
    base_currency: options.baseCurrency,
    cost_method: options.costMethod,
    long_term_months: months,
    year,
    years: [...byYear.entries()]
      .sort(([left], [right]) => left - right)
      .map(([entryYear, entry]) => ({
        year: entryYear,
        ...asNumbers(entry.totals),
        dividend_withholding_base: entry.withholding.toNumber(),
      })),
    holdings: [...bySymbol.entries()]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([symbol, totals]) => ({ symbol, ...asNumbers(totals) })),
    lines: selected.map((item) => item.line),
  };
}
