import { describe, expect, it } from 'vitest';
import { benchmarkValuePath } from './benchmark-path';
import type { DailyPoint } from './daily-valuation';

const day = (date: string, flows: Partial<DailyPoint> = {}): DailyPoint => ({
  date,
  value_base: 0,
  inflow_base: 0,
  outflow_base: 0,
  income_base: 0,
  net_contributions_base: 0,
  ...flows,
});

describe('benchmarkValuePath', () => {
  it('puts the same money in and out of the index on the same days', () => {
    // By hand: 100 in at level 10 buys 10 units (100); at 11 they are worth 110; 55 out at 11 sells
    // 5 units, leaving 5 (55); at 12 they are worth 60; a 6 dividend paid out at 12 sells 0.5 (54).
    const levels: Record<string, number> = {
      '2016-01-04': 10,
      '2016-01-05': 11,
      '2016-01-06': 11,
      '2016-01-07': 12,
    };
    const path = benchmarkValuePath(
      [
        day('2016-01-04', { inflow_base: 100 }),
        day('2016-01-05'),
        day('2016-01-06', { outflow_base: 55 }),
        day('2016-01-07'),
        day('2016-01-08', { income_base: 6 }),
      ],
      (date) => levels[date] ?? (date === '2016-01-08' ? 12 : undefined),
    );
    expect(path.map((point) => point.value_base)).toEqual([100, 110, 55, 60, 54]);
  });

  it('has no value before the index has a level, and invests what came in meanwhile on its first level', () => {
    const path = benchmarkValuePath(
      [day('2016-01-01', { inflow_base: 50 }), day('2016-01-04', { inflow_base: 50 })],
      (date) => (date === '2016-01-04' ? 20 : undefined),
    );
    expect(path).toEqual([
      { date: '2016-01-01', value_base: null },
      { date: '2016-01-04', value_base: 100 },
    ]);
  });
});
