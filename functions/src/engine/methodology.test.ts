import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeNuggetScores } from './analytics/nugget-scores';
import type { AnnualFundamentals, PointInTimeFundamentals, RiskMetrics } from './types';

/*
 * The methodology pinned: the worked example of the methodology page (engine/README.md, "Worked
 * example") computed by hand, sub-score by sub-score, from its documented inputs and weights. A change
 * of weight or anchor fails here until the page and this hand computation change with it.
 */

const METHODOLOGY_PAGE = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

/** The composite weights as the page documents them (the factor table). */
const DOCUMENTED_WEIGHTS = {
  financial_health: 0.25,
  growth_quality: 0.15,
  value: 0.2,
  momentum: 0.15,
  risk: 0.25,
};

const riskMetrics: RiskMetrics = {
  volatility_1month: 24,
  volatility_regime: 'MODERATE',
  momentum_1w: 1,
  momentum_1m: 2,
  momentum_3m: 6,
  momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
  max_drawdown: -15,
  sharpe_estimation: 0.8,
  annualisation_factor: 252,
  bars_used: 253,
};

function annualReport(overrides: Partial<AnnualFundamentals>): AnnualFundamentals {
  return {
    symbol: 'EXMPL',
    period_ending: '2015-12-31',
    fiscal_year: 2015,
    total_revenue: null,
    net_income: null,
    gross_margin_pct: null,
    operating_margin_pct: null,
    profit_margin_pct: null,
    after_tax_roe_pct: null,
    current_ratio: null,
    total_liabilities: null,
    total_equity: null,
    long_term_debt: null,
    short_term_debt: null,
    earnings_per_share: null,
    shares_outstanding: null,
    ...overrides,
  };
}

const fundamentals: PointInTimeFundamentals = {
  latest: annualReport({
    total_revenue: 105,
    net_income: 120,
    operating_margin_pct: 22,
    profit_margin_pct: 18,
    after_tax_roe_pct: 15,
    current_ratio: 1.4,
    total_equity: 100,
    long_term_debt: 50,
    short_term_debt: 10,
    earnings_per_share: 6,
  }),
  previous: annualReport({
    period_ending: '2014-12-31',
    fiscal_year: 2014,
    total_revenue: 100,
    net_income: 100,
    operating_margin_pct: 20,
  }),
  eps_split_factor: 1,
};

const PRICE = 150;

/*
 * By hand (score = (value - anchor0) / (anchor100 - anchor0) x 100, clamped to 0-100):
 *
 * financial_health: profit margin 18 % on -10 -> 25: 80; debt/equity (50 + 10) / 100 = 0.6 on 3 -> 0:
 *   80; current ratio 1.4 on 0.5 -> 2: 60; ROE 15 % on 0 -> 25: 60.
 *   0.3 x 80 + 0.3 x 80 + 0.2 x 60 + 0.2 x 60 = 72
 * growth_quality: revenue 100 -> 105 = 5 % on -10 -> 20: 50; net income 100 -> 120 = 20 % on
 *   -20 -> 30: 80; operating margin 20 -> 22 = +2 points on -5 -> 5: 70.
 *   0.35 x 50 + 0.35 x 80 + 0.3 x 70 = 66.5
 * value: P/E 150 / 6 = 25 on 40 -> 10: 50; no dividend yield (no snapshot), so P/E alone: 50
 * momentum: 3 months 6 % on -20 -> 20: 65; 1 month 2 % on -10 -> 10: 60; 1 week 1 % on -5 -> 5: 60.
 *   0.5 x 65 + 0.3 x 60 + 0.2 x 60 = 62.5
 * risk: volatility 24 % on 10 -> 80: 20; drawdown -15 % on 0 -> -50: 30; |3-month move| 6 % on
 *   0 -> 60: 10. 0.5 x 20 + 0.3 x 30 + 0.2 x 10 = 21, counted as 100 - 21 = 79
 */
const HAND = { health: 72, growth: 66.5, value: 50, momentum: 62.5, risk: 21 };

describe('the methodology page, pinned', () => {
  it('documents the weights this hand computation uses, wherever the page names them', () => {
    const documented = [
      ...METHODOLOGY_PAGE.matchAll(
        /^\| (financial_health|growth_quality|value|momentum|risk) \((\d\.\d+)\)/gm,
      ),
    ].map((match) => [match[1], Number(match[2])] as const);
    expect(new Set(documented.map(([name]) => name))).toEqual(new Set(Object.keys(DOCUMENTED_WEIGHTS)));
    for (const [name, weight] of documented) {
      expect(weight, name).toBe(DOCUMENTED_WEIGHTS[name as keyof typeof DOCUMENTED_WEIGHTS]);
    }
  });

  it('scores the worked example with every factor as computed by hand', () => {
    const scores = computeNuggetScores({ riskMetrics, fundamentals, snapshot: null, price: PRICE });
    expect({
      health: scores.financial_health_score,
      growth: scores.growth_quality_score,
      value: scores.value_score,
      momentum: scores.momentum_score,
      risk: scores.risk_score,
    }).toEqual(HAND);
    // 0.25 x 72 + 0.15 x 66.5 + 0.20 x 50 + 0.15 x 62.5 + 0.25 x 79
    //   = 18 + 9.975 + 10 + 9.375 + 19.75 = 67.1: grade B+ (65 <= 67.1 < 75)
    const w = DOCUMENTED_WEIGHTS;
    const byHand =
      w.financial_health * HAND.health +
      w.growth_quality * HAND.growth +
      w.value * HAND.value +
      w.momentum * HAND.momentum +
      w.risk * (100 - HAND.risk);
    expect(byHand).toBeCloseTo(67.1, 10);
    expect(scores.composite_rationality_score).toBe(67.1);
    expect(scores.investment_grade).toBe('B+');
    // Completeness: every component has data except the dividend yield (0.3 of value's weight).
    // 0.25 + 0.15 + 0.20 x 0.7 + 0.15 + 0.25 = 0.94
    expect(scores.data_completeness).toBe(0.94);
    expect(METHODOLOGY_PAGE).toContain('composite 67.1, grade B+');
  });

  it('scores the same prices without an annual report on price behaviour only', () => {
    const scores = computeNuggetScores({ riskMetrics, fundamentals: null, snapshot: null, price: PRICE });
    // (0.15 x 62.5 + 0.25 x 79) / (0.15 + 0.25) = 29.125 / 0.40 = 72.8125 -> 72.8: grade B+
    expect(scores.composite_rationality_score).toBe(72.8);
    expect(scores.investment_grade).toBe('B+');
    expect(scores.factors.map((factor) => [factor.name, factor.status, factor.effective_weight])).toEqual([
      ['financial_health', 'no_data', 0],
      ['growth_quality', 'no_data', 0],
      ['value', 'no_data', 0],
      ['momentum', 'ok', 0.375],
      ['risk', 'ok', 0.625],
    ]);
    expect(scores.data_completeness).toBe(0.4);
    expect(METHODOLOGY_PAGE).toContain('composite 72.8, grade B+');
  });
});
