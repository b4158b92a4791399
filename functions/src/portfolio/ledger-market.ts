import { addDays, type IsoDate } from '@app/shared/domain/ledger/calendar';
import type { BaseCurrency } from '@app/shared/domain/ledger/currencies';
import {
  asTradedPrices,
  type FxLookup,
  type PriceLookup,
  type SplitEvent,
} from '@app/shared/domain/ledger/market-lookups';
import type { Transaction } from '@app/shared/domain/ledger/transaction';
import { createFxRates } from '../engine/fx-rates';
import type { Bar } from '../engine/types';
import type { MarketEngine } from '../market-data/market-engine';
import { logger } from '../platform/observability';

/**
 * The ledger's market lookups (shared/src/domain/ledger/market-lookups.ts) over the price source the
 * rest of the app reads: daily closes up to the market clock's date, FX pairs from the same source
 * (the stored FX history in replay, Yahoo's pairs live), an index for the benchmark. Every symbol of
 * the universe trades in US dollars (US listings, coins quoted in USD), which is why the closes are
 * read as USD prices.
 */

/** The trading currency of every asset of the universe. */
export const UNIVERSE_CURRENCY = 'USD';
/** Bars fetched before the first transaction, so a first day on a weekend finds Friday's close. */
const LOOKBACK_DAYS = 10;

export interface LedgerMarketLookups {
  prices: PriceLookup;
  fx: FxLookup;
  index: (date: IsoDate) => number | undefined;
  /** The index's first level held: every day before it has none (no look-back needed). */
  indexFirstDate: IsoDate | null;
}

async function barsOf(engine: MarketEngine, symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]> {
  try {
    return await engine.source.provider.getDailyBars(symbol, from, to);
  } catch (error: unknown) {
    // A snapshot-only listing has no history: the ledger then values it at its latest trade price.
    logger.info('no daily bars for a ledger symbol', { symbol, error: error as Error });
    return [];
  }
}

function closesByDate(bars: readonly Bar[]): Map<IsoDate, number> {
  return new Map(bars.map((bar) => [bar.date, bar.close]));
}

/** The pair symbols that may carry a currency's rate to the dollar (Yahoo spells one of the two). */
function pairCandidates(currency: string): string[] {
  return [`${currency}USD=X`, `USD${currency}=X`];
}

async function fxLookupFor(
  engine: MarketEngine,
  currencies: ReadonlySet<string>,
  from: IsoDate,
  to: IsoDate,
): Promise<FxLookup> {
  const series: { id: string; bars: Bar[] }[] = [];
  for (const currency of currencies) {
    if (currency === 'USD') continue;
    for (const pair of pairCandidates(currency)) {
      const bars = await barsOf(engine, pair, from, to);
      if (bars.length > 0) {
        series.push({ id: pair, bars });
        break;
      }
    }
  }
  return createFxRates(series).lookup;
}

/** The lookups a valuation of `transactions` up to `to` needs, in `baseCurrency`, with `indexSymbol`. */
export async function loadLedgerLookups(
  engine: MarketEngine,
  transactions: readonly Transaction[],
  options: { baseCurrency: BaseCurrency; to: IsoDate; indexSymbol: string | null },
): Promise<LedgerMarketLookups> {
  const first = transactions.reduce<IsoDate>((min, row) => (row.date < min ? row.date : min), options.to);
  const from = addDays(first, -LOOKBACK_DAYS);
  const symbols = new Set<string>();
  const currencies = new Set<string>([options.baseCurrency, UNIVERSE_CURRENCY]);
  const splits: SplitEvent[] = [];
  for (const row of transactions) {
    if ('symbol' in row && row.symbol) symbols.add(row.symbol);
    if ('currency' in row) currencies.add(row.currency);
    if (row.type === 'SPLIT') splits.push(row);
  }
  const [closes, fx, index] = await Promise.all([
    Promise.all(
      [...symbols].map(
        async (symbol) => [symbol, closesByDate(await barsOf(engine, symbol, from, options.to))] as const,
      ),
    ),
    fxLookupFor(engine, currencies, from, options.to),
    options.indexSymbol ? barsOf(engine, options.indexSymbol, from, options.to) : null,
  ]);
  const bySymbol = new Map(closes);
  const indexCloses = index ? closesByDate(index) : null;
  // The replayed histories are split-adjusted; the ledger's own SPLIT rows change the quantity.
  const prices = asTradedPrices((symbol, date) => bySymbol.get(symbol)?.get(date), splits);
  return {
    prices,
    fx,
    index: (date) => indexCloses?.get(date),
    indexFirstDate:
      index?.reduce<IsoDate | null>(
        (first, bar) => (first === null || bar.date < first ? bar.date : first),
        null,
      ) ?? null,
  };
}

/** The close of `symbol` on `date`, else the latest of the week before (an opening BUY's estimate). */
export async function closeOnOrBefore(
  engine: MarketEngine,
  symbol: string,
  date: IsoDate,
): Promise<number | null> {
  const bars = await barsOf(engine, symbol, addDays(date, -LOOKBACK_DAYS), date);
  return bars.at(-1)?.close ?? null;
}
