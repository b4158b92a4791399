import { describe, expect, it } from 'vitest';
import {
  computeLeastSquaresSlope,
  computeMean,
  computeSampleStandardDeviation,
  computeSimpleReturns,
  scaleToScore,
} from './statistics';

describe('statistics', () => {
  it('computes simple returns close over previous close minus one', () => {
    expect(computeSimpleReturns([100, 110, 99])).toEqual(
      [0.1, -0.1].map((value) => expect.closeTo(value, 12)),
    );
  });

  it('uses the sample standard deviation (n - 1)', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum 32, 32 / 7.
    expect(computeSampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(computeSampleStandardDeviation([1])).toBeNaN();
    expect(computeMean([1, 2, 3, 4])).toBe(2.5);
  });

  it('fits the least-squares slope against 0..n-1', () => {
    expect(computeLeastSquaresSlope([1, 3, 5, 7])).toBeCloseTo(2, 12);
    // y = 0, 1, 0, 3: x mean 1.5, y mean 1, cov = (-1.5)(-1) + (-0.5)(0) + (0.5)(-1) + (1.5)(2) = 4, var = 5.
    expect(computeLeastSquaresSlope([0, 1, 0, 3])).toBeCloseTo(0.8, 12);
  });

  it('maps inputs linearly between two anchors, clamped, in either direction', () => {
    expect(scaleToScore(0, -20, 20)).toBe(50);
    expect(scaleToScore(30, -20, 20)).toBe(100);
    expect(scaleToScore(25, 40, 10)).toBe(50);
    expect(scaleToScore(5, 40, 10)).toBe(100);
  });
});
