import { describe, expect, it } from 'vitest';
import type { ScoreFactor } from '../entities/market';
import { carryingFactor, factorContribution, factorDirection, isFactorWithoutData } from './score-factors';

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

// The engine README's worked example (weights 0.25 / 0.15 / 0.20 / 0.15 / 0.25), by hand:
// health 0.25 x (72 - 50) = +5.5; growth 0.15 x (30 - 50) = -3; value 0.20 x (50 - 50) = 0;
// momentum 0.15 x (62.5 - 50) = +1.875 -> +1.9; risk counts 100 - 21 = 79: 0.25 x 29 = +7.25 -> +7.3.
describe('factorContribution and factorDirection', () => {
  const factors: ScoreFactor[] = [
    { name: 'financial_health', score: 72, weight: 0.25 },
    { name: 'growth_quality', score: 30, weight: 0.15 },
    { name: 'value', score: 50, weight: 0.2 },
    { name: 'momentum', score: 62.5, weight: 0.15 },
    { name: 'risk', score: 21, weight: 0.25 },
  ];

  it.each([
    ['financial_health', 5.5, 'up'],
    ['growth_quality', -3, 'down'],
    ['value', 0, 'neutral'],
    ['momentum', 1.9, 'up'],
    ['risk', 7.3, 'up'],
  ] as const)('%s adds %s points (%s)', (name, points, direction) => {
    const factor = factors.find((entry) => entry.name === name) as ScoreFactor;
    expect(factorContribution(factor)).toBe(points);
    expect(factorDirection(factor)).toBe(direction);
  });

  it('a high risk score lowers the grade: 0.25 x (100 - 80 - 50) = -7.5', () => {
    expect(factorContribution({ name: 'risk', score: 80, weight: 0.25 })).toBe(-7.5);
    expect(factorDirection({ name: 'risk', score: 80, weight: 0.25 })).toBe('down');
  });

  it('a factor without data has no contribution', () => {
    expect(factorContribution({ name: 'value', score: null, weight: 0 })).toBeNull();
    expect(factorDirection({ name: 'value', score: null, weight: 0 })).toBe('noData');
  });

  it('the carrying factor is the one adding the most points (risk, +7.3)', () => {
    expect(carryingFactor(factors)?.name).toBe('risk');
    expect(carryingFactor([{ name: 'value', score: 40, weight: 1 }])).toBeNull();
  });
});
