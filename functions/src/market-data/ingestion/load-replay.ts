import { createHash } from 'node:crypto';
import type { PricesRepository } from '../../data/prices-repository';
import type { StoredBar } from '../../data/stored-prices';
import type { ReplayLoadRepository } from '../../data/replay-load-repository';
import type { SeriesRepository, SeriesState } from '../../data/series-repository';
import { addCalendarDays } from '../../engine/point-in-time';
import type { IsoDate } from '../../engine/types';
import { ANALYSIS_HISTORY_DAYS } from '../market-engine';
import type { ReplayCatalogueEntry } from '../providers/replay';

/*
 * The replay provider feeding the stored market (README.md "The replay provider"), as Yahoo,
 * CoinGecko and EDGAR feed it through the ingestion worker: every series' state and its bars, one
 * packed item per calendar year (data/bar-years.ts). In two phases, so a first start answers early:
 *
 * - `clock`: the years the market clock's window needs, with the history an analysis reads before
 *   its first date (ANALYSIS_HISTORY_DAYS);
 * - `history`: every other year (2007 onwards), in the background.
 *
 * Each phase records what it stored with a fingerprint of the data (symbols, rows, checksums, range):
 * a later start finds the same fingerprint and stores nothing; other data (a new build, another
 * symbol set) is stored again. Idempotent: whole years are written as they are in the data.
 */

export type ReplayLoadPhase = 'clock' | 'history';

export interface ReplayLoadDeps {
  prices: Pick<PricesRepository, 'putWholeYears'>;
  series: Pick<SeriesRepository, 'getManySeries' | 'putManySeries'>;
  loads: ReplayLoadRepository;
  now: () => Date;
  /** Rounds of SERIES_PER_ROUND series written at once. */
  concurrency?: number;
}

export interface ReplayLoadResult {
  phase: ReplayLoadPhase;
  /** False when the phase was already stored with the same data. */
  stored: boolean;
  series: number;
  years: number;
  durationMs: number;
}

/**
 * The dates [from, to] of the clock phase for a replay window: whole calendar years (the store keeps
 * a replayed year in one item), from the year of the first date an analysis reads to the year after
 * the window's last month.
 */
export function clockPhaseRange(window: { from: IsoDate; to: IsoDate }): { from: IsoDate; to: IsoDate } {
  const from = addCalendarDays(window.from, -ANALYSIS_HISTORY_DAYS - 31).slice(0, 4);
  const to = addCalendarDays(window.to, 31).slice(0, 4);
  return { from: `${from}-01-01`, to: `${to}-12-31` };
}

function inPhase(phase: ReplayLoadPhase, date: IsoDate, range: { from: IsoDate; to: IsoDate }): boolean {
  const inside = date >= range.from && date <= range.to;
  return phase === 'clock' ? inside : !inside;
}

function fingerprintOf(
  catalogue: readonly ReplayCatalogueEntry[],
  phase: ReplayLoadPhase,
  range: { from: IsoDate; to: IsoDate },
): string {
  const hash = createHash('sha256').update(`${phase}|${range.from}|${range.to}`);
  for (const entry of catalogue)
    hash.update(`|${entry.symbol}:${entry.first_date}:${entry.last_date}:${entry.source.version}`);
  return hash.digest('hex').slice(0, 32);
}

/** The state the read path needs (stored-market-provider.ts): active, with the range stored so far. */
function stateOf(
  entry: ReplayCatalogueEntry,
  stored: { from: IsoDate; to: IsoDate },
  previous: SeriesState | null,
  nowIso: string,
): SeriesState {
  return {
    symbol: entry.symbol,
    name: entry.name,
    provider: 'replay',
    provider_id: entry.source.file,
    asset_type: entry.asset_type,
    asset_class: entry.asset_class,
    calendar: entry.calendar,
    mode: 'replay',
    status: 'active',
    status_reason: null,
    first_date: stored.from,
    last_date: stored.to,
    history_from: stored.from,
    as_of: stored.to,
    completeness: null,
    bars_expected: null,
    bars_present: null,
    quality_flags: [],
    fetched_at: nowIso,
    attempted_at: nowIso,
    consecutive_failures: 0,
    last_error: null,
    split_dates: [],
    cik: null,
    fundamentals_fetched_at: null,
    currency: entry.asset_class === 'fx' ? null : 'USD',
    exchange: null,
    requested_at: previous?.requested_at ?? nowIso,
    requested_by: 'replay',
    version: (previous?.version ?? 0) + 1,
  };
}

/** Series written per round: their years in BatchWrites of 25 items, their states in one more. */
const SERIES_PER_ROUND = 25;

async function loadRound(
  deps: ReplayLoadDeps,
  entries: readonly ReplayCatalogueEntry[],
  phase: ReplayLoadPhase,
  range: { from: IsoDate; to: IsoDate },
  nowIso: string,
): Promise<number> {
  const loaded = entries.map((entry) => {
    const all = entry.loadBars();
    const bars: StoredBar[] = all
      .filter((bar) => inPhase(phase, bar.date, range))
      .map((bar) => ({ ...bar, closed: true, source: 'replay', fetched_at: nowIso }));
    const stored =
      phase === 'history'
        ? { from: all[0]?.date ?? entry.first_date, to: all.at(-1)?.date ?? entry.last_date }
        : {
            from: all.find((bar) => bar.date >= range.from)?.date ?? entry.first_date,
            to: all.findLast((bar) => bar.date <= range.to)?.date ?? entry.last_date,
          };
    return { entry, bars, stored };
  });
  const years = await deps.prices.putWholeYears(
    loaded.filter(({ bars }) => bars.length > 0).map(({ entry, bars }) => ({ symbol: entry.symbol, bars })),
  );
  const previous = await deps.series.getManySeries(entries.map((entry) => entry.symbol));
  await deps.series.putManySeries(
    loaded.map(({ entry, stored }) => {
      const before = previous.get(entry.symbol) ?? null;
      // A history stored by an earlier start stays known when the clock's years are stored again.
      const kept = before?.provider === 'replay' ? before : null;
      const range = {
        from: kept?.first_date && kept.first_date < stored.from ? kept.first_date : stored.from,
        to: kept?.last_date && kept.last_date > stored.to ? kept.last_date : stored.to,
      };
      return stateOf(entry, range, before, nowIso);
    }),
  );
  return years;
}

/** Stores one phase of the replay data unless it is already stored with the same data. */
export async function loadReplayPhase(
  deps: ReplayLoadDeps,
  catalogue: readonly ReplayCatalogueEntry[],
  phase: ReplayLoadPhase,
  window: { from: IsoDate; to: IsoDate },
): Promise<ReplayLoadResult> {
  const started = performance.now();
  const range = clockPhaseRange(window);
  const fingerprint = fingerprintOf(catalogue, phase, range);
  const previous = await deps.loads.getLoad(phase);
  if (previous?.fingerprint === fingerprint) {
    return { phase, stored: false, series: previous.series, years: previous.years, durationMs: 0 };
  }
  const nowIso = deps.now().toISOString();
  const rounds: ReplayCatalogueEntry[][] = [];
  for (let start = 0; start < catalogue.length; start += SERIES_PER_ROUND)
    rounds.push(catalogue.slice(start, start + SERIES_PER_ROUND));
  let next = 0;
  let years = 0;
  const workers = Array.from({ length: Math.min(deps.concurrency ?? 4, rounds.length) }, async () => {
    while (next < rounds.length) {
      const round = rounds[next] as ReplayCatalogueEntry[];
      next += 1;
      const written = await loadRound(deps, round, phase, range, nowIso);
      years += written;
    }
  });
  await Promise.all(workers);
  const durationMs = Math.round(performance.now() - started);
  await deps.loads.putLoad({
    phase,
    fingerprint,
    series: catalogue.length,
    years,
    loaded_at: deps.now().toISOString(),
    duration_ms: durationMs,
  });
  return { phase, stored: true, series: catalogue.length, years, durationMs };
}
