import { describe, expect, it } from 'vitest';
import type { BacktestObservation } from './backtest';
import { buyRecordOf } from './buy-record';

function observation(grade: BacktestObservation['grade'], forward: number, benchmark: number | null) {
  return {
    symbol: 'X',
    date: '2010-01-29',
    forward_date: '2010-04-30',
    grade,
    composite_rationality_score: 70,
    forward_return: forward,
    benchmark_return: benchmark,
  } satisfies BacktestObservation;
}

describe('buyRecordOf', () => {
  it('counts A+, A and B+ only: hit rate, sample and mean excess over the S&P 500', () => {
    const record = buyRecordOf([
      observation('A+', 5, 2), // rose; excess +3
      observation('A', -1, 1), // fell; excess -2
      observation('B+', 4, null), // rose; no benchmark window
      observation('C', 30, 0), // not a buy
    ]);
    // 2 of 3 rose: 0.667; excess (3 + -2) / 2 = 0.5 points.
    expect(record).toEqual({ hit_rate: 0.667, recommendations: 3, mean_excess_return: 0.5 });
  });

  it('has no record without a buy, and no excess without a benchmark', () => {
    expect(buyRecordOf([observation('D', 3, 1)])).toBeNull();
    expect(buyRecordOf([observation('A', 3, null)])?.mean_excess_return).toBeNull();
  });
});
