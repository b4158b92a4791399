import { describe, expect, it } from 'vitest';
import type { FactorScore, SubScore } from '../types';
import { describeFactor, describeKeyNuggets, findMainDriver } from './key-nuggets';

function component(name: string, value: number, score: number, weight: number): SubScore {
  return { name, value, unit: 'percent', score, weight };
}

function factor(
  overrides: Partial<FactorScore> & Pick<FactorScore, 'name' | 'score' | 'components'>,
): FactorScore {
  return {
    weight: 0.15,
    effective_weight: 0.375,
    status: 'ok',
    higher_is_better: true,
    inputs: {},
    ...overrides,
  };
}

// FB on 2013-06-28-like inputs: the week and the month rose, the quarter fell a little.
const momentum = factor({
  name: 'momentum',
  score: 61,
  components: [
    component('momentum_3m', -2.5, 43.8, 0.5),
    component('momentum_1m', 8, 90, 0.3),
    component('momentum_1w', 3, 80, 0.2),
  ],
});

describe('findMainDriver', () => {
  it('names the input that pushed the factor in the direction of its contribution', () => {
    expect(findMainDriver(momentum, true)?.name).toBe('momentum_1m');
    expect(findMainDriver(momentum, false)?.name).toBe('momentum_3m');
  });

  it('reads risk components as riskiness: low risk is named by a calm input, never by a deep drawdown', () => {
    const risk = factor({
      name: 'risk',
      score: 40,
      higher_is_better: false,
      effective_weight: 0.625,
      components: [
        component('volatility_1month', 18, 11.4, 0.5),
        component('max_drawdown', -45, 90, 0.3),
        component('speculative_swing_3m', 2.5, 4.2, 0.2),
      ],
    });
    expect(findMainDriver(risk, true)?.name).toBe('volatility_1month');
    expect(findMainDriver(risk, false)?.name).toBe('max_drawdown');
  });

  it('names nothing when no input pushed that way', () => {
    const flat = factor({
      name: 'momentum',
      score: 60,
      components: [component('momentum_3m', 20, 100, 0.5)],
    });
    expect(findMainDriver(flat, false)).toBeUndefined();
  });
});

describe('describeKeyNuggets', () => {
  it('never pairs "supports the score" with an input that pulled it down', () => {
    const [nugget] = describeKeyNuggets([momentum]);
    expect(nugget?.impact).toBe('positive');
    expect(nugget?.message).toEqual({
      code: 'NUGGET_FACTOR_SUPPORTS_BECAUSE',
      params: {
        factor: 'momentum',
        driver: { code: 'DRIVER_SIGNED_PERCENT', params: { input: 'momentum_1m', value: 8 } },
      },
    });
  });
});

describe('describeFactor', () => {
  it('words a factor that is not a key nugget the same way, with its driving figure', () => {
    // Value 30 (below 50) weighs on the score; its only input, P/E 34, is the driver.
    const value = factor({
      name: 'value',
      score: 30,
      components: [{ name: 'pe_ratio', value: 34, unit: 'ratio', score: 30, weight: 0.7 }],
    });
    expect(describeFactor(value)).toEqual({
      code: 'NUGGET_FACTOR_WEIGHS_BECAUSE',
      params: {
        factor: 'value',
        driver: { code: 'DRIVER_NUMBER', params: { input: 'pe_ratio', value: 34 } },
      },
    });
  });

  it('a risk score of 80 counts as 20: high risk weighs on the score', () => {
    const risk = factor({
      name: 'risk',
      score: 80,
      higher_is_better: false,
      components: [component('volatility_1month', 66, 80, 0.5)],
    });
    expect(describeFactor(risk)?.code).toBe('NUGGET_HIGH_RISK_WEIGHS_BECAUSE');
  });

  it('says nothing for a factor without data or exactly at the neutral 50', () => {
    expect(
      describeFactor(factor({ name: 'growth_quality', score: 50, status: 'no_data', components: [] })),
    ).toBeNull();
    expect(describeFactor(factor({ name: 'momentum', score: 50, components: [] }))).toBeNull();
  });
});
