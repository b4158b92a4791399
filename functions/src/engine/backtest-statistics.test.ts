import { describe, expect, it } from 'vitest';
import {
  annualisedSharpeOfMonthly,
  annualisedVolatility,
  averageRanks,
  compoundPercent,
  median,
  neweyWestTStatistic,
  pathMaxDrawdown,
  spearman,
} from './backtest-statistics';

// Every expected value below is worked out by hand in the comment beside it.
describe('backtest statistics', () => {
  it('Newey-West t-statistic with Bartlett weights', () => {
    // 1, 2, 3, 6: mean 3, centred -2 -1 0 3; g0 = 14 / 4 = 3.5; g1 = (2 + 0 + 0) / 4 = 0.5;
    // L = 1: V = 3.5 + 2 x (1 - 1/2) x 0.5 = 4; t = 3 / sqrt(4 / 4) = 3.
    expect(neweyWestTStatistic([1, 2, 3, 6], 1)).toBeCloseTo(3, 12);
    // L = 0: V = 3.5, t = 3 / sqrt(3.5 / 4) = 3.2071...
    expect(neweyWestTStatistic([1, 2, 3, 6], 0)).toBeCloseTo(3 / Math.sqrt(0.875), 12);
    // 2, 4, 6: mean 4, centred -2 0 2; g0 = 8 / 3; g1 = 0; t = 4 / sqrt(8 / 9) = 3 sqrt(2).
    expect(neweyWestTStatistic([2, 4, 6], 1)).toBeCloseTo(3 * Math.SQRT2, 12);
    expect(neweyWestTStatistic([1, 2], 1)).toBeNull();
    expect(neweyWestTStatistic([0, 0, 0, 0], 2)).toBeNull();
  });

  it("Spearman's rank correlation, with and without ties", () => {
    // Ranks of y: 1 3 2 5 4; d = 0 -1 1 -1 1, sum d^2 = 4; rho = 1 - 6 x 4 / (5 x 24) = 0.8.
    expect(spearman([10, 20, 30, 40, 50], [1, 3, 2, 5, 4])).toBeCloseTo(0.8, 12);
    // Ranks of x: 1 2.5 2.5 4; Pearson with 1 2 3 4: 4.5 / sqrt(4.5 x 5) = 3 / sqrt(10).
    expect(averageRanks([1, 2, 2, 3])).toEqual([1, 2.5, 2.5, 4]);
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(spearman([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('median, Sharpe of monthly returns, drawdown and volatility of a path', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    // Mean 2, sample sd sqrt(2): 2 / sqrt(2) x sqrt(12) = sqrt(24).
    expect(annualisedSharpeOfMonthly([1, 3])).toBeCloseTo(Math.sqrt(24), 12);
    // Peak 130 then 65: -50 %; the earlier fall 120 -> 90 is only -25 %.
    expect(pathMaxDrawdown([100, 120, 90, 130, 65])).toBeCloseTo(-50, 12);
    expect(pathMaxDrawdown([1, 2, 3])).toBe(0);
    // Returns +10 %, -10 %: sample sd = sqrt(0.02) = 0.1414...; x sqrt(252) x 100.
    expect(annualisedVolatility([100, 110, 99])).toBeCloseTo(Math.sqrt(0.02) * Math.sqrt(252) * 100, 9);
    // +10 % then -50 %: 1, 1.1, 0.55.
    expect(compoundPercent([10, -50]).map((value) => Number(value.toFixed(10)))).toEqual([1, 1.1, 0.55]);
  });
});
