import { describe, expect, it } from 'vitest';
import { gradeDistance } from './grade-distance';

/*
 * Expected values by hand from the bands (B 55-65, B+ 65-75, A 75-85, A+ 85+, C 35-45, D below 35)
 * and "composite move = factor move x effective weight".
 */
describe('gradeDistance', () => {
  const momentum = { name: 'momentum', score: 40, effective_weight: 0.2, higher_is_better: true };
  const risk = { name: 'risk', score: 30, effective_weight: 0.25, higher_is_better: false };

  it('measures the points to the next grade up and the margin above the floor', () => {
    const distance = gradeDistance(62, [momentum]);
    // 65 - 62 = 3 up to B+; 62 - 55 = 7 above the B floor, below it B-.
    expect(distance.up).toEqual({ grade: 'B+', edge: 65, points: 3 });
    expect(distance.down).toEqual({ grade: 'B-', edge: 55, points: 7 });
  });

  it('names the factor needing the smallest move of its own score', () => {
    const value = { name: 'value', score: 90, effective_weight: 0.3, higher_is_better: true };
    // up: momentum 3 / 0.2 = 15, value 3 / 0.3 = 10, risk (oriented 70) 3 / 0.25 = 12 -> value +10.
    expect(gradeDistance(62, [momentum, value, risk]).closest).toEqual({
      name: 'value',
      direction: 'up',
      factor_points: 10,
    });
  });

  it('skips a move a factor cannot make and signs risk inverted', () => {
    const value = { name: 'value', score: 95, effective_weight: 0.3, higher_is_better: true };
    // value would need 95 + 10 = 105 > 100; risk needs its score to fall 12 points: -12.
    expect(gradeDistance(62, [momentum, value, risk]).closest).toEqual({
      name: 'risk',
      direction: 'up',
      factor_points: -12,
    });
  });

  it('has no grade above A+ and none below D', () => {
    expect(gradeDistance(90, []).up).toBeNull();
    expect(gradeDistance(90, []).down).toEqual({ grade: 'A', edge: 85, points: 5 });
    expect(gradeDistance(20, []).down).toBeNull();
    expect(gradeDistance(20, []).up).toEqual({ grade: 'C', edge: 35, points: 15 });
  });
});
