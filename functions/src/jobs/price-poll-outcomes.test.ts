import { describe, expect, it } from 'vitest';
import { createInMemoryGradeChain } from '../data/grade-chain-repository';
import { createInMemoryLiveOutcomes } from '../data/live-outcome-repository';
import { appendEntry } from '../engine/grade-chain';
import type { Bar } from '../engine/types';
import { recordLiveOutcomes } from './price-poll-outcomes';

const bar = (date: string, close: number): Bar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

/** A chain of one entry on 2026-01-30 (AAA graded A) and bars through 2026-03-03. */
async function setUp() {
  const gradeChain = createInMemoryGradeChain();
  const grades = [{ symbol: 'AAA', grade: 'A' as const, composite: 75 }];
  await gradeChain.putEntry({ ...appendEntry(null, '2026-01-30', grades), grades, position: 1 });
  const series: Record<string, Bar[]> = {
    AAA: [bar('2026-01-30', 40), bar('2026-02-27', 44), bar('2026-03-02', 80)],
    SPY: [bar('2026-01-30', 500), bar('2026-02-27', 490), bar('2026-03-02', 900)],
  };
  const bars = {
    getBars: async (symbol: string, from: string, to: string) =>
      (series[symbol] ?? []).filter((b) => b.date >= from && b.date <= to),
  };
  const liveOutcomes = createInMemoryLiveOutcomes();
  return { engine: { dataMode: 'live' as const }, gradeChain, liveOutcomes, bars };
}

describe('recordLiveOutcomes', () => {
  it('records a date whose horizon falls on a shorter month (01-30 + 1 month = 02-28) only once 02-28 is final', async () => {
    const deps = await setUp();
    // Market date 02-28: the last final date is 02-27, before the horizon date.
    expect(await recordLiveOutcomes(deps, { date: '2026-02-28' })).toEqual([]);
    const [outcome] = await recordLiveOutcomes(deps, { date: '2026-03-01' });
    expect(outcome?.horizon_date).toBe('2026-02-28');
    // 40 -> 44 is +10 %, SPY 500 -> 490 is -2 %; the later bars (80, 900) are not used.
    expect(outcome?.observations[0]?.return).toBeCloseTo(10, 10);
    expect(outcome?.observations[0]?.benchmark_return).toBeCloseTo(-2, 10);
    expect(outcome?.grades.find((g) => g.grade === 'A')).toMatchObject({
      count: 1,
      excess_vs_spy: 12,
      hit_rate: 1,
    });
    // Later runs, even after the bars moved on, write nothing more at 1 month.
    expect(await recordLiveOutcomes(deps, { date: '2026-03-04' })).toEqual([]);
    expect(deps.liveOutcomes.items).toHaveLength(1);
  });
});
