import { describe, expect, it } from 'vitest';
import { horizonDate, horizonPassed, liveGradeFigures, liveObservations } from './live-outcomes';
import type { Bar } from './types';

const bar = (date: string, close: number): Bar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('horizonDate', () => {
  it('adds calendar months, on the last day of a shorter month', () => {
    expect(horizonDate('2026-01-15', 1)).toBe('2026-02-15');
    expect(horizonDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(horizonDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(horizonDate('2026-11-30', 3)).toBe('2027-02-28');
    expect(horizonDate('2026-05-10', 12)).toBe('2027-05-10');
    expect(horizonDate('2026-03-30', -1)).toBe('2026-02-28');
  });

  it('has passed only once the horizon date is final', () => {
    expect(horizonPassed('2026-01-15', 1, '2026-02-14')).toBe(false);
    expect(horizonPassed('2026-01-15', 1, '2026-02-15')).toBe(true);
  });
});

describe('liveObservations', () => {
  // SPY 400 -> 420 (+5 %); AAA 50 -> 55 (+10 %); BBB 20 -> 19 (-5 %); a later bar of each is ignored.
  const bars: Record<string, Bar[]> = {
    SPY: [bar('2026-01-14', 399), bar('2026-01-15', 400), bar('2026-02-13', 420), bar('2026-02-17', 999)],
    AAA: [bar('2026-01-15', 50), bar('2026-02-02', 60), bar('2026-02-13', 55), bar('2026-02-16', 1)],
    BBB: [bar('2026-01-15', 20), bar('2026-02-15', 19), bar('2026-02-16', 40)],
    // Its last bar before the horizon date is more than a week old: left out, as in the backtest.
    CCC: [bar('2026-01-15', 10), bar('2026-02-01', 11)],
  };
  const grades = [
    { symbol: 'AAA', grade: 'A' as const, composite: 80 },
    { symbol: 'BBB', grade: 'D' as const, composite: 20 },
    { symbol: 'CCC', grade: 'A' as const, composite: 81 },
  ];

  it('measures each window from the chained date to its last bar on or before the horizon date', () => {
    const observations = liveObservations('2026-01-15', 1, grades, (symbol) => bars[symbol] ?? []);
    expect(observations.map((o) => o.symbol)).toEqual(['AAA', 'BBB']);
    expect(observations[0]?.return).toBeCloseTo(10, 10);
    expect(observations[0]?.benchmark_return).toBeCloseTo(5, 10);
    expect(observations[1]?.return).toBeCloseTo(-5, 10);
  });

  it('pools per grade with the backtest definitions (count, mean, median, excess over SPY, hit rate)', () => {
    const day = (date: string, returns: Array<[string, 'A' | 'D', number]>) => ({
      date,
      observations: returns.map(([symbol, grade, value]) => ({
        symbol,
        grade,
        composite: grade === 'A' ? 80 : 20,
        return: value,
        benchmark_return: 2,
      })),
    });
    const figures = liveGradeFigures(
      [
        day('2026-01-15', [
          ['AAA', 'A', 10],
          ['BBB', 'D', -5],
        ]),
        day('2026-01-16', [
          ['AAA', 'A', -2],
          ['CCC', 'A', 4],
          ['BBB', 'D', 1],
        ]),
      ],
      1,
    );
    const a = figures.find((f) => f.grade === 'A');
    // A: 10, -2, 4 -> mean 4, median 4, excess 4 - 2 = 2, 2 of 3 above 0.
    expect(a).toEqual({
      grade: 'A',
      count: 3,
      mean_return: 4,
      median_return: 4,
      excess_vs_spy: 2,
      hit_rate: 0.6667,
    });
    const d = figures.find((f) => f.grade === 'D');
    // D: -5, 1 -> mean -2, median -2, excess -4, 1 of 2 above 0.
    expect(d).toEqual({
      grade: 'D',
      count: 2,
      mean_return: -2,
      median_return: -2,
      excess_vs_spy: -4,
      hit_rate: 0.5,
    });
    expect(figures.find((f) => f.grade === 'B')).toMatchObject({
      count: 0,
      mean_return: null,
      hit_rate: null,
    });
    expect(figures.find((f) => f.grade === 'all')?.count).toBe(5);
  });
});
