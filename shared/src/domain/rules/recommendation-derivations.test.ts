import { describe, expect, it } from 'vitest';
import { BatchAnalysisItemSchema, BatchNuggetItemSchema } from '../entities/market';
import {
  DEFAULT_TIMEFRAME,
  FALLBACK_PRICE,
  FALLBACK_SCORE,
  assetTypeFromSymbol,
  buildFailedAnalysis,
  buildFailedNuggetAnalysis,
  confidencePercent,
  expectedReturnPercent,
  isExtendedHours,
  riskLevel,
} from './recommendation-derivations';

describe('constants', () => {
  it('holds the documented values', () => {
    expect(FALLBACK_SCORE).toBe(50);
    expect(FALLBACK_PRICE).toBe(150);
    expect(DEFAULT_TIMEFRAME).toBe('3-6 months');
  });
});

describe('confidencePercent', () => {
  it.each([
    [0, 0],
    [0.004, 0],
    [0.005, 1],
    [0.5, 50],
    [0.575, 58],
    [0.8449, 84],
    [0.845, 85],
    [0.87, 87],
    [1, 100],
    [1.2, 100],
    [-0.1, 0],
  ])('shows confidence %s as %s%%', (confidence, expected) => {
    const percent = confidencePercent(confidence);

    expect(percent).toBe(expected);
  });
});

describe('expectedReturnPercent', () => {
  it.each([
    { target: 110, current: 100, expected: 10 },
    { target: 90, current: 100, expected: -10 },
    { target: 100, current: 100, expected: 0 },
    { target: 1.1, current: 1, expected: 10 },
    { target: 200, current: 150, expected: 33.33 },
    { target: 100, current: 150, expected: -33.33 },
    { target: 100.005, current: 100, expected: 0.01 },
    { target: 99.995, current: 100, expected: -0.01 },
    { target: 100, current: 0, expected: 5 },
    { target: 100, current: -10, expected: 5 },
    { target: null, current: 100, expected: 5 },
    { target: 100, current: null, expected: 5 },
    { target: undefined, current: undefined, expected: 5 },
    { target: Number.NaN, current: 100, expected: 5 },
  ])('gives $expected% from target $target and current $current', ({ target, current, expected }) => {
    const percent = expectedReturnPercent(target, current);

    expect(percent).toBe(expected);
  });
});

describe('riskLevel', () => {
  it.each([
    [0, 0],
    [4.99, 0],
    [5, 1],
    [34.99, 3],
    [35, 4],
    [50, 5],
    [64.99, 6],
    [65, 7],
    [95, 10],
    [100, 10],
    [150, 10],
    [-20, 0],
    [null, 5],
    [undefined, 5],
    [Number.NaN, 5],
  ])('turns risk score %s into level %s', (riskScore, expected) => {
    const level = riskLevel(riskScore);

    expect(level).toBe(expected);
  });
});

describe('assetTypeFromSymbol', () => {
  it.each([
    ['BTC-USD', 'crypto'],
    ['SOL-USD', 'crypto'],
    ['ETH-USD', 'crypto'],
    ['BTC', 'crypto'],
    ['ETH', 'crypto'],
    ['WBTC', 'crypto'],
    ['btc-usd', 'crypto'],
    ['AAPL', 'stock'],
    ['USD', 'stock'],
    ['SOL', 'stock'],
    ['BRK.B', 'stock'],
    ['', 'stock'],
  ])('classifies %s as %s', (symbol, expected) => {
    const type = assetTypeFromSymbol(symbol);

    expect(type).toBe(expected);
  });
});

describe('isExtendedHours', () => {
  it.each([
    [0.51, true],
    [-0.51, true],
    [0.5, false],
    [-0.5, false],
    [0, false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
  ])('says premarket change %s is extended-hours activity: %s', (change, expected) => {
    const extended = isExtendedHours(change);

    expect(extended).toBe(expected);
  });
});

describe('failed batch fallbacks', () => {
  it('builds the failed rationality entry of docs/product.md "Errors and empty results"', () => {
    const symbol = 'XYZ';

    const entry = buildFailedAnalysis(symbol);

    expect(entry).toEqual({
      symbol: 'XYZ',
      rationality_score: 50,
      speculation_level: 'UNKNOWN',
      current_price: null,
      recommendation: null,
      error: 'Analysis failed',
    });
    expect(BatchAnalysisItemSchema.safeParse(entry).success).toBe(true);
  });

  it('builds the failed nugget entry of docs/product.md "Errors and empty results"', () => {
    const symbol = 'XYZ';

    const entry = buildFailedNuggetAnalysis(symbol);

    expect(entry).toEqual({
      symbol: 'XYZ',
      nugget_scores: {
        investment_grade: 'B',
        composite_rationality_score: 50,
        financial_health_score: 50,
        growth_quality_score: 50,
        value_score: 50,
        momentum_score: 50,
        risk_score: 50,
        risk_reward_ratio: 1,
        key_nuggets: [],
      },
      error: 'Nugget analysis failed',
    });
    expect(BatchNuggetItemSchema.safeParse(entry).success).toBe(true);
  });

  it('returns a fresh object each time so callers cannot corrupt the fallback', () => {
    const first = buildFailedNuggetAnalysis('A');

    first.nugget_scores.key_nuggets.push('mutated');

    expect(buildFailedNuggetAnalysis('A').nugget_scores.key_nuggets).toEqual([]);
  });
});
