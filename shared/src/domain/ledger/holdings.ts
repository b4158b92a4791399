import { addDays, type IsoDate } from './calendar';
import { BaseCurrencySchema, type CurrencyCode } from './currencies';
import { ZERO, type Decimal } from './decimal';
import {
  LedgerBook,
  orderTransactions,
  tracksCash,
  type LedgerSettings,
  type PositionState,
} from './ledger-book';
import { LedgerError } from './ledger-errors';
import { RATE_LOOKBACK_DAYS, requireRate, type PriceLookup } from './market-lookups';
import type { Transaction } from './transaction';

/**
 * Holdings derived from the ledger and valued on one day: cost basis (FIFO lots or average cost),
 * realised and unrealised gains with fees included, dividends as income, each gain split into a
 * price effect and a currency effect (README, "Currency effect").
 */

/** Where a holding's price came from: a close within `RATE_LOOKBACK_DAYS`, or its latest trade. */
export type HoldingPriceOrigin = 'close' | 'transaction';

export interface GainBreakdown {
  gain_base: number;
  price_effect_base: number;
  currency_effect_base: number;
}

export interface LotView {
  date: IsoDate;
  quantity: number;
  cost_local: number;
  cost_base: number;
  estimated: boolean;
}

export interface HoldingValuation {
  symbol: string;
  currency: CurrencyCode | null;
  quantity: number;
  /** True while an open lot comes from an opening BUY priced at a close ("estimated"). */
  estimated: boolean;
  lots: LotView[];
  cost_local: number;
  cost_base: number;
  /** Cost per share including buy fees, in the trading currency; null when nothing is held. */
  average_cost_local: number | null;
  price: number | null;
  price_date: IsoDate | null;
  price_source: HoldingPriceOrigin | null;
  /** Base-currency units per trading-currency unit on the valuation day. */
  rate: number | null;
  value_local: number;
  value_base: number;
  unrealised: GainBreakdown;
  realised: GainBreakdown;
  dividends_base: number;
  /** FEE rows charged on this holding (trade commissions are inside cost and proceeds). */
  fees_base: number;
  trade_fees_base: number;
  /** Realised + unrealised + dividends - fees. */
  total_gain_base: number;
}

export interface CashBalance {
  currency: CurrencyCode;
  amount: number;
  rate: number;
  value_base: number;
}

export interface PortfolioTotals {
  /** Securities, plus cash when the ledger tracks it (it has DEPOSIT or WITHDRAWAL rows). */
  value_base: number;
  securities_value_base: number;
  cash_value_base: number;
  cost_base: number;
  unrealised: GainBreakdown;
  realised: GainBreakdown;
  dividends_base: number;
  /** INTEREST rows received, net of withholding (the account's, not a holding's). */
  interest_base: number;
  /** FEE rows, on holdings and on the account. */
  fees_base: number;
  /** Every fee paid: commissions, FEE rows and dividend withholding. */
  fees_paid_base: number;
  total_gain_base: number;
}

export interface PortfolioValuation {
  date: IsoDate;
  base_currency: string;
  cost_method: LedgerSettings['costMethod'];
  cash_tracked: boolean;
  holdings: HoldingValuation[];
  cash: CashBalance[];
  totals: PortfolioTotals;
  /** Symbols with a quantity above zero: what the portfolio_assets quota counts. */
  distinct_symbols_held: number;
}

export interface ValuationOptions extends LedgerSettings {
  date: IsoDate;
  prices: PriceLookup;
}

/** Applies every transaction dated on or before `date`, in effective order. */
export function buildLedgerBook(
  transactions: readonly Transaction[],
  settings: LedgerSettings,
  date?: IsoDate,
): LedgerBook {
  if (!BaseCurrencySchema.safeParse(settings.baseCurrency).success) {
    throw new LedgerError('LEDGER_BASE_CURRENCY_UNSUPPORTED', { currency: String(settings.baseCurrency) });
  }
  const book = new LedgerBook(settings);
  for (const transaction of orderTransactions(transactions)) {
    if (date !== undefined && transaction.date > date) break;
    book.apply(transaction);
  }
  return book;
}

/** The close on `date`, else the latest within the lookback, else the latest trade price. */
export function priceOnOrBefore(
  prices: PriceLookup,
  position: Pick<PositionState, 'symbol' | 'lastTradePrice' | 'lastTradeDate' | 'splits'>,
  date: IsoDate,
): { price: number; date: IsoDate; source: HoldingPriceOrigin } | null {
  for (let back = 0; back <= RATE_LOOKBACK_DAYS; back += 1) {
    const day = back === 0 ? date : addDays(date, -back);
    const close = prices(position.symbol, day);
    if (close !== undefined && Number.isFinite(close) && close >= 0) {
      // A close from before a split (a split on a day without a bar) is per old share.
      const ratio = position.splits
        .filter((split) => day < split.date && split.date <= date)
        .reduce((product, split) => product * split.ratio, 1);
      return { price: close / ratio, date: day, source: 'close' };
    }
  }
  if (position.lastTradePrice === null || position.lastTradeDate === null) return null;
  return { price: position.lastTradePrice, date: position.lastTradeDate, source: 'transaction' };
}

const sum = (values: readonly Decimal[]): Decimal => values.reduce((total, value) => total.plus(value), ZERO);
const breakdown = (gain: Decimal, price: Decimal, currency: Decimal): GainBreakdown => ({
  gain_base: gain.toNumber(),
  price_effect_base: price.toNumber(),
  currency_effect_base: currency.toNumber(),
});

/** The figures totals are summed from, kept exact until the end. */
interface ExactFigures {
  costBase: Decimal;
  valueBase: Decimal;
  unrealisedGain: Decimal;
  unrealisedPrice: Decimal;
  unrealisedCurrency: Decimal;
  totalGain: Decimal;
}

function valueHolding(
  position: PositionState,
  options: ValuationOptions,
): HoldingValuation & { exact: ExactFigures } {
  const costLocal = sum(position.lots.map((lot) => lot.costLocal));
  const costBase = sum(position.lots.map((lot) => lot.costBase));
  const held = position.quantity.gt(0);
  const priced = held ? priceOnOrBefore(options.prices, position, options.date) : null;
  const rate =
    held && position.currency !== null
      ? requireRate(options.fx, position.currency, options.baseCurrency, options.date)
      : null;
  const valueLocal = priced ? position.quantity.times(priced.price) : ZERO;
  const valueBase = rate === null ? ZERO : valueLocal.times(rate);
  const unrealisedGain = valueBase.minus(costBase);
  const unrealisedPrice = rate === null ? ZERO : valueLocal.minus(costLocal).times(rate);
  const unrealisedCurrency = rate === null ? ZERO : costLocal.times(rate).minus(costBase);
  const totalGain = unrealisedGain
    .plus(position.realisedGainBase)
    .plus(position.dividendsBase)
    .minus(position.feesBase);
  return {
    symbol: position.symbol,
    currency: position.currency,
    quantity: position.quantity.toNumber(),
    estimated: position.lots.some((lot) => lot.estimated),
    lots: position.lots.map((lot) => ({
      date: lot.date,
      quantity: lot.quantity.toNumber(),
      cost_local: lot.costLocal.toNumber(),
      cost_base: lot.costBase.toNumber(),
      estimated: lot.estimated,
    })),
    cost_local: costLocal.toNumber(),
    cost_base: costBase.toNumber(),
    average_cost_local: held ? costLocal.div(position.quantity).toNumber() : null,
    price: priced?.price ?? null,
    price_date: priced?.date ?? null,
    price_source: priced?.source ?? null,
    rate,
    value_local: valueLocal.toNumber(),
    value_base: valueBase.toNumber(),
    unrealised: breakdown(unrealisedGain, unrealisedPrice, unrealisedCurrency),
    realised: breakdown(
      position.realisedGainBase,
      position.realisedPriceEffectBase,
      position.realisedCurrencyEffectBase,
    ),
    dividends_base: position.dividendsBase.toNumber(),
    fees_base: position.feesBase.toNumber(),
    trade_fees_base: position.tradeFeesBase.toNumber(),
    total_gain_base: totalGain.toNumber(),
    exact: {
      costBase,
      valueBase,
      unrealisedGain,
      unrealisedPrice,
      unrealisedCurrency,
      totalGain,
    },
  };
}

/**
 * The portfolio on `options.date`: every holding ever traded (closed ones keep their realised gain
 * and dividends), cash balances when the ledger tracks cash, and totals summed exactly.
 */
export function valuePortfolio(
  transactions: readonly Transaction[],
  options: ValuationOptions,
): PortfolioValuation {
  const book = buildLedgerBook(transactions, options, options.date);
  const applied = transactions.filter((transaction) => transaction.date <= options.date);
  return valueBook(book, tracksCash(applied), options);
}

/** Values a book already applied up to `options.date` (the daily walk hands one over). */
export function valueBook(
  book: LedgerBook,
  cashTracked: boolean,
  options: ValuationOptions,
): PortfolioValuation {
  const valued = [...book.positions.values()]
    .sort((left, right) => left.symbol.localeCompare(right.symbol))
    .map((position) => ({ position, valuation: valueHolding(position, options) }));
  // Without DEPOSIT/WITHDRAWAL rows the balances only mirror the trades: not shown, not counted.
  const cashEntries = [...(cashTracked ? book.cash.entries() : [])]
    .filter(([, amount]) => !amount.eq(0))
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([currency, amount]) => {
      const rate = requireRate(options.fx, currency, options.baseCurrency, options.date);
      return { currency, amount, rate, valueBase: amount.times(rate) };
    });
  const cash: CashBalance[] = cashEntries.map(({ currency, amount, rate, valueBase }) => ({
    currency,
    amount: amount.toNumber(),
    rate,
    value_base: valueBase.toNumber(),
  }));
  const cashValue = sum(cashEntries.map((entry) => entry.valueBase));
  const exact = valued.map(({ valuation }) => valuation.exact);
  const positions = valued.map(({ position }) => position);
  const securitiesValue = sum(exact.map((item) => item.valueBase));
  const holdingFees = sum(positions.map((position) => position.feesBase));
  const totals: PortfolioTotals = {
    value_base: securitiesValue.plus(cashValue).toNumber(),
    securities_value_base: securitiesValue.toNumber(),
    cash_value_base: cashValue.toNumber(),
    cost_base: sum(exact.map((item) => item.costBase)).toNumber(),
    unrealised: breakdown(
      sum(exact.map((item) => item.unrealisedGain)),
      sum(exact.map((item) => item.unrealisedPrice)),
      sum(exact.map((item) => item.unrealisedCurrency)),
    ),
    realised: breakdown(
      sum(positions.map((position) => position.realisedGainBase)),
      sum(positions.map((position) => position.realisedPriceEffectBase)),
      sum(positions.map((position) => position.realisedCurrencyEffectBase)),
    ),
    dividends_base: sum(positions.map((position) => position.dividendsBase)).toNumber(),
    interest_base: book.interestBase.toNumber(),
    fees_base: holdingFees.plus(book.accountFeesBase).toNumber(),
    fees_paid_base: book.feesPaidBase.toNumber(),
    total_gain_base: sum(exact.map((item) => item.totalGain))
      .plus(book.interestBase)
      .minus(book.accountFeesBase)
      .toNumber(),
  };
  return {
    date: options.date,
    base_currency: options.baseCurrency,
    cost_method: options.costMethod,
    cash_tracked: cashTracked,
    holdings: valued.map(({ valuation }) => {
      const { exact: _exact, ...view } = valuation;
      return view;
    }),
    cash,
    totals,
    distinct_symbols_held: positions.filter((position) => position.quantity.gt(0)).length,
  };
}
