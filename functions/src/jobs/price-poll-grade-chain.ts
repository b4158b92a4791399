import pLimit from 'p-limit';
import type { GradeChainRepository, StoredChainEntry } from '../data/grade-chain-repository';
import type { ScoreHistoryRepository } from '../data/score-history-repository';
import { appendEntry, verifyChain, type ChainCheck, type ChainGrade } from '../engine/grade-chain';
import type { MarketDate } from '../engine/market-dates';
import { addCalendarDays } from '../engine/point-in-time';
import type { IsoDate } from '../engine/types';
import type { MarketEngine } from '../market-data/market-engine';

/*
 * The live grade chain's writer and verifier (engine/README.md "Grade chain"; docs/product.md "Track
 * record"). After each live price poll, every market date that became final since the chain's head
 * (the day before the market date, as the score history keeps it) gets one entry hashing the grades
 * the score history stored for it. The chain starts on the first final day of its first live run:
 * days backfilled before that were computed later, so they are not part of the live record. Replay
 * keeps no chain. A date whose entry another run wrote first is left as that run wrote it.
 */

export interface GradeChainDeps {
  engine: Pick<MarketEngine, 'dataMode'>;
  gradeChain: GradeChainRepository;
  scoreHistory: Pick<ScoreHistoryRepository, 'listDays'>;
}

/** Stored days read at once when gathering a date's grades. */
const READ_CONCURRENCY = 8;

async function gradesByDate(
  scores: GradeChainDeps['scoreHistory'],
  symbols: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<Map<IsoDate, ChainGrade[]>> {
  const byDate = new Map<IsoDate, ChainGrade[]>();
  const limit = pLimit(READ_CONCURRENCY);
  const days = await Promise.all(
    symbols.map((symbol) => limit(async () => ({ symbol, days: await scores.listDays(symbol, from, to) }))),
  );
  for (const { symbol, days: list } of days) {
    for (const day of list) {
      const grades = byDate.get(day.date) ?? [];
      grades.push({ symbol, grade: day.grade, composite: day.composite });
      byDate.set(day.date, grades);
    }
  }
  return byDate;
}

/** Chains the final dates after the head; returns the entries written (none in replay). */
export async function recordGradeChain(
  deps: GradeChainDeps,
  marketDate: MarketDate,
  symbols: readonly string[],
): Promise<StoredChainEntry[]> {
  if (deps.engine.dataMode !== 'live') return [];
  const lastFinal = addCalendarDays(marketDate.date, -1);
  let previous = await deps.gradeChain.getHead();
  if (previous && previous.date >= lastFinal) return [];
  const from = previous ? addCalendarDays(previous.date, 1) : lastFinal;
  const byDate = await gradesByDate(deps.scoreHistory, symbols, from, lastFinal);
  const written: StoredChainEntry[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const grades = (byDate.get(date) ?? []).sort((a, b) => a.symbol.localeCompare(b.symbol));
    const entry: StoredChainEntry = {
      ...appendEntry(previous, date, grades),
      grades,
      position: (previous?.position ?? 0) + 1,
    };
    if (!(await deps.gradeChain.putEntry(entry))) break;
    written.push(entry);
    previous = entry;
  }
  return written;
}

/**
 * Recomputes the stored chain (every link, each entry's grades against its hash) and compares each
 * entry's grades with the score history as stored now: a stored grade changed after it was chained
 * is named (reason `score_history:<symbol>`), as is an altered entry.
 */
export async function verifyStoredChain(
  deps: Pick<GradeChainDeps, 'scoreHistory'> & { gradeChain: Pick<GradeChainRepository, 'listEntries'> },
): Promise<ChainCheck & { entries: number }> {
  const entries = await deps.gradeChain.listEntries();
  const byDate = new Map(entries.map((entry) => [entry.date, entry.grades]));
  const links = verifyChain(entries, (date) => byDate.get(date));
  const misplaced = entries.find((entry, index) => entry.position !== index + 1);
  if (links.ok && misplaced)
    return { ok: false, date: misplaced.date, reason: 'position', entries: entries.length };
  if (!links.ok || entries.length === 0) return { ...links, entries: entries.length };
  const first = (entries[0] as StoredChainEntry).date;
  const last = (entries.at(-1) as StoredChainEntry).date;
  const symbols = [...new Set(entries.flatMap((entry) => entry.grades.map((grade) => grade.symbol)))];
  const stored = new Map<string, ChainGrade>();
  for (const symbol of symbols) {
    for (const day of await deps.scoreHistory.listDays(symbol, first, last)) {
      stored.set(`${symbol}|${day.date}`, { symbol, grade: day.grade, composite: day.composite });
    }
  }
  for (const entry of entries) {
    for (const grade of entry.grades) {
      const now = stored.get(`${grade.symbol}|${entry.date}`);
      if (!now || now.grade !== grade.grade || now.composite.toFixed(1) !== grade.composite.toFixed(1)) {
        return {
          ok: false,
          date: entry.date,
          reason: `score_history:${grade.symbol}`,
          entries: entries.length,
        };
      }
    }
  }
  return { ...links, entries: entries.length };
}
