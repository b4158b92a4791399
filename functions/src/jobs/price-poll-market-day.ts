import type { GradedSymbol, MarketDayRepository } from '../data/market-day-repository';
import type { MarketDate } from '../engine/market-dates';
import type { IsoDate, SymbolInfo } from '../engine/types';
import type { MarketEngine } from '../market-data/market-engine';
import { NoDataOnDateError } from '../market-data/provider-errors';
import { logger } from '../platform/observability';

/*
 * Grades once per market date (market-data/README.md "Grades once per market date"): the price poll
 * keeps the graded market of its date (every symbol's quote and analysis, which it computed anyway)
 * and, in replay, grades the clock's next date ahead, so the day is stored before the clock reaches
 * it. Requests that list or rank the universe read the stored day (data/market-day-repository.ts); none grades
 * hundreds of symbols. Nothing of the next date is shown before the clock is on it: readers ask for
 * the clock's date only.
 */

const CONCURRENCY = 4;

export interface MarketDayDeps {
  engine: MarketEngine;
  marketDay: Pick<MarketDayRepository, 'getDayHeader' | 'putDay'>;
  now: () => Date;
}

async function gradeOne(engine: MarketEngine, info: SymbolInfo, date: IsoDate): Promise<GradedSymbol | null> {
  try {
    const quote = await engine.source.provider.getLatestQuote(info.symbol, date);
    try {
      return { quote, analysis: (await engine.analyze(info.symbol, { quote })).analysis };
    } catch (error: unknown) {
      logger.warn('market day: symbol not graded', {
        symbol: info.symbol,
        error: error instanceof Error ? error.message : String(error),
      });
      return { quote, analysis: null };
    }
  } catch (error: unknown) {
    if (error instanceof NoDataOnDateError) return null;
    throw error;
  }
}

/** Grades every symbol of the universe at `date` (a few at a time) and stores the day. */
export async function gradeMarketDay(deps: MarketDayDeps, date: IsoDate): Promise<number> {
  const started = performance.now();
  const universe = await deps.engine.listUniverse();
  const graded: GradedSymbol[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < universe.length) {
        const info = universe[next] as SymbolInfo;
        next += 1;
        const row = await gradeOne(deps.engine, info, date);
        if (row) graded.push(row);
      }
    }),
  );
  await deps.marketDay.putDay(date, graded, {
    graded_at: deps.now().toISOString(),
    duration_ms: Math.round(performance.now() - started),
  });
  return graded.length;
}

/**
 * The graded days a replay needs now: the clock's date (from what a poll graded, or graded here when
 * `polled` is null) unless stored, then the `ahead` dates after it (the price poll: the next one),
 * nearest first, each graded ahead unless stored. Live prices move within a day: live requests read
 * the stored quotes (market-quotes.ts), so nothing is kept here.
 */
export async function storeMarketDays(
  deps: MarketDayDeps,
  marketDate: MarketDate,
  polled: readonly GradedSymbol[] | null,
  ahead = 1,
): Promise<void> {
  if (deps.engine.dataMode !== 'replay') return;
  if (!(await deps.marketDay.getDayHeader(marketDate.date))) {
    if (polled) {
      await deps.marketDay.putDay(marketDate.date, polled, {
        graded_at: deps.now().toISOString(),
        duration_ms: 0,
      });
    } else {
      await gradeMarketDay(deps, marketDate.date);
    }
  }
  let date = marketDate;
  for (let step = 0; step < ahead; step += 1) {
    date = deps.engine.source.clock.at(new Date(date.nextAtMs));
    // A calendar of one date (or a window shorter than `ahead`) comes back to the clock's date.
    if (date.date === marketDate.date) return;
    if (await deps.marketDay.getDayHeader(date.date)) continue;
    const symbols = await gradeMarketDay(deps, date.date);
    logger.info('market day graded ahead', { date: date.date, symbols });
  }
}
