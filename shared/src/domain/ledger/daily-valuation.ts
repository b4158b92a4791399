import { dateFromEpochDay, epochDay, type IsoDate } from './calendar';
import type { CurrencyCode } from './currencies';
import {
  LedgerBook,
  orderTransactions,
  tracksCash,
  type LedgerSettings,
  type PositionState,
} from './ledger-book';
import { LedgerError } from './ledger-errors';
import { RATE_LOOKBACK_DAYS, type PriceLookup } from './market-lookups';
import type { Transaction } from './transaction';

/**
 * The portfolio valued at the end of every calendar day from its first transaction, with the
 * external money that moved that day. Returns (TWR, XIRR) and the value chart read this series.
 * Prices follow the rule of `priceOnOrBefore` (a close up to `RATE_LOOKBACK_DAYS` old, else the
 * latest trade price), so a day's value here equals `valuePortfolio` on that day.
 */
export interface DailyPoint {
  date: IsoDate;
  /** End-of-day value in the base currency. */
  value_base: number;
  /** External money in, counted from the start of the day (it bought at the day's prices). */
  inflow_base: number;
  /** External money out, counted at the end of the day (it was sold at the day's prices). */
  outflow_base: number;
  /** Dividends received less fees paid that left the portfolio during the day (no-cash ledgers). */
  income_base: number;
  /** Running sum of the flows: the capital invested so far, for the "value vs invested" chart. */
  net_contributions_base: number;
}

export interface DailyValuation {
  base_currency: string;
  /** With DEPOSIT/WITHDRAWAL rows only those are flows; without, each BUY and SELL is one. */
  cash_tracked: boolean;
  days: DailyPoint[];
}

export interface DailyValuationOptions extends LedgerSettings {
  prices: PriceLookup;
  /** Last day valued, usually the market date. */
  to: IsoDate;
}

interface SymbolTrack {
  currency: CurrencyCode;
  quantity: number;
  lastClose: number | undefined;
  lastCloseDay: number;
}

interface RateTrack {
  rate: number;
  /** The day the rate belongs to. */
  day: number;
  /** The last day it was looked up for, so each currency is asked once a day. */
  checkedDay: number;
}

const NEVER = Number.NEGATIVE_INFINITY;

export function valueDaily(
  transactions: readonly Transaction[],
  options: DailyValuationOptions,
): DailyValuation {
  return walkDays(transactions, options).daily;
}

/** The daily walk, also handing back the book as it stands at the end (see `analysePortfolio`). */
export function walkDays(
  transactions: readonly Transaction[],
  options: DailyValuationOptions,
): { daily: DailyValuation; book: LedgerBook } {
  const ordered = orderTransactions(transactions).filter((transaction) => transaction.date <= options.to);
  const cashTracked = tracksCash(ordered);
  const result: DailyValuation = { base_currency: options.baseCurrency, cash_tracked: cashTracked, days: [] };
  const book = new LedgerBook(options);
  const first = ordered[0];
  if (!first) return { daily: result, book };

  const symbols = new Map<string, SymbolTrack>();
  const rates = new Map<CurrencyCode, RateTrack>();

  /** Starts a symbol's carry-forward with the closes of the lookback window before `day`. */
  const trackSymbol = (position: PositionState, currency: CurrencyCode, day: number): SymbolTrack => {
    const track: SymbolTrack = { currency, quantity: 0, lastClose: undefined, lastCloseDay: NEVER };
    for (let back = RATE_LOOKBACK_DAYS; back >= 1; back -= 1) {
      const closeDate = dateFromEpochDay(day - back);
      const close = options.prices(position.symbol, closeDate);
      if (close !== undefined && Number.isFinite(close) && close >= 0) {
        const splitSince = position.splits
          .filter((split) => closeDate < split.date)
          .reduce((product, split) => product * split.ratio, 1);
        track.lastClose = close / splitSince;
        track.lastCloseDay = day - back;
      }
    }
    return track;
  };

  /** The day's rate to the base, carried forward over weekends and holidays like `rateOnOrBefore`. */
  const rateOf = (currency: CurrencyCode, day: number): number => {
    if (currency === options.baseCurrency) return 1;
    const known = rates.get(currency);
    if (known?.checkedDay === day) return known.rate;
    for (let back = 0; back <= RATE_LOOKBACK_DAYS; back += 1) {
      if (known && day - back <= known.day) break;
      const rate = options.fx(currency, options.baseCurrency, dateFromEpochDay(day - back));
      if (rate !== undefined && Number.isFinite(rate) && rate > 0) {
        rates.set(currency, { rate, day: day - back, checkedDay: day });
        return rate;
      }
    }
    if (!known || day - known.day > RATE_LOOKBACK_DAYS) {
      throw new LedgerError('LEDGER_FX_RATE_MISSING', {
        from: currency,
        to: options.baseCurrency,
        date: dateFromEpochDay(day),
      });
    }
    known.checkedDay = day;
    return known.rate;
  };

  let nextIndex = 0;
  let contributions = 0;
  const lastDay = epochDay(options.to);
  for (let day = epochDay(first.date); day <= lastDay; day += 1) {
    const date = dateFromEpochDay(day);
    let inflow = 0;
    let outflow = 0;
    let income = 0;
    for (let transaction = ordered[nextIndex]; transaction?.date === date; transaction = ordered[nextIndex]) {
      nextIndex += 1;
      const effect = book.apply(transaction);
      const flow = cashTracked ? effect.cashFlowBase : effect.tradeFlowBase;
      if (flow > 0) inflow += flow;
      else outflow -= flow;
      income += cashTracked ? 0 : effect.tradeIncomeBase;
      if (effect.touchedSymbol === null) continue;
      const position = book.positions.get(effect.touchedSymbol);
      if (!position || position.currency === null) continue;
      let track = symbols.get(position.symbol);
      if (track?.lastClose !== undefined && effect.splitRatio !== 1 && track.lastCloseDay < day) {
        // The carried close is per old share until the first close after the split.
        track.lastClose /= effect.splitRatio;
      }
      if (!track || track.quantity === 0) {
        track = trackSymbol(position, position.currency, day);
        symbols.set(position.symbol, track);
      }
      track.quantity = position.quantity.toNumber();
    }

    let value = 0;
    for (const [symbol, track] of symbols) {
      if (track.quantity === 0) continue;
      const close = options.prices(symbol, date);
      if (close !== undefined && Number.isFinite(close) && close >= 0) {
        track.lastClose = close;
        track.lastCloseDay = day;
      }
      const price =
        track.lastClose !== undefined && day - track.lastCloseDay <= RATE_LOOKBACK_DAYS
          ? track.lastClose
          : (book.positions.get(symbol)?.lastTradePrice ?? 0);
      value += track.quantity * price * rateOf(track.currency, day);
    }
    if (cashTracked) {
      for (const [currency, amount] of book.cash) {
        if (!amount.eq(0)) value += amount.toNumber() * rateOf(currency, day);
      }
    }
    contributions += inflow - outflow;
    result.days.push({
      date,
      value_base: value,
      inflow_base: inflow,
      outflow_base: outflow,
      income_base: income,
      net_contributions_base: contributions,
    });
  }
  return { daily: result, book };
}
