import pLimit from 'p-limit';
import type { GradeChainRepository, StoredChainEntry } from '../data/grade-chain-repository';
import type { LiveOutcomeRepository, StoredLiveOutcome } from '../data/live-outcome-repository';
import type { PricesRepository } from '../data/prices-repository';
import {
  horizonDate,
  horizonPassed,
  LIVE_BENCHMARK,
  liveGradeFigures,
  liveObservations,
} from '../engine/live-outcomes';
import type { MarketDate } from '../engine/market-dates';
import { addCalendarDays } from '../engine/point-in-time';
import type { Bar, IsoDate } from '../engine/types';
import { HORIZONS, type Horizon } from '../engine/universe-backtest';
import type { MarketEngine } from '../market-data/market-engine';

/*
 * The live outcomes' step of the price poll, after the grade chain's (engine/README.md "Live
 * outcomes"; docs/product.md "Track record"): for each horizon, every chained date after the last one
 * recorded whose horizon date is on or before the market's last final date gets its outcomes, in
 * date order, from the bars stored up to the horizon date. Each is written once (a conditional put):
 * a second run, or another Lambda, leaves it as the first wrote it. Replay records none.
 */

export interface LiveOutcomeDeps {
  engine: Pick<MarketEngine, 'dataMode'>;
  gradeChain: Pick<GradeChainRepository, 'listEntriesBetween'>;
  liveOutcomes: LiveOutcomeRepository;
  bars: Pick<PricesRepository, 'getBars'>;
}

/** Dates recorded per horizon and run: a long gap is caught up over a few runs. */
const MAX_DATES_PER_RUN = 40;
/** Symbols' bars read at once. */
const READ_CONCURRENCY = 8;
/** A month-end clamp (31 -> 28) moves a horizon date by at most 3 days. */
const CLAMP_DAYS = 3;

async function readBars(
  bars: LiveOutcomeDeps['bars'],
  symbols: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, Bar[]>> {
  const limit = pLimit(READ_CONCURRENCY);
  const read = await Promise.all(
    symbols.map((symbol) => limit(async () => [symbol, await bars.getBars(symbol, from, to)] as const)),
  );
  return new Map<string, Bar[]>(read);
}

async function recordHorizon(
  deps: LiveOutcomeDeps,
  months: Horizon,
  lastFinal: IsoDate,
): Promise<StoredLiveOutcome[]> {
  const latest = await deps.liveOutcomes.getLatest(months);
  const from = latest ? addCalendarDays(latest.date, 1) : '0000-01-01';
  const bound = addCalendarDays(horizonDate(lastFinal, -months), CLAMP_DAYS);
  if (bound < from) return [];
  const due: StoredChainEntry[] = (await deps.gradeChain.listEntriesBetween(from, bound))
    .filter((entry) => horizonPassed(entry.date, months, lastFinal))
    .slice(0, MAX_DATES_PER_RUN);
  if (due.length === 0) return [];
  const symbols = [...new Set([LIVE_BENCHMARK, ...due.flatMap((e) => e.grades.map((g) => g.symbol))])];
  const lastHorizon = horizonDate((due.at(-1) as StoredChainEntry).date, months);
  // Never past the last horizon date: no bar after a window's end can be read, let alone used.
  const bars = await readBars(deps.bars, symbols, addCalendarDays(due[0]?.date as IsoDate, -7), lastHorizon);
  const written: StoredLiveOutcome[] = [];
  for (const entry of due) {
    const observations = liveObservations(entry.date, months, entry.grades, (s) => bars.get(s) ?? []);
    const outcome: StoredLiveOutcome = {
      date: entry.date,
      months,
      horizon_date: horizonDate(entry.date, months),
      chain_hash: entry.hash,
      formula_version: entry.formula_version,
      observations,
      grades: liveGradeFigures([{ date: entry.date, observations }], months),
    };
    if (await deps.liveOutcomes.putOutcome(outcome)) written.push(outcome);
  }
  return written;
}

/** Records the outcomes whose horizon passed by the market date; returns those written (none in replay). */
export async function recordLiveOutcomes(
  deps: LiveOutcomeDeps,
  marketDate: Pick<MarketDate, 'date'>,
): Promise<StoredLiveOutcome[]> {
  if (deps.engine.dataMode !== 'live') return [];
  const lastFinal = addCalendarDays(marketDate.date, -1);
  const written: StoredLiveOutcome[] = [];
  for (const months of HORIZONS) written.push(...(await recordHorizon(deps, months, lastFinal)));
  return written;
}
