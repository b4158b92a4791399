import { createHash } from 'node:crypto';
import type { Grade, IsoDate } from './types';

/*
 * The live track record's chain (engine/README.md "Grade chain"): one entry per market date holding
 * the hash of that date's grades with the formula version, and the hash of the previous entry, so
 * changing any past grade, date or order breaks every later link. A verifier recomputes it. The price
 * poll writes it (jobs/price-poll-grade-chain.ts) and the public Track record page shows its head.
 */

/** Date of the formula in use (engine/README.md "Backtest", formula history). */
export const GRADE_FORMULA_VERSION = '2026-11-22';

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainGrade {
  symbol: string;
  grade: Grade;
  composite: number;
}

export interface ChainEntry {
  date: IsoDate;
  formula_version: string;
  /** sha256 of the date's grades, sorted by symbol, in a fixed text form. */
  grades_hash: string;
  grade_count: number;
  previous_hash: string;
  /** sha256 of date, formula version, grades hash, count and previous hash. */
  hash: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** One line per symbol, "SYMBOL|GRADE|COMPOSITE", sorted by symbol: the same grades give the same hash in any order. */
export function hashGrades(grades: readonly ChainGrade[]): string {
  const lines = [...grades]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((entry) => `${entry.symbol}|${entry.grade}|${entry.composite.toFixed(1)}`);
  return sha256(lines.join('\n'));
}

function entryHash(entry: Omit<ChainEntry, 'hash'>): string {
  return sha256(
    [entry.date, entry.formula_version, entry.grades_hash, entry.grade_count, entry.previous_hash].join('|'),
  );
}

/** The entry for `date`'s grades after `previous` (null for the first date). Dates must increase. */
export function appendEntry(
  previous: ChainEntry | null,
  date: IsoDate,
  grades: readonly ChainGrade[],
  formulaVersion = GRADE_FORMULA_VERSION,
): ChainEntry {
  if (previous && date <= previous.date) {
    throw new Error(`chain dates must increase: ${date} after ${previous.date}`);
  }
  const entry = {
    date,
    formula_version: formulaVersion,
    grades_hash: hashGrades(grades),
    grade_count: grades.length,
    previous_hash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...entry, hash: entryHash(entry) };
}

export type ChainCheck = { ok: true; head: string } | { ok: false; date: IsoDate; reason: string };

/**
 * Recomputes every link: each entry's hash from its fields, its link to the entry before, increasing
 * dates, and (when given) each date's grades against the stored grades hash. The first break is named.
 */
export function verifyChain(
  entries: readonly ChainEntry[],
  gradesOn?: (date: IsoDate) => readonly ChainGrade[] | undefined,
): ChainCheck {
  let previous: ChainEntry | null = null;
  for (const entry of entries) {
    const { hash, ...fields } = entry;
    const fail = (reason: string): ChainCheck => ({ ok: false, date: entry.date, reason });
    if (entry.previous_hash !== (previous?.hash ?? GENESIS_HASH)) return fail('previous_hash');
    if (previous && entry.date <= previous.date) return fail('date_order');
    if (entryHash(fields) !== hash) return fail('hash');
    const grades = gradesOn?.(entry.date);
    if (grades && (hashGrades(grades) !== entry.grades_hash || grades.length !== entry.grade_count))
      return fail('grades');
    previous = entry;
  }
  return { ok: true, head: previous?.hash ?? GENESIS_HASH };
}
