import type { MarketDate } from '../engine/market-clock';
import type { Quote } from '../engine/types';
import type { PricesRepository } from '../data/prices-repository';
import { quoteFromStored } from './engine-mappers';
import type { MarketEngine } from './market-engine';
import { NoDataOnDateError } from './provider-errors';

/*
 * Quotes as a request reads them: every price of one answer at one reading of the market clock
 * (README.md "The market clock"), so one answer never mixes two dates.
 * - Replay: the replayed series at the clock's date (the last bar at most three days old, else no
 *   data on that date). Stored quotes are not read: a quote the poll stored a step earlier, or in a
 *   previous cycle of the replay, would belong to another date.
 * - Live: the quote the price poll stored, else the live source's own.
 */
export interface MarketReading {
  readonly mode: 'replay' | 'live';
  readonly marketDate: MarketDate;
  /** The symbol's quote at the reading's date (live: the stored one, else the source's); null without data. */
  quote(symbol: string): Promise<Quote | null>;
  /**
   * Several at once (one BatchGetItem in live mode); a symbol without data on the date maps to null,
   * and so, live, does a symbol the poll has not stored yet (a list never waits on the live source).
   */
  quotes(symbols: readonly string[]): Promise<Map<string, Quote | null>>;
}

export interface MarketReadingDeps {
  engine: MarketEngine;
  prices: Pick<PricesRepository, 'getQuotes'>;
}

async function replayQuote(engine: MarketEngine, symbol: string, date: string): Promise<Quote | null> {
  try {
    return await engine.source.provider.getLatestQuote(symbol, date);
  } catch (error: unknown) {
    if (error instanceof NoDataOnDateError) return null;
    throw error;
  }
}

/** Reads the clock once at `now`; every quote of the reading is at that date. */
export function readMarketAt(deps: MarketReadingDeps, now: Date): MarketReading {
  const marketDate = deps.engine.source.clock.at(now);

  async function quotes(symbols: readonly string[]): Promise<Map<string, Quote | null>> {
    const unique = [...new Set(symbols)];
    if (deps.engine.dataMode === 'replay') {
      const entries = await Promise.all(
        unique.map(
          async (symbol) => [symbol, await replayQuote(deps.engine, symbol, marketDate.date)] as const,
        ),
      );
      return new Map(entries);
    }
    const stored = await deps.prices.getQuotes(unique);
    return new Map(
      unique.map((symbol) => {
        const found = stored.get(symbol);
        return [symbol, found ? quoteFromStored(found) : null] as const;
      }),
    );
  }

  return {
    mode: deps.engine.dataMode,
    marketDate,
    quotes,
    async quote(symbol) {
      const found = (await quotes([symbol])).get(symbol) ?? null;
      if (found || deps.engine.dataMode === 'replay') return found;
      return deps.engine.source.provider.getLatestQuote(symbol);
    },
  };
}
