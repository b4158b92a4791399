import { describe, expect, it } from 'vitest';
import { buildFactor } from './factor-score';

describe('buildFactor', () => {
  it('scores an input without a finite figure (debt over negative equity) but stores no Infinity', () => {
    const factor = buildFactor(
      'financial_health',
      [
        {
          name: 'debt_to_equity',
          value: Number.POSITIVE_INFINITY,
          unit: 'ratio',
          weight: 1,
          toScore: (value) => (Number.isFinite(value) ? 100 : 0),
        },
      ],
      {},
      true,
    );
    expect(factor.components[0]).toMatchObject({ value: null, score: 0 });
    // DynamoDB refuses Infinity ("Special numeric value Infinity is not allowed"): a round trip through JSON is exact.
    expect(JSON.parse(JSON.stringify(factor))).toEqual(factor);
  });
});
