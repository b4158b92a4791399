import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  GENESIS_HASH,
  hashGrades,
  verifyChain,
  type ChainEntry,
  type ChainGrade,
} from './grade-chain';

const day1: ChainGrade[] = [
  { symbol: 'MSFT', grade: 'A', composite: 78.04 },
  { symbol: 'AAPL', grade: 'B+', composite: 66 },
];
const day2: ChainGrade[] = [{ symbol: 'AAPL', grade: 'B', composite: 60.25 }];

function chainOf(): ChainEntry[] {
  const first = appendEntry(null, '2017-07-03', day1, 'v1');
  return [first, appendEntry(first, '2017-07-05', day2, 'v1')];
}

describe('grade chain', () => {
  it('hashes a date’s grades in a fixed form, sorted by symbol, independently of their order', () => {
    // Computed here from the documented form: "AAPL|B+|66.0\nMSFT|A|78.0".
    const expected = createHash('sha256').update('AAPL|B+|66.0\nMSFT|A|78.0').digest('hex');
    expect(hashGrades(day1)).toBe(expected);
    expect(hashGrades([...day1].reverse())).toBe(expected);
  });

  it('links each entry to the one before and verifies end to end', () => {
    const [first, second] = chainOf();
    expect(first?.previous_hash).toBe(GENESIS_HASH);
    expect(second?.previous_hash).toBe(first?.hash);
    const expectedFirst = createHash('sha256')
      .update(`2017-07-03|v1|${hashGrades(day1)}|2|${GENESIS_HASH}`)
      .digest('hex');
    expect(first?.hash).toBe(expectedFirst);
    const grades = new Map([
      ['2017-07-03', day1],
      ['2017-07-05', day2],
    ]);
    expect(verifyChain(chainOf(), (date) => grades.get(date))).toEqual({ ok: true, head: second?.hash });
  });

  it('names the first break: a changed past grade, a rewritten entry, a removed day, a reused date', () => {
    const chain = chainOf();
    const changed = new Map([
      ['2017-07-03', [{ ...day1[0]!, grade: 'A+' as const }, day1[1]!]],
      ['2017-07-05', day2],
    ]);
    expect(verifyChain(chain, (date) => changed.get(date))).toEqual({
      ok: false,
      date: '2017-07-03',
      reason: 'grades',
    });
    // Rewriting the first entry's grades hash (and its own hash) breaks the second's link.
    const forgedFields = { ...chain[0]!, grades_hash: hashGrades(day2), grade_count: 1 };
    const forged = appendEntry(null, forgedFields.date, day2, 'v1');
    expect(verifyChain([forged, chain[1]!])).toEqual({
      ok: false,
      date: '2017-07-05',
      reason: 'previous_hash',
    });
    expect(verifyChain([{ ...chain[0]!, grade_count: 3 }, chain[1]!])).toMatchObject({
      ok: false,
      reason: 'hash',
    });
    expect(verifyChain([chain[1]!])).toMatchObject({ ok: false, reason: 'previous_hash' });
    expect(() => appendEntry(chain[1]!, '2017-07-05', day2)).toThrow(/increase/);
  });
});
