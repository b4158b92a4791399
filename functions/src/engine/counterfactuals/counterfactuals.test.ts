import { describe, expect, it } from 'vitest';
import type { RiskMetrics } from '../types';
import { computeCounterfactuals, realisticRangeOf, type RealisticRange } from './counterfactuals';

/*
 * The methodology page's worked example on prices alone (engine/README.md "Nugget scores"): momentum
 * 62.5, risk 21, composite 72.8, grade B+. Expected values are worked out by hand below.
 */
const riskMetrics: RiskMetrics = {
  volatility_1month: 24,
  volatility_regime: 'MODERATE',
  momentum_1w: 1,
  momentum_1m: 2,
  momentum_3m: 6,
  momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
  max_drawdown: -15,
  sharpe_estimation: 0.8,
  annualisation_factor: 252,
  bars_used: 253,
};
const priceOnly = { riskMetrics, fundamentals: null, snapshot: null, price: 150 };

function rangesWith(volatility: RealisticRange | null) {
  return new Map([['volatility_1month', volatility]]);
}

describe('realisticRangeOf', () => {
  it('takes the 1st and 99th percentiles by linear interpolation', () => {
    // 101 values 0..100: the 1st percentile sits at rank 1 (value 1), the 99th at rank 99.
    const values = Array.from({ length: 101 }, (_, index) => 100 - index);
    expect(realisticRangeOf(values)).toEqual({ low: 1, high: 99 });
    // 11 values 0, 10, ..., 100: rank 0.1 -> 1, rank 9.9 -> 99.
    expect(realisticRangeOf([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])).toEqual({ low: 1, high: 99 });
  });

  it('has no range under two finite values', () => {
    expect(realisticRangeOf([5, Number.POSITIVE_INFINITY])).toBeNull();
  });
});

describe('computeCounterfactuals: the risk factor of the price-only worked example', () => {
  it('finds the volatility that reaches A and the one that drops to B, rounded as shown', () => {
    // Risk = 0.5 x s + 0.3 x 30 + 0.2 x 10 with s = (v - 10) / 70 x 100; composite =
    // (0.15 x 62.5 + 0.25 x (100 - risk)) / 0.4. A needs composite >= 74.95 before rounding, so risk
    // <= 17.5 (risk is kept to 0.1): s <= 13.09, v < 19.1665 -> 19.1 (s 13.0, risk 17.5, composite 75.0;
    // 19.2 gives s 13.14, risk 17.6, composite 74.9). B needs composite < 64.95: risk >= 33.6, s >= 45.1
    // (2 decimals), v >= 41.5665 -> 41.6 (s 45.14, risk 33.6, composite 64.9; 41.5 gives 65.0).
    const result = computeCounterfactuals(priceOnly, rangesWith({ low: 5, high: 90 }));

    expect(result.grade).toBe('B+');
    expect(result.composite).toBe(72.8);
    const risk = result.factors.find((factor) => factor.factor === 'risk');
    expect(risk).toMatchObject({ input: 'volatility_1month', unit: 'percent', current: 24 });
    expect(risk?.up).toEqual({ outcome: 'reachable', grade: 'A', value: 19.1 });
    expect(risk?.down).toEqual({ outcome: 'reachable', grade: 'B', value: 41.6 });
  });

  it('says no realistic change reaches a grade when the value needed lies outside the range', () => {
    const result = computeCounterfactuals(priceOnly, rangesWith({ low: 20, high: 40 }));

    const risk = result.factors.find((factor) => factor.factor === 'risk');
    expect(risk?.up).toEqual({ outcome: 'unreachable', grade: 'A' });
    expect(risk?.down).toEqual({ outcome: 'unreachable', grade: 'B' });
  });

  it('searches nothing for a factor without its input or without a range', () => {
    const result = computeCounterfactuals(priceOnly, rangesWith(null));

    for (const factor of result.factors) {
      expect(factor.up).toBeNull();
      expect(factor.down).toBeNull();
    }
    const health = result.factors.find((factor) => factor.factor === 'financial_health');
    expect(health).toMatchObject({ input: 'profit_margin', current: null, range: null });
  });
});
