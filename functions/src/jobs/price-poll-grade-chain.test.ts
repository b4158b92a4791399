import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInMemoryGradeChain } from '../data/grade-chain-repository';
import type { DailyScore } from '../engine/score-history';
import type { Grade } from '../engine/types';
import { GENESIS_HASH, GRADE_FORMULA_VERSION } from '../engine/grade-chain';
import { recordGradeChain, verifyStoredChain } from './price-poll-grade-chain';

/*
 * The live grade chain over the stored score history, with a stepped market clock: one entry per
 * final date (the day before the market date) with stored grades, linked to the one before; none in
 * replay; a second run of the same date writes nothing; the verifier names a stored grade changed
 * after it was chained, and an altered entry. Hashes are recomputed here from the documented form
 * (engine/README.md "Grade chain"), not read from the code.
 */

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A score history the test can tamper with (the repositories never rewrite a stored day). */
function scoreStore() {
  const days = new Map<string, DailyScore>();
  return {
    put(symbol: string, date: string, grade: Grade, composite: number) {
      days.set(`${symbol}|${date}`, {
        symbol,
        date,
        grade,
        composite,
        price: 1,
        factors: [],
      } as unknown as DailyScore);
    },
    async listDays(symbol: string, from: string, to: string) {
      return [...days.values()]
        .filter((day) => day.symbol === symbol && day.date >= from && day.date <= to)
        .sort((a, b) => a.date.localeCompare(b.date));
    },
  };
}

const SYMBOLS = ['MSFT', 'AAPL', 'SPY'];

function liveMarket() {
  const scores = scoreStore();
  const gradeChain = createInMemoryGradeChain();
  const deps = { engine: { dataMode: 'live' as const }, gradeChain, scoreHistory: scores };
  return {
    scores,
    gradeChain,
    deps,
    /** One poll's chain step at the market date `date`. */
    runAt: (date: string) => recordGradeChain(deps, { date } as never, SYMBOLS),
  };
}

describe('the live grade chain', () => {
  it('chains each final date with stored grades, linked to the previous entry, once', async () => {
    const market = liveMarket();
    market.scores.put('AAPL', '2026-11-19', 'A', 71.24);
    market.scores.put('MSFT', '2026-11-19', 'B+', 64.96);
    market.scores.put('SPY', '2026-11-19', 'B', 58);
    // The first run on 2026-11-20 chains 2026-11-19, the day before the market date.
    const [first] = await market.runAt('2026-11-20');
    const gradesHash = sha('AAPL|A|71.2\nMSFT|B+|65.0\nSPY|B|58.0');
    expect(first?.grades_hash).toBe(gradesHash);
    expect(first?.previous_hash).toBe(GENESIS_HASH);
    expect(first?.hash).toBe(sha(`2026-11-19|${GRADE_FORMULA_VERSION}|${gradesHash}|3|${GENESIS_HASH}`));
    expect(await market.runAt('2026-11-20')).toEqual([]);

    // The clock steps over a weekend (no stored grades on 11-21 and 11-22) to 11-24.
    market.scores.put('AAPL', '2026-11-20', 'A', 70);
    market.scores.put('MSFT', '2026-11-20', 'B', 60);
    market.scores.put('AAPL', '2026-11-23', 'A+', 80);
    market.scores.put('MSFT', '2026-11-23', 'B', 60.04);
    market.scores.put('SPY', '2026-11-23', 'C', 45.5);
    const next = await market.runAt('2026-11-24');
    expect(next.map((entry) => [entry.date, entry.grade_count, entry.position])).toEqual([
      ['2026-11-20', 2, 2],
      ['2026-11-23', 3, 3],
    ]);
    expect(next[0]?.previous_hash).toBe(first?.hash);
    expect(next[1]?.previous_hash).toBe(next[0]?.hash);
    expect(next[1]?.grades_hash).toBe(sha('AAPL|A+|80.0\nMSFT|B|60.0\nSPY|C|45.5'));

    const check = await verifyStoredChain(market.deps);
    expect(check).toEqual({ ok: true, head: next[1]?.hash, entries: 3 });
  });

  it('keeps no chain in replay', async () => {
    const market = liveMarket();
    market.scores.put('AAPL', '2016-03-01', 'A', 71);
    const replay = { ...market.deps, engine: { dataMode: 'replay' as const } };
    expect(await recordGradeChain(replay, { date: '2016-03-02' } as never, SYMBOLS)).toEqual([]);
    expect(await market.gradeChain.getHead()).toBeNull();
  });

  it('names a stored grade changed after it was chained, and an altered entry', async () => {
    const market = liveMarket();
    for (const [date, grade] of [
      ['2026-11-18', 'B'],
      ['2026-11-19', 'C'],
      ['2026-11-20', 'B+'],
    ] as const) {
      market.scores.put('AAPL', date, grade, 60);
      market.scores.put('MSFT', date, 'A', 75);
      await market.runAt(`2026-11-${Number(date.slice(8)) + 1}`);
    }
    expect((await verifyStoredChain(market.deps)).ok).toBe(true);

    // One stored grade rewritten (C -> B on 11-19): the verifier names the date and the symbol.
    market.scores.put('AAPL', '2026-11-19', 'B', 60);
    expect(await verifyStoredChain(market.deps)).toEqual({
      ok: false,
      date: '2026-11-19',
      reason: 'score_history:AAPL',
      entries: 3,
    });
    // Only the composite's first decimal is kept: 60.04 is still 60.0, 60.1 is not.
    market.scores.put('AAPL', '2026-11-19', 'C', 60.04);
    expect((await verifyStoredChain(market.deps)).ok).toBe(true);
    market.scores.put('AAPL', '2026-11-19', 'C', 60.1);
    expect((await verifyStoredChain(market.deps)).ok).toBe(false);
    market.scores.put('AAPL', '2026-11-19', 'C', 60);

    // The entry's copy changed to match: its grades no longer give its grades hash.
    const entry = market.gradeChain.entries[1];
    if (!entry) throw new Error('no entry');
    entry.grades[0] = { symbol: 'AAPL', grade: 'B', composite: 60 };
    market.scores.put('AAPL', '2026-11-19', 'B', 60);
    expect(await verifyStoredChain(market.deps)).toMatchObject({
      ok: false,
      date: '2026-11-19',
      reason: 'grades',
    });
  });
});
