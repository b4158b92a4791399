import { describe, expect, it } from 'vitest';
import { GRADES, RECOMMENDATION_ACTIONS } from '../enums';
import {
  GRADE_RECOMMENDATIONS,
  gradeBadgeVariant,
  gradeToRecommendation,
  gradeToSpeculationLevel,
  isGrade,
  recommendationToAction,
  scoreToGrade,
  speculationBadgeColour,
} from './grades';

describe('scoreToGrade', () => {
  it.each([
    [100, 'A+'],
    [85, 'A+'],
    [84.99, 'A'],
    [75, 'A'],
    [74.99, 'B+'],
    [65, 'B+'],
    [64.99, 'B'],
    [55, 'B'],
    [54.99, 'B-'],
    [45, 'B-'],
    [44.99, 'C'],
    [35, 'C'],
    [34.99, 'D'],
    [0, 'D'],
    [120, 'A+'],
    [-5, 'D'],
  ])('grades score %s as %s', (score, expected) => {
    const grade = scoreToGrade(score);

    expect(grade).toBe(expected);
  });

  it.each([[undefined], [null], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])(
    'leaves %s ungraded (null) rather than guessing a verdict',
    (score) => {
      const grade = scoreToGrade(score);

      expect(grade).toBeNull();
    },
  );

  it('gives every grade for some score', () => {
    const scores = [90, 80, 70, 60, 50, 40, 10];

    const grades = scores.map((score) => scoreToGrade(score));

    expect(grades).toEqual([...GRADES]);
  });
});

describe('gradeToSpeculationLevel', () => {
  it.each([
    ['A+', 'LOW'],
    ['A', 'LOW'],
    ['B+', 'LOW'],
    ['B', 'MODERATE'],
    ['B-', 'MODERATE'],
    ['C', 'HIGH'],
    ['D', 'HIGH'],
    ['E', 'MODERATE'],
    ['a+', 'MODERATE'],
    ['', 'MODERATE'],
    [null, 'MODERATE'],
    [undefined, 'MODERATE'],
  ])('maps grade %s to %s', (grade, expected) => {
    const level = gradeToSpeculationLevel(grade);

    expect(level).toBe(expected);
  });
});

describe('gradeToRecommendation', () => {
  it.each([
    ['A+', 'STRONG_BUY'],
    ['A', 'BUY'],
    ['B+', 'BUY'],
    ['B', 'HOLD'],
    ['B-', 'WEAK_HOLD'],
    ['C', 'SELL'],
    ['D', 'STRONG_SELL'],
    ['F', 'HOLD'],
    [null, 'HOLD'],
    [undefined, 'HOLD'],
  ])('maps grade %s to %s', (grade, expected) => {
    const recommendation = gradeToRecommendation(grade);

    expect(recommendation).toBe(expected);
  });
});

describe('recommendationToAction', () => {
  it.each([
    ['STRONG_BUY', 'STRONG_BUY'],
    ['BUY', 'BUY'],
    ['HOLD', 'HOLD'],
    ['WEAK_HOLD', 'HOLD'],
    ['SELL', 'SELL'],
    ['STRONG_SELL', 'STRONG_SELL'],
  ] as const)('maps %s to the engine action %s', (recommendation, expected) => {
    const action = recommendationToAction(recommendation);

    expect(action).toBe(expected);
  });

  it('always lands inside the five-value action enum', () => {
    const actions = GRADE_RECOMMENDATIONS.map(recommendationToAction);

    expect(actions.every((action) => (RECOMMENDATION_ACTIONS as readonly string[]).includes(action))).toBe(
      true,
    );
  });
});

describe('gradeBadgeVariant', () => {
  it.each([
    ['A+', 'default'],
    ['A', 'default'],
    ['B+', 'secondary'],
    ['B', 'secondary'],
    ['B-', 'outline'],
    ['C', 'outline'],
    ['D', 'outline'],
    ['unknown', 'outline'],
    [null, 'outline'],
    [undefined, 'outline'],
  ])('styles grade %s as %s', (grade, expected) => {
    const variant = gradeBadgeVariant(grade);

    expect(variant).toBe(expected);
  });
});

describe('speculationBadgeColour', () => {
  it.each([
    ['LOW', 'green'],
    ['MODERATE', 'yellow'],
    ['HIGH', 'red'],
    ['UNKNOWN', 'red'],
    ['low', 'red'],
    [null, 'red'],
    [undefined, 'red'],
  ])('colours %s %s', (level, expected) => {
    const colour = speculationBadgeColour(level);

    expect(colour).toBe(expected);
  });
});

describe('isGrade', () => {
  it.each([
    ['A+', true],
    ['D', true],
    ['B-', true],
    ['E', false],
    ['b', false],
    [42, false],
    [null, false],
  ])('says %s is a grade: %s', (value, expected) => {
    const result = isGrade(value);

    expect(result).toBe(expected);
  });
});
