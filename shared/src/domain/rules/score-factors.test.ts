import { describe, expect, it } from 'vitest';
import type { ScoreFactor } from '../entities/market';
import { isFactorWithoutData } from './score-factors';

describe('isFactorWithoutData', () => {
  const factors: ScoreFactor[] = [
    { name: 'financial_health', score: null, weight: 0, inputs: {} },
    { name: 'momentum', score: 0, weight: 0.375, inputs: { momentum_3m: -30 } },
  ];

  it.each([
    ['financial_health', true],
    // A score of 0 is a result, not a missing one.
    ['momentum', false],
    // A factor the breakdown does not list is not known to be missing.
    ['value', false],
  ] as const)('%s -> %s', (factor, expected) => {
    expect(isFactorWithoutData({ factors }, factor)).toBe(expected);
  });

  it('answers false without a factor breakdown', () => {
    expect(isFactorWithoutData({}, 'financial_health')).toBe(false);
  });
});
