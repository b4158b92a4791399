import type { MarketDate } from '../engine/market-dates';
import type { SourceQuote } from '../engine/types';
import type { PricesRepository } from '../data/prices-repository';
import { quoteFromStored } from './engine-mappers';
import type { MarketEngine } from './market-engine';
import { NoDataOnDateError } from './provider-errors';
import type { GradedSymbol, MarketDayRepository } from '../data/market-day-repository';

/*
 * Quotes as a request reads them: every price of one answer at one reading of the market clock
 * (README.md "The market clock"), so one answer never mixes two dates.
 * - Replay: the replayed series at the clock's date (the last bar at most three days old, else no
 *   data on that date), from the graded day the price poll stored for that date when there is one,
 *   else read from the stored bars one symbol at a time. The latest stored quote is not read: it
 *   may belong to another date (a step earlier, or a previous cycle of the replay).
 * - Live: the quote the price poll stored, else the live source's own.
 */
export interface MarketReading {
  readonly mode: 'replay' | 'live';
  readonly marketDate: MarketDate;
  /** The symbol's quote at the reading's date (live: the stored one, else the source's); null without data. */
  quote(symbol: string): Promise<SourceQuote | null>;
  /**
   * Several at once (one BatchGetItem in live mode); a symbol without data on the date maps to null,
   * and so, live, does a symbol the poll has not stored yet (a list never waits on the live source).
   */
  quotes(symbols: readonly string[]): Promise<Map<string, SourceQuote | null>>;
  /**
   * Replay: every symbol's quote and analysis at the reading's date as the price poll graded them
   * (README.md "Grades once per market date"); null live, or while the date is not graded yet.
   */
  graded(): Promise<Map<string, GradedSymbol> | null>;
}

export interface MarketReadingDeps {
  engine: MarketEngine;
  prices: Pick<PricesRepository, 'getQuotes'>;
  /** The graded market days; without it (unit tests, the bench) every quote is read alone. */
  marketDay?: Pick<MarketDayRepository, 'getDay'>;
}

/** A graded day never changes once complete: each process keeps the last few it read. */
const gradedDays = new Map<string, Promise<Map<string, GradedSymbol> | null>>();
const GRADED_DAYS_KEPT = 3;

/** The graded day of `date` (replay), read once per process once complete; null while not graded. */
export function gradedDayOf(
  repository: Pick<MarketDayRepository, 'getDay'>,
  date: string,
): Promise<Map<string, GradedSymbol> | null> {
  let day = gradedDays.get(date);
  if (!day) {
    day = repository.getDay(date);
    gradedDays.set(date, day);
    // Not graded yet (or failed): asked again next time.
    day.then(
      (found) => {
        if (!found) gradedDays.delete(date);
      },
      () => gradedDays.delete(date),
    );
    while (gradedDays.size > GRADED_DAYS_KEPT) gradedDays.delete(gradedDays.keys().next().value as string);
  }
  return day;
}

async function replayQuote(engine: MarketEngine, symbol: string, date: string): Promise<SourceQuote | null> {
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

  const graded = async () =>
    deps.engine.dataMode === 'replay' && deps.marketDay ? gradedDayOf(deps.marketDay, marketDate.date) : null;

  async function quotes(symbols: readonly string[]): Promise<Map<string, SourceQuote | null>> {
    const unique = [...new Set(symbols)];
    const day = await graded();
    // A graded day holds every symbol with data on the date: one without is null there.
    if (day) return new Map(unique.map((symbol) => [symbol, day.get(symbol)?.quote ?? null] as const));
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
    graded,
    async quote(symbol) {
      const found = (await quotes([symbol])).get(symbol) ?? null;
      if (found || deps.engine.dataMode === 'replay') return found;
      return deps.engine.source.provider.getLatestQuote(symbol);
    },
  };
}
