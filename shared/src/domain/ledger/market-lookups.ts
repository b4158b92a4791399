import { addDays, type IsoDate } from './calendar';
import type { CurrencyCode } from './currencies';
import { LedgerError } from './ledger-errors';

/**
 * The ledger reads market data only through these two functions, so it stays pure: the API passes
 * lookups over the stored market (replay or live), tests pass tables.
 *
 * `PriceLookup` answers the close of `symbol` on `date` in the symbol's trading currency, AS TRADED
 * that day (not split-adjusted: the ledger's SPLIT rows change the quantity, so an adjusted history
 * would count a split twice; see `asTradedPrices`). Undefined when there is no bar that day.
 */
export type PriceLookup = (symbol: string, date: IsoDate) => number | undefined;

/** How many units of `to` one unit of `from` buys on `date`; undefined when no rate is known that day. */
export type FxLookup = (from: CurrencyCode, to: CurrencyCode, date: IsoDate) => number | undefined;

/** Markets close on weekends and holidays: a rate this many days old still counts as the day's rate. */
export const RATE_LOOKBACK_DAYS = 7;

/** The rate on `date`, or the latest within `RATE_LOOKBACK_DAYS` before it. 1 for a currency to itself. */
export function rateOnOrBefore(
  fx: FxLookup,
  from: CurrencyCode,
  to: CurrencyCode,
  date: IsoDate,
): number | undefined {
  if (from === to) return 1;
  for (let back = 0; back <= RATE_LOOKBACK_DAYS; back += 1) {
    const rate = fx(from, to, back === 0 ? date : addDays(date, -back));
    if (rate !== undefined && Number.isFinite(rate) && rate > 0) return rate;
  }
  return undefined;
}

/** Like `rateOnOrBefore`, but a missing rate is the user-visible error `LEDGER_FX_RATE_MISSING`. */
export function requireRate(fx: FxLookup, from: CurrencyCode, to: CurrencyCode, date: IsoDate): number {
  const rate = rateOnOrBefore(fx, from, to, date);
  if (rate === undefined) throw new LedgerError('LEDGER_FX_RATE_MISSING', { from, to, date });
  return rate;
}

export interface SplitEvent {
  symbol: string;
  date: IsoDate;
  new_shares: number;
  old_shares: number;
}

/**
 * Turns a split-adjusted price history (what Yahoo and most data sets publish) into as-traded
 * closes, using the ledger's own SPLIT rows: before a 10-for-1 split on D, the as-traded close is
 * ten times the adjusted one. Only correct when the data was adjusted for exactly these splits.
 */
export function asTradedPrices(adjusted: PriceLookup, splits: readonly SplitEvent[]): PriceLookup {
  const splitsBySymbol = new Map<string, SplitEvent[]>();
  for (const split of splits) {
    const list = splitsBySymbol.get(split.symbol) ?? [];
    list.push(split);
    splitsBySymbol.set(split.symbol, list);
  }
  return (symbol, date) => {
    const close = adjusted(symbol, date);
    if (close === undefined) return undefined;
    let factor = 1;
    for (const split of splitsBySymbol.get(symbol) ?? []) {
      // A split takes effect at the open of its day: that day's close is already post-split.
      if (date < split.date) factor *= split.new_shares / split.old_shares;
    }
    return close * factor;
  };
}
