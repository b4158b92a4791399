import { describe, expect, it } from 'vitest';
import { isLowSlotWarning, isUnlimited, remaining, usageColour, usagePercentage } from './usage';

describe('usagePercentage', () => {
  it.each([
    { used: 0, limit: -1, expected: 0 },
    { used: 1000, limit: -1, expected: 0 },
    { used: 0, limit: 0, expected: 100 },
    { used: 3, limit: 0, expected: 100 },
    { used: 0, limit: 5, expected: 0 },
    { used: 1, limit: 4, expected: 25 },
    { used: 2, limit: 8, expected: 25 },
    { used: 7, limit: 10, expected: 70 },
    { used: 9, limit: 10, expected: 90 },
    { used: 49, limit: 50, expected: 98 },
    { used: 5, limit: 5, expected: 100 },
    { used: 6, limit: 5, expected: 100 },
    { used: 250, limit: 25, expected: 100 },
    { used: -1, limit: 5, expected: 0 },
  ])('gives $expected for $used used of $limit', ({ used, limit, expected }) => {
    const percentage = usagePercentage(used, limit);

    expect(percentage).toBe(expected);
  });

  it('does not round (1 of 3 is the raw quotient)', () => {
    const percentage = usagePercentage(1, 3);

    expect(percentage).toBe((1 / 3) * 100);
  });
});

describe('remaining', () => {
  it.each([
    { used: 0, limit: -1, expected: Number.POSITIVE_INFINITY },
    { used: 99, limit: -1, expected: Number.POSITIVE_INFINITY },
    { used: 0, limit: 0, expected: 0 },
    { used: 0, limit: 5, expected: 5 },
    { used: 4, limit: 5, expected: 1 },
    { used: 5, limit: 5, expected: 0 },
    { used: 6, limit: 5, expected: 0 },
    { used: 30, limit: 25, expected: 0 },
  ])('gives $expected for $used used of $limit', ({ used, limit, expected }) => {
    const left = remaining(used, limit);

    expect(left).toBe(expected);
  });
});

describe('usageColour', () => {
  it.each([
    [0, 'green'],
    [69.99, 'green'],
    [70, 'yellow'],
    [89.99, 'yellow'],
    [90, 'red'],
    [100, 'red'],
  ])('colours %s%% %s', (percentage, expected) => {
    const colour = usageColour(percentage);

    expect(colour).toBe(expected);
  });
});

describe('isLowSlotWarning', () => {
  it.each([
    [-1, false],
    [0, false],
    [0.5, false],
    [1, true],
    [2, true],
    [3, true],
    [3.5, false],
    [4, false],
    [Number.POSITIVE_INFINITY, false],
  ])('warns at %s remaining: %s', (left, expected) => {
    const warn = isLowSlotWarning(left);

    expect(warn).toBe(expected);
  });
});

describe('isUnlimited', () => {
  it.each([
    [-1, true],
    [0, false],
    [1, false],
    [-2, false],
    [Number.POSITIVE_INFINITY, false],
  ])('says %s is unlimited: %s', (limit, expected) => {
    const unlimited = isUnlimited(limit);

    expect(unlimited).toBe(expected);
  });
});
