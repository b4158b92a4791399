import type { IsoDate } from './calendar';
import type { BaseCurrency, CurrencyCode } from './currencies';
import { decimal, ZERO, type Decimal } from './decimal';
import { LedgerError } from './ledger-errors';
import { requireRate, type FxLookup } from './market-lookups';
import type { CostMethod } from './ledger-vocabulary';
import {
  SMALLEST_AMOUNT,
  type BuyTransaction,
  type DividendTransaction,
  type FeeTransaction,
  type InterestTransaction,
  type SellTransaction,
  type SplitTransaction,
  type Transaction,
} from './transaction';

export { COST_METHODS, CostMethodSchema, DEFAULT_COST_METHOD, type CostMethod } from './ledger-vocabulary';

export interface LedgerSettings {
  baseCurrency: BaseCurrency;
  costMethod: CostMethod;
  fx: FxLookup;
}

/** Shares bought together: their cost in the trading currency and, at the buy day's rate, in the base. */
export interface Lot {
  date: IsoDate;
  quantity: Decimal;
  costLocal: Decimal;
  costBase: Decimal;
  estimated: boolean;
}

export interface PositionState {
  symbol: string;
  /** Trading currency, fixed by the first BUY; null while the symbol has only seen dividends or fees. */
  currency: CurrencyCode | null;
  /** FIFO keeps every lot, oldest first; average cost keeps one pooled lot. */
  lots: Lot[];
  quantity: Decimal;
  realisedGainBase: Decimal;
  realisedPriceEffectBase: Decimal;
  realisedCurrencyEffectBase: Decimal;
  dividendsBase: Decimal;
  /** FEE rows on this holding (trade fees are inside cost and proceeds instead). */
  feesBase: Decimal;
  /** Commissions of its BUYs and SELLs, already inside cost and proceeds; reported for transparency. */
  tradeFeesBase: Decimal;
  /** The `tax` of its rows (transaction taxes inside cost and proceeds, dividend withholding). */
  taxesBase: Decimal;
  firstDate: IsoDate;
  /** Splits applied so far (new/old), so a close from before one can be brought to today's shares. */
  splits: Array<{ date: IsoDate; ratio: number }>;
  lastTradePrice: number | null;
  lastTradeDate: IsoDate | null;
}

/**
 * What one transaction does to the money going in and out, in the base currency at the
 * transaction day's rate. Returns need it under both flow conventions (see README, "Returns").
 */
/** The cost one sale released from one lot (README "Realised gains per tax year"). */
export interface ReleasedLot {
  date: IsoDate;
  quantity: Decimal;
  costLocal: Decimal;
  costBase: Decimal;
  estimated: boolean;
}

/** A SELL as the book settled it: its net proceeds, charges and the lots it released, oldest first. */
export interface SaleRecord {
  symbol: string;
  date: IsoDate;
  currency: CurrencyCode;
  /** The quantity released from the lots (the position's whole quantity when the sale closes it). */
  quantity: Decimal;
  /** Quantity times price less fee and tax, in the base currency at the sell day's rate. */
  proceedsBase: Decimal;
  feeBase: Decimal;
  taxBase: Decimal;
  lots: ReleasedLot[];
}

export interface TransactionEffect {
  /** Without DEPOSIT/WITHDRAWAL rows: BUY puts money in, SELL takes it out. */
  tradeFlowBase: number;
  /** Without DEPOSIT/WITHDRAWAL rows: dividends received and fees paid leave the securities. */
  tradeIncomeBase: number;
  /** With DEPOSIT/WITHDRAWAL rows: only those are external; the rest moves within the account. */
  cashFlowBase: number;
  /** The symbol whose quantity changed. */
  touchedSymbol: string | null;
  /** New shares per old of a SPLIT (1 otherwise). */
  splitRatio: number;
}

const NO_EFFECT: TransactionEffect = {
  tradeFlowBase: 0,
  tradeIncomeBase: 0,
  cashFlowBase: 0,
  touchedSymbol: null,
  splitRatio: 1,
};

/** Ledger rows in the order they take effect: by date, a SPLIT first on its day, then as entered. */
export function orderTransactions<T extends Transaction>(transactions: readonly T[]): T[] {
  return transactions
    .map((transaction, index) => ({ transaction, index }))
    .sort(
      (left, right) =>
        left.transaction.date.localeCompare(right.transaction.date) ||
        Number(right.transaction.type === 'SPLIT') - Number(left.transaction.type === 'SPLIT') ||
        left.index - right.index,
    )
    .map(({ transaction }) => transaction);
}

/**
 * The running state of a ledger: positions with their lots, cash per currency and totals. It is
 * applied one transaction at a time so that the daily valuation can read it between days.
 */
export class LedgerBook {
  readonly positions = new Map<string, PositionState>();
  readonly cash = new Map<CurrencyCode, Decimal>();
  accountFeesBase: Decimal = ZERO;
  depositsBase: Decimal = ZERO;
  withdrawalsBase: Decimal = ZERO;
  /** Every fee paid, in the base currency: trade commissions, FEE rows and dividend charges. */
  feesPaidBase: Decimal = ZERO;
  /** INTEREST rows received, net of their withholding (income of the account, like dividends). */
  interestBase: Decimal = ZERO;
  /** Every tax paid (the rows' `tax`: transaction taxes, dividend and interest withholding), apart from fees. */
  taxesPaidBase: Decimal = ZERO;
  /** Every SELL applied, with the lots it released (realised-gains.ts reads them). */
  readonly sales: SaleRecord[] = [];

  constructor(readonly settings: LedgerSettings) {}

  apply(transaction: Transaction): TransactionEffect {
    switch (transaction.type) {
      case 'BUY':
        return this.applyBuy(transaction);
      case 'SELL':
        return this.applySell(transaction);
      case 'DIVIDEND':
        return this.applyDividend(transaction);
      case 'SPLIT':
        return this.applySplit(transaction);
      case 'FEE':
        return this.applyFee(transaction);
      case 'INTEREST':
        return this.applyInterest(transaction);
      case 'DEPOSIT': {
        const amountBase = this.toBase(decimal(transaction.amount), transaction.currency, transaction.date);
        this.addCash(transaction.currency, decimal(transaction.amount));
        this.depositsBase = this.depositsBase.plus(amountBase);
        return { ...NO_EFFECT, cashFlowBase: amountBase.toNumber() };
      }
      case 'WITHDRAWAL': {
        const amountBase = this.toBase(decimal(transaction.amount), transaction.currency, transaction.date);
        this.addCash(transaction.currency, decimal(transaction.amount).neg());
        this.withdrawalsBase = this.withdrawalsBase.plus(amountBase);
        return { ...NO_EFFECT, cashFlowBase: -amountBase.toNumber() };
      }
    }
  }

  /** The transaction day's rate as a decimal, parsed once for every amount it converts. */
  private rate(currency: CurrencyCode, date: IsoDate): Decimal {
    return decimal(requireRate(this.settings.fx, currency, this.settings.baseCurrency, date));
  }

  private toBase(amount: Decimal, currency: CurrencyCode, date: IsoDate): Decimal {
    return amount.times(this.rate(currency, date));
  }

  private addCash(currency: CurrencyCode, amount: Decimal): void {
    this.cash.set(currency, (this.cash.get(currency) ?? ZERO).plus(amount));
  }

  /** What a BUY (positive quantity) and a SELL (negative) both do once their cost or proceeds are known. */
  private settleTrade(
    position: PositionState,
    transaction: BuyTransaction | SellTransaction,
    quantityChange: Decimal,
    feeBase: Decimal,
    taxBase: Decimal,
    cashChange: Decimal,
  ): void {
    position.quantity = position.quantity.plus(quantityChange);
    position.tradeFeesBase = position.tradeFeesBase.plus(feeBase);
    position.taxesBase = position.taxesBase.plus(taxBase);
    this.taxesPaidBase = this.taxesPaidBase.plus(taxBase);
    position.lastTradePrice = transaction.price;
    position.lastTradeDate = transaction.date;
    this.feesPaidBase = this.feesPaidBase.plus(feeBase);
    this.addCash(transaction.currency, cashChange);
  }

  private position(symbol: string, date: IsoDate): PositionState {
    let position = this.positions.get(symbol);
    if (!position) {
      position = {
        symbol,
        currency: null,
        lots: [],
        quantity: ZERO,
        realisedGainBase: ZERO,
        realisedPriceEffectBase: ZERO,
        realisedCurrencyEffectBase: ZERO,
        dividendsBase: ZERO,
        feesBase: ZERO,
        tradeFeesBase: ZERO,
        taxesBase: ZERO,
        firstDate: date,
        splits: [],
        lastTradePrice: null,
        lastTradeDate: null,
      };
      this.positions.set(symbol, position);
    }
    return position;
  }

  /** A holding trades in one currency; a BUY or SELL in another is a data error, not a conversion. */
  private checkTradingCurrency(position: PositionState, currency: CurrencyCode): void {
    if (position.currency === null) position.currency = currency;
    else if (position.currency !== currency) {
      throw new LedgerError('LEDGER_CURRENCY_MISMATCH', {
        symbol: position.symbol,
        expected: position.currency,
        actual: currency,
      });
    }
  }

  private applyBuy(transaction: BuyTransaction): TransactionEffect {
    const position = this.position(transaction.symbol, transaction.date);
    this.checkTradingCurrency(position, transaction.currency);
    const rate = this.rate(transaction.currency, transaction.date);
    const quantity = decimal(transaction.quantity);
    const fee = decimal(transaction.fee);
    const tax = decimal(transaction.tax ?? 0);
    const costLocal = quantity.times(transaction.price).plus(fee).plus(tax);
    const costBase = costLocal.times(rate);
    const feeBase = fee.eq(0) ? ZERO : fee.times(rate);
    const taxBase = tax.eq(0) ? ZERO : tax.times(rate);
    const pooled = this.settings.costMethod === 'AVERAGE_COST' ? position.lots[0] : undefined;
    if (pooled) {
      pooled.quantity = pooled.quantity.plus(quantity);
      pooled.costLocal = pooled.costLocal.plus(costLocal);
      pooled.costBase = pooled.costBase.plus(costBase);
      pooled.estimated ||= transaction.estimated;
    } else {
      position.lots.push({
        date: transaction.date,
        quantity,
        costLocal,
        costBase,
        estimated: transaction.estimated,
      });
    }
    this.settleTrade(position, transaction, quantity, feeBase, taxBase, costLocal.neg());
    return { ...NO_EFFECT, tradeFlowBase: costBase.toNumber(), touchedSymbol: position.symbol };
  }

  private applySell(transaction: SellTransaction): TransactionEffect {
    const position = this.positions.get(transaction.symbol);
    const quantity = decimal(transaction.quantity);
    const held = position?.quantity ?? ZERO;
    // Within the ledger's smallest amount of what is held, a sale closes the position exactly: thirds
    // bought as 0.3333333333333333 + 0.6666666666666666 are sold as 1 (README, "Cost basis and gains").
    const closes = position !== undefined && held.gt(0) && quantity.minus(held).abs().lte(SMALLEST_AMOUNT);
    if (!position || (!closes && quantity.gt(held))) {
      throw new LedgerError('LEDGER_SELL_EXCEEDS_HOLDING', {
        symbol: transaction.symbol,
        date: transaction.date,
        quantity: transaction.quantity,
        held: held.toNumber(),
      });
    }
    this.checkTradingCurrency(position, transaction.currency);
    const rate = this.rate(transaction.currency, transaction.date);
    const released = closes ? held : quantity;
    const { costLocal, costBase, lots } = this.releaseLots(position, released);
    const fee = decimal(transaction.fee);
    const tax = decimal(transaction.tax ?? 0);
    const proceedsLocal = quantity.times(transaction.price).minus(fee).minus(tax);
    const proceedsBase = proceedsLocal.times(rate);
    const feeBase = fee.eq(0) ? ZERO : fee.times(rate);
    const taxBase = tax.eq(0) ? ZERO : tax.times(rate);
    this.sales.push({
      symbol: position.symbol,
      date: transaction.date,
      currency: transaction.currency,
      quantity: released,
      proceedsBase,
      feeBase,
      taxBase,
      lots,
    });
    // Price effect: the gain in the trading currency, at the sell day's rate. Currency effect: what
    // the rate's move since the buys did to the cost released (README, "Currency effect").
    position.realisedGainBase = position.realisedGainBase.plus(proceedsBase.minus(costBase));
    position.realisedPriceEffectBase = position.realisedPriceEffectBase.plus(
      proceedsLocal.minus(costLocal).times(rate),
    );
    position.realisedCurrencyEffectBase = position.realisedCurrencyEffectBase.plus(
      costLocal.times(rate).minus(costBase),
    );
    this.settleTrade(position, transaction, released.neg(), feeBase, taxBase, proceedsLocal);
    if (closes) position.lots = [];
    return { ...NO_EFFECT, tradeFlowBase: -proceedsBase.toNumber(), touchedSymbol: position.symbol };
  }

  /** Takes `quantity` out of the lots (oldest first; one pool under average cost) and returns its cost. */
  private releaseLots(
    position: PositionState,
    quantity: Decimal,
  ): { costLocal: Decimal; costBase: Decimal; lots: ReleasedLot[] } {
    let remaining = quantity;
    let costLocal = ZERO;
    let costBase = ZERO;
    const lots: ReleasedLot[] = [];
    while (remaining.gt(0)) {
      const lot = position.lots[0];
      if (!lot) break;
      if (lot.quantity.lte(remaining)) {
        // The whole lot goes: release its exact cost, no pro-rata rounding.
        costLocal = costLocal.plus(lot.costLocal);
        costBase = costBase.plus(lot.costBase);
        remaining = remaining.minus(lot.quantity);
        lots.push({ ...lot });
        position.lots.shift();
      } else {
        const share = remaining.div(lot.quantity);
        const releasedLocal = lot.costLocal.times(share);
        const releasedBase = lot.costBase.times(share);
        costLocal = costLocal.plus(releasedLocal);
        costBase = costBase.plus(releasedBase);
        lots.push({
          date: lot.date,
          quantity: remaining,
          costLocal: releasedLocal,
          costBase: releasedBase,
          estimated: lot.estimated,
        });
        lot.quantity = lot.quantity.minus(remaining);
        lot.costLocal = lot.costLocal.minus(releasedLocal);
        lot.costBase = lot.costBase.minus(releasedBase);
        remaining = ZERO;
      }
    }
    return { costLocal, costBase, lots };
  }

  private applyDividend(transaction: DividendTransaction): TransactionEffect {
    const position = this.position(transaction.symbol, transaction.date);
    const rate = this.rate(transaction.currency, transaction.date);
    const fee = decimal(transaction.fee);
    const tax = decimal(transaction.tax ?? 0);
    const incomeLocal = decimal(transaction.quantity).times(transaction.price).minus(fee).minus(tax);
    const incomeBase = incomeLocal.times(rate);
    position.dividendsBase = position.dividendsBase.plus(incomeBase);
    if (!fee.eq(0)) this.feesPaidBase = this.feesPaidBase.plus(fee.times(rate));
    if (!tax.eq(0)) {
      position.taxesBase = position.taxesBase.plus(tax.times(rate));
      this.taxesPaidBase = this.taxesPaidBase.plus(tax.times(rate));
    }
    this.addCash(transaction.currency, incomeLocal);
    return { ...NO_EFFECT, tradeIncomeBase: incomeBase.toNumber() };
  }

  /** Quantity times new/old, cost untouched: value and cost basis are the same before and after. */
  private applySplit(transaction: SplitTransaction): TransactionEffect {
    const position = this.positions.get(transaction.symbol);
    if (!position) return NO_EFFECT;
    const ratio = decimal(transaction.new_shares).div(transaction.old_shares);
    for (const lot of position.lots) lot.quantity = lot.quantity.times(ratio);
    position.quantity = position.lots.reduce((total, lot) => total.plus(lot.quantity), ZERO);
    const splitRatio = ratio.toNumber();
    position.splits.push({ date: transaction.date, ratio: splitRatio });
    if (position.lastTradePrice !== null) position.lastTradePrice = position.lastTradePrice / splitRatio;
    return { ...NO_EFFECT, touchedSymbol: position.symbol, splitRatio };
  }

  /** Income without shares: counted like a dividend's, on the account rather than on a holding. */
  private applyInterest(transaction: InterestTransaction): TransactionEffect {
    const rate = this.rate(transaction.currency, transaction.date);
    const tax = decimal(transaction.tax ?? 0);
    const incomeLocal = decimal(transaction.amount).minus(tax);
    const incomeBase = incomeLocal.times(rate);
    this.interestBase = this.interestBase.plus(incomeBase);
    if (!tax.eq(0)) this.taxesPaidBase = this.taxesPaidBase.plus(tax.times(rate));
    this.addCash(transaction.currency, incomeLocal);
    return { ...NO_EFFECT, tradeIncomeBase: incomeBase.toNumber() };
  }

  private applyFee(transaction: FeeTransaction): TransactionEffect {
    const amountBase = this.toBase(decimal(transaction.amount), transaction.currency, transaction.date);
    if (transaction.symbol) {
      const position = this.position(transaction.symbol, transaction.date);
      position.feesBase = position.feesBase.plus(amountBase);
    } else {
      this.accountFeesBase = this.accountFeesBase.plus(amountBase);
    }
    this.feesPaidBase = this.feesPaidBase.plus(amountBase);
    this.addCash(transaction.currency, decimal(transaction.amount).neg());
    return { ...NO_EFFECT, tradeIncomeBase: -amountBase.toNumber() };
  }
}

/** True when the ledger records cash movements, which makes DEPOSIT/WITHDRAWAL the only external flows. */
export function tracksCash(transactions: readonly Transaction[]): boolean {
  return transactions.some(
    (transaction) => transaction.type === 'DEPOSIT' || transaction.type === 'WITHDRAWAL',
  );
}
