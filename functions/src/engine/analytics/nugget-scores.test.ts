import { describe, expect, it } from 'vitest';
import type { PointInTimeFundamentals, RiskMetrics } from '../types';
import { computeNuggetScores } from './nugget-scores';
import { FACTOR_WEIGHTS } from './factor-score';
import { scoreValue } from './fundamental-factors';
import { scoreMomentum, scoreRisk } from './price-factors';
import {
  computeConfidence,
  computeExpectedReturn6m,
  computeRiskRewardRatio,
  actionOfGrade,
  gradeOfComposite,
} from './recommendation';

const calmRisk: RiskMetrics = {
  volatility_1month: 17,
  volatility_regime: 'LOW',
  momentum_1w: 1,
  momentum_1m: 2,
  momentum_3m: 4,
  momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
  max_drawdown: -10,
  sharpe_estimation: 1,
  annualisation_factor: 252,
  bars_used: 300,
};

const fundamentals: PointInTimeFundamentals = {
  latest: {
    symbol: 'TEST',
    period_ending: '2015-12-31',
    fiscal_year: 2015,
    total_revenue: 1100,
    net_income: 132,
    gross_margin_pct: 40,
    operating_margin_pct: 16,
    profit_margin_pct: 12,
    after_tax_roe_pct: 15,
    current_ratio: 1.25,
    total_liabilities: 500,
    total_equity: 1000,
    long_term_debt: 900,
    short_term_debt: 600,
    earnings_per_share: 4,
    shares_outstanding: 33,
  },
  previous: {
    symbol: 'TEST',
    period_ending: '2014-12-31',
    fiscal_year: 2014,
    total_revenue: 1000,
    net_income: 120,
    gross_margin_pct: 40,
    operating_margin_pct: 15,
    profit_margin_pct: 12,
    after_tax_roe_pct: 14,
    current_ratio: 1.2,
    total_liabilities: 500,
    total_equity: 1000,
    long_term_debt: 900,
    short_term_debt: 600,
    earnings_per_share: 3.6,
    shares_outstanding: 33,
  },
  eps_split_factor: 1,
};

describe('factor scores, by hand', () => {
  it('momentum: 0.5 x 3m + 0.3 x 1m + 0.2 x 1w sub-scores', () => {
    // 4 % over 3m -> 60; 2 % over 1m -> 60; 1 % over 1w -> 60.
    expect(scoreMomentum(calmRisk).score).toBe(60);
  });

  it('risk: volatility, drawdown and the size of the 3-month swing', () => {
    // vol 17 -> 10; drawdown -10 -> 20; |4| -> 6.667. 0.5 x 10 + 0.3 x 20 + 0.2 x 6.667 = 12.33.
    expect(scoreRisk(calmRisk).score).toBe(12.3);
  });

  it('value: P/E from split-adjusted EPS, losses score 0', () => {
    // price 100 / EPS 4 = P/E 25 -> halfway between 40 and 10 = 50.
    const value = scoreValue(fundamentals, null, 100);
    expect(value.inputs.pe_ratio).toBe(25);
    expect(value.score).toBe(50);
    expect(value.status).toBe('partial');
    const split = scoreValue({ ...fundamentals, eps_split_factor: 2 }, null, 50);
    expect(split.inputs.pe_ratio).toBe(25);
    const loss = scoreValue(
      { ...fundamentals, latest: { ...fundamentals.latest, earnings_per_share: -1 } },
      null,
      100,
    );
    expect(loss.score).toBe(0);
  });

  it('composite is the documented weighted sum and maps to the documented grades', () => {
    const scores = computeNuggetScores({ riskMetrics: calmRisk, fundamentals, snapshot: null, price: 100 });
    const oriented = scores.factors.map((factor) =>
      factor.higher_is_better ? factor.score : 100 - factor.score,
    );
    const weights = scores.factors.map((factor) => FACTOR_WEIGHTS[factor.name]);
    const expected = oriented.reduce((sum, score, i) => sum + score * (weights[i] as number), 0);
    expect(scores.composite_rationality_score).toBeCloseTo(expected, 1);
    expect(scores.investment_grade).toBe(gradeOfComposite(scores.composite_rationality_score));
    // Every factor carries its inputs.
    for (const factor of scores.factors) expect(Object.keys(factor.inputs).length).toBeGreaterThan(0);
  });

  it('without fundamentals, scores 50 "no_data" and reweights momentum and risk only', () => {
    const scores = computeNuggetScores({
      riskMetrics: calmRisk,
      fundamentals: null,
      snapshot: null,
      price: 100,
    });
    expect(scores.financial_health_score).toBe(50);
    expect(scores.factors.find((factor) => factor.name === 'value')?.status).toBe('no_data');
    // (0.15 x 60 + 0.25 x (100 - 12.3)) / 0.4
    expect(scores.composite_rationality_score).toBeCloseTo((0.15 * 60 + 0.25 * 87.7) / 0.4, 1);
    expect(scores.data_completeness).toBe(0.4);
    expect(scores.key_nuggets.at(-1)?.factor).toBe('data');
    expect(scores.key_nuggets[0]?.message.code).toBe('NUGGET_LOW_RISK_SUPPORTS_BECAUSE');
  });
});

describe('grades and recommendation model', () => {
  it.each([
    [85, 'A+'],
    [84.9, 'A'],
    [75, 'A'],
    [65, 'B+'],
    [55, 'B'],
    [45, 'B-'],
    [35, 'C'],
    [34.9, 'D'],
  ] as const)('score %f is grade %s', (score, grade) => {
    expect(gradeOfComposite(score)).toBe(grade);
  });

  it('maps grades to actions', () => {
    expect(['A+', 'A', 'B+', 'B', 'B-', 'C', 'D'].map((grade) => actionOfGrade(grade as 'A'))).toEqual([
      'STRONG_BUY',
      'BUY',
      'BUY',
      'HOLD',
      'HOLD',
      'SELL',
      'STRONG_SELL',
    ]);
  });

  it('expected return is half a 6-month sigma at score 100, clamped to 25 %', () => {
    const sigma = 20 * Math.sqrt(0.5);
    expect(computeExpectedReturn6m(100, 20)).toBeCloseTo(0.5 * sigma, 10);
    expect(computeExpectedReturn6m(50, 20)).toBe(0);
    expect(computeExpectedReturn6m(75, null)).toBeCloseTo(0.25 * sigma, 10);
    expect(computeExpectedReturn6m(0, 200)).toBe(-25);
    expect(computeRiskRewardRatio(100, 20)).toBeCloseTo(3, 10);
    expect(computeRiskRewardRatio(50, 20)).toBe(1);
  });

  it('confidence grows with completeness and agreement, capped at 0.9', () => {
    expect(computeConfidence(1, [70, 70, 70])).toBeCloseTo(0.9, 10);
    expect(computeConfidence(0.4, [0, 100])).toBeCloseTo(0.25 + 0.14, 10);
  });
});
