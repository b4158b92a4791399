import { describe, expect, it } from 'vitest';
import { dashboardScore, gradedHoldings, holdingPeriodReturn, valueWeightedScore } from './dashboard-figures';

describe('gradedHoldings', () => {
  it('counts the holdings with a score out of all of them', () => {
    const holdings = [
      { rationality_score: 70, total_value: 100 },
      { rationality_score: null, total_value: 50 },
      { rationality_score: 40, total_value: null },
    ];
    expect(gradedHoldings(holdings)).toEqual({ graded: 2, total: 3 });
    expect(gradedHoldings([])).toEqual({ graded: 0, total: 0 });
  });
});

describe('valueWeightedScore', () => {
  it('weighs each graded score by its value', () => {
    // (80 x 300 + 40 x 100) / (300 + 100) = (24000 + 4000) / 400 = 70; the ungraded 1000 weighs nothing.
    const holdings = [
      { rationality_score: 80, total_value: 300 },
      { rationality_score: 40, total_value: 100 },
      { rationality_score: null, total_value: 1000 },
    ];
    expect(valueWeightedScore(holdings)).toBe(70);
  });

  it('skips graded holdings without a price, and is null when nothing graded has value', () => {
    expect(valueWeightedScore([{ rationality_score: 90, total_value: null }])).toBeNull();
    expect(valueWeightedScore([{ rationality_score: 90, total_value: 0 }])).toBeNull();
    expect(valueWeightedScore([])).toBeNull();
    // Only the priced one counts: 55.
    expect(
      valueWeightedScore([
        { rationality_score: 90, total_value: null },
        { rationality_score: 55, total_value: 12.5 },
      ]),
    ).toBe(55);
  });
});

describe('dashboardScore', () => {
  const picks = [{ rationality_score: 60 }, { rationality_score: 75 }, { rationality_score: 72 }];

  it("uses the user's graded holdings when there are any", () => {
    expect(dashboardScore([{ rationality_score: 50, total_value: 10 }], picks)).toEqual({
      basis: 'holdings',
      score: 50,
    });
  });

  it("falls back to the picks' plain average, labelled as picks", () => {
    // (60 + 75 + 72) / 3 = 207 / 3 = 69
    expect(dashboardScore([{ rationality_score: null, total_value: 10 }], picks)).toEqual({
      basis: 'picks',
      score: 69,
    });
  });

  it('has no score without graded holdings or picks', () => {
    expect(dashboardScore([], [])).toEqual({ basis: 'none' });
  });
});

describe('holdingPeriodReturn', () => {
  it("reads the ledger's MAX window as a percentage with its dates", () => {
    const returns = [
      { period: '1M', start: '2024-05-01', end: '2024-06-01', time_weighted: 0.5 },
      { period: 'MAX', start: '2024-01-15', end: '2024-06-01', time_weighted: 0.125 },
    ];
    // 0.125 as a fraction is +12.5 %.
    expect(holdingPeriodReturn(returns)).toEqual({ percent: 12.5, from: '2024-01-15', to: '2024-06-01' });
  });

  it('is null without a MAX window or a return over it', () => {
    expect(holdingPeriodReturn([])).toBeNull();
    expect(
      holdingPeriodReturn([{ period: 'MAX', start: '2024-01-15', end: '2024-01-15', time_weighted: null }]),
    ).toBeNull();
  });
});
