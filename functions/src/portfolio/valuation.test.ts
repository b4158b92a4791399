import { describe, expect, it } from 'vitest';
import { roundMoney, roundPercent } from './valuation';

describe('rounding at the output', () => {
  it('rounds amounts half away from zero to cents, binary representation aside', () => {
    // 1.005 is stored as 1.00499999999999989...: a cent figure must still read 1.01.
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2741.564)).toBe(2741.56);
  });

  it('rounds percentages to 2 decimals', () => {
    expect(roundPercent(5.12345)).toBe(5.12);
    expect(roundPercent(-2.105)).toBe(-2.1);
  });
});
