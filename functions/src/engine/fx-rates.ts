import type { FxLookup } from '@app/shared/domain/ledger/market-lookups';
import type { IsoDate, PriceSeries } from './types';

/*
 * Exchange rates from the FX series (market-data/README.md "FX"), as a pure lookup: the portfolio
 * converts currencies through it, and the ledger's valuation takes it as its `FxLookup`. A rate is
 * the series' close of that very day; carrying a rate over a weekend or a holiday is the caller's
 * rule (the ledger's `rateOnOrBefore`, the clock's `barOnOrBefore`).
 */

/** `EURUSD=X` (Yahoo's spelling) or `EURUSD`: units of the second currency per unit of the first. */
const PAIR_PATTERN = /^([A-Z]{3})([A-Z]{3})(=X)?$/;

/** An FX pair as Yahoo spells it (`EURUSD=X`); its rate is quoted and charted, never graded as advice. */
export function isFxSymbol(symbol: string): boolean {
  return symbol.toUpperCase().endsWith('=X');
}

export interface FxPair {
  base: string;
  quote: string;
}

/** The two currencies of a pair symbol; null when the symbol is not one. */
export function parseFxPair(symbol: string): FxPair | null {
  const match = PAIR_PATTERN.exec(symbol.trim().toUpperCase());
  return match ? { base: match[1] as string, quote: match[2] as string } : null;
}

export interface FxRates {
  /** Currencies with a rate to the US dollar on some date. */
  readonly currencies: readonly string[];
  /**
   * Units of the pair's quote currency per unit of its base on `date` (`fxRate('EURUSD=X',
   * '2017-03-14')` is 1.0631): a listed pair, its inverse, or a cross through the US dollar.
   * Undefined when a leg has no rate that day or the symbol is not a pair.
   */
  fxRate(pair: string, date: IsoDate): number | undefined;
  /** The same rates in the ledger's shape: units of `to` one unit of `from` buys on `date`. */
  lookup: FxLookup;
}

/** Builds the lookup from FX series whose ids are pair symbols with the US dollar on one side. */
export function createFxRates(series: readonly PriceSeries[]): FxRates {
  /** Per currency: US dollars one unit buys, by date. */
  const usdPerUnit = new Map<string, Map<IsoDate, number>>();
  for (const entry of series) {
    const pair = parseFxPair(entry.id);
    if (!pair || (pair.base !== 'USD') === (pair.quote !== 'USD')) continue;
    const currency = pair.base === 'USD' ? pair.quote : pair.base;
    const byDate = new Map<IsoDate, number>();
    for (const bar of entry.bars) byDate.set(bar.date, pair.base === 'USD' ? 1 / bar.close : bar.close);
    usdPerUnit.set(currency, byDate);
  }

  const usdValue = (currency: string, date: IsoDate): number | undefined =>
    currency === 'USD' ? 1 : usdPerUnit.get(currency)?.get(date);

  const lookup: FxLookup = (from, to, date) => {
    if (from === to) return 1;
    const fromUsd = usdValue(from, date);
    const toUsd = usdValue(to, date);
    if (fromUsd === undefined || toUsd === undefined) return undefined;
    return fromUsd / toUsd;
  };

  return {
    currencies: ['USD', ...usdPerUnit.keys()],
    fxRate(symbol, date) {
      const pair = parseFxPair(symbol);
      return pair ? lookup(pair.base, pair.quote, date) : undefined;
    },
    lookup,
  };
}
