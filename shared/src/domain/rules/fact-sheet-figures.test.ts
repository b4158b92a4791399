import { describe, expect, it } from 'vitest';
import type { Fact } from '../entities/fact-sheet';
import { nuggetScoresOf, riskMetricsOf } from './fact-sheet-figures';

const fact = (id: string, value: Fact['value'], unit: Fact['unit'], as_of = '2017-01-03'): Fact => ({
  id,
  value,
  unit,
  as_of,
  source: 'engine',
});

const basic = [
  fact('score.grade', 'B', 'grade'),
  fact('score.composite', 63.5, 'score'),
  fact('score.risk_reward_ratio', 1.8, 'ratio'),
  fact('factor.value.score', 71, 'score'),
  fact('factor.value.weight', 0.2, 'weight'),
  fact('factor.growth_quality.score', null, 'score'),
  fact('factor.growth_quality.weight', 0, 'weight'),
  fact('risk.level', 4, 'riskLevel'),
];

describe('nuggetScoresOf', () => {
  it("names each factor's score as the card does, 50 where the factor had no data or is absent", () => {
    const scores = nuggetScoresOf({ facts: basic, notes: {} }, ['A sentence']);
    expect(scores).toMatchObject({
      investment_grade: 'B',
      composite_rationality_score: 63.5,
      value_score: 71,
      growth_quality_score: 50,
      momentum_score: 50,
      risk_reward_ratio: 1.8,
      key_nuggets: ['A sentence'],
    });
    expect(scores.factors?.map((factor) => [factor.name, factor.score])).toEqual([
      ['value', 71],
      ['growth_quality', null],
    ]);
  });
});

describe('riskMetricsOf', () => {
  it('leaves out the risk measures of a basic sheet', () => {
    expect(riskMetricsOf({ facts: basic, notes: {} })).toBeUndefined();
  });

  it("reads each measure and each momentum's dates: its first close and the day its change describes", () => {
    const facts = [
      ...basic,
      fact('risk.volatility_1m', 18.2, 'percent'),
      fact('risk.volatility_regime', 'MODERATE', 'level'),
      fact('risk.max_drawdown_1y', -24.1, 'percent'),
      fact('risk.sharpe_1y', 0.4, 'ratio'),
      fact('momentum.1w.change', 1.5, 'signedPercent', '2016-12-30'),
      fact('momentum.1w.from', '2016-12-23', 'date', '2016-12-30'),
      fact('momentum.1m.change', -2, 'signedPercent', '2016-12-30'),
      fact('momentum.1m.from', '2016-11-30', 'date', '2016-12-30'),
      fact('momentum.3m.change', null, 'signedPercent'),
      fact('momentum.3m.from', null, 'date'),
    ];
    expect(riskMetricsOf({ facts, notes: {} })).toEqual({
      volatility_1month: 18.2,
      volatility_regime: 'MODERATE',
      momentum_1w: 1.5,
      momentum_1m: -2,
      momentum_3m: null,
      momentum_periods: {
        momentum_1w: { from: '2016-12-23', to: '2016-12-30' },
        momentum_1m: { from: '2016-11-30', to: '2016-12-30' },
        momentum_3m: null,
      },
      max_drawdown: -24.1,
      sharpe_estimation: 0.4,
    });
  });
});
