import { describe, expect, it } from 'vitest';
import { assignBuckets, monthlyPaths, sortedObservations } from './universe-backtest-report';
import { bucketFigures, longShortSeries, rankCorrelationSeries } from './universe-backtest-summary';
import type { ForwardOutcome, PanelRow } from './universe-backtest';
import type { Grade } from './types';

function row(month: number, grade: Grade, ret: number, spy: number, extra: Partial<PanelRow> = {}): PanelRow {
  const outcome: ForwardOutcome = { return: ret, benchmark_return: spy, volatility: 20, max_drawdown: -ret };
  return {
    symbol: `${grade}${month}${ret}`,
    kind: 'stock',
    month,
    grade,
    composite: 50,
    volatility_1m: 20,
    momentum_3m: 0,
    has_fundamentals: false,
    forward: { 1: outcome, 3: null, 6: null, 12: null },
    ...extra,
  };
}

describe('universe backtest figures on a panel small enough to check by hand', () => {
  // Month 0: A returns 4 and 2, D returns -6; month 1: A returns 1, D returns 3. SPY: 1 then 2.
  const rows = [
    row(0, 'A', 4, 1),
    row(0, 'A', 2, 1),
    row(0, 'D', -6, 1),
    row(1, 'A', 1, 2),
    row(1, 'D', 3, 2),
  ];
  const observations = sortedObservations('grade', rows, assignBuckets('grade', rows), 1);

  it('pools a bucket over month-ends and measures it against SPY and the equal-weighted universe', () => {
    const a = bucketFigures(
      'A',
      observations.filter((o) => o.bucket === 'A'),
      1,
    );
    // Returns 4, 2, 1: mean 7/3, median 2; vs SPY 3, 1, -1: mean 1; hit rate 3/3; beat SPY 2/3.
    expect(a).toMatchObject({ count: 3, months: 2, median_return: 2, excess_vs_spy: 1, hit_rate: 1 });
    expect(a.mean_return).toBeCloseTo(7 / 3, 4);
    expect(a.beat_spy_rate).toBeCloseTo(2 / 3, 4);
    // Universe: month 0 (4 + 2 - 6) / 3 = 0, month 1 (1 + 3) / 2 = 2; A minus it: 4, 2, -1, mean 5/3.
    expect(a.excess_vs_universe).toBeCloseTo(5 / 3, 4);
  });

  it('the long-short is the A mean minus the D mean, month by month', () => {
    // Month 0: 3 - (-6) = 9; month 1: 1 - 3 = -2.
    expect(longShortSeries(observations)).toEqual([9, -2]);
  });

  it('the monthly lines: each grade held one month, SPY, and the long-short the heat map shows', () => {
    const paths = monthlyPaths({ month_ends: ['2013-01-31', '2013-02-28'], rows });
    expect(paths.long_short).toEqual([9, -2]);
    expect(paths.buckets.A).toEqual([3, 1]);
    expect(paths.spy).toEqual([1, 2]);
    // Month 0: (4 + 2 - 6) / 3 = 0; month 1: (1 + 3) / 2 = 2.
    expect(paths.universe).toEqual([0, 2]);
  });

  it('a comparison sort fills the buckets with as many symbols as the grade did that month-end', () => {
    const month = [
      row(0, 'A', 0, 0, { momentum_3m: 1 }),
      row(0, 'A', 0, 0, { momentum_3m: 4 }),
      row(0, 'B', 0, 0, { momentum_3m: 3 }),
      row(0, 'D', 0, 0, { momentum_3m: 2 }),
    ];
    const buckets = assignBuckets('momentum_3m', month);
    // Two A, one B, one D, by momentum from the highest: 4 and 3 are A, 2 is B, 1 is D.
    expect(month.map((entry) => buckets.get(entry))).toEqual(['D', 'A', 'A', 'B']);
  });

  it('the rank correlation needs 10 symbols a month-end and is Spearman of score and return', () => {
    const ten = Array.from({ length: 10 }, (_, i) => row(0, 'B', i === 9 ? -1 : i, 0, { composite: i }));
    // Scores 0..9; returns 0..8 then -1: ranks of returns 2..10 then 1; sum d^2 = 9 x 1 + 81 = 90;
    // rho = 1 - 6 x 90 / (10 x 99) = 1 - 540 / 990.
    const series = rankCorrelationSeries(sortedObservations('grade', ten, assignBuckets('grade', ten), 1));
    expect(series).toHaveLength(1);
    expect(series[0]).toBeCloseTo(1 - 540 / 990, 12);
    expect(rankCorrelationSeries(observations)).toEqual([]);
  });
});
