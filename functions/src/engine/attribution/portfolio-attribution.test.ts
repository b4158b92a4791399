import { describe, expect, it } from 'vitest';
import type { FactorName, FactorScore, NuggetScores } from '../types';
import { attributePortfolio } from './portfolio-attribution';

/*
 * The attribution-sum test (issue 41): holdings scored as the methodology's worked examples
 * (engine/README.md "Nugget scores"), every expected figure worked out by hand in the comments.
 */

const WEIGHTS: Record<FactorName, number> = {
  financial_health: 0.25,
  growth_quality: 0.15,
  value: 0.2,
  momentum: 0.15,
  risk: 0.25,
};

function scoresOf(
  composite: number,
  grade: NuggetScores['investment_grade'],
  factorScores: Partial<Record<FactorName, number>>,
) {
  const factors = (Object.keys(WEIGHTS) as FactorName[]).map((name): FactorScore => ({
    name,
    score: factorScores[name] ?? 50,
    weight: WEIGHTS[name],
    effective_weight: 0,
    status: factorScores[name] === undefined ? 'no_data' : 'ok',
    higher_is_better: name !== 'risk',
    inputs: {},
    components: [],
  }));
  return {
    composite_rationality_score: composite,
    investment_grade: grade,
    factors,
  } as unknown as NuggetScores;
}

// Prices only: momentum 62.5, risk 21 (counts 79); weights 0.15 and 0.25 of 0.40 -> 0.375 and 0.625;
// 0.375 x 62.5 + 0.625 x 79 = 72.8125, kept as 72.8 (rounding -0.0125).
const priceOnly = scoresOf(72.8, 'B+', { momentum: 62.5, risk: 21 });
// Every factor: 0.25 x 72 + 0.15 x 66.5 + 0.20 x 50 + 0.15 x 62.5 + 0.25 x 79 = 67.1 exactly.
const full = scoresOf(67.1, 'B+', {
  financial_health: 72,
  growth_quality: 66.5,
  value: 50,
  momentum: 62.5,
  risk: 21,
});

describe('attributePortfolio', () => {
  it('splits the value-weighted composite into holdings and factors that add up to it', () => {
    // Values 3,000 and 1,000 (the ungraded 500 carries no weight): weights 0.75 and 0.25.
    const result = attributePortfolio([
      { symbol: 'AAA', name: 'Alpha', value: 3000, scores: priceOnly },
      { symbol: 'BBB', name: 'Beta', value: 1000, scores: full },
      { symbol: 'CCC', name: 'Gamma', value: 500, scores: null },
    ]);

    // 0.75 x 72.8 + 0.25 x 67.1 = 54.6 + 16.775 = 71.375.
    expect(result.score).toBe(71.375);
    expect(result.grade).toBe('B+');
    expect(result.unscored).toEqual(['CCC']);
    const [alpha, beta] = result.holdings;
    // Alpha: momentum 0.75 x 0.375 x (62.5 - 50 - 0.0125) = 3.5121; risk 0.75 x 0.625 x (79 - 50 - 0.0125) = 13.5879.
    expect(alpha).toMatchObject({ symbol: 'AAA', weight_percent: 75, composite: 72.8, points: 17.1 });
    expect(alpha?.contributions).toEqual([
      { factor: 'momentum', points: 3.5121 },
      { factor: 'risk', points: 13.5879 },
    ]);
    // Beta: 0.25 x 0.25 x 22 = 1.375; 0.25 x 0.15 x 16.5 = 0.61875; value 0; 0.25 x 0.15 x 12.5 = 0.46875; 0.25 x 0.25 x 29 = 1.8125.
    expect(beta?.points).toBe(4.275);
    expect(beta?.contributions.map((row) => row.points)).toEqual([1.375, 0.6188, 0, 0.4688, 1.8125]);
    // Per factor over both: momentum 3.51211 + 0.46875 = 3.98086; risk 13.58789 + 1.8125 = 15.40039.
    expect(result.factors).toEqual([
      { factor: 'financial_health', points: 1.375 },
      { factor: 'growth_quality', points: 0.6188 },
      { factor: 'value', points: 0 },
      { factor: 'momentum', points: 3.9809 },
      { factor: 'risk', points: 15.4004 },
    ]);
    const everyContribution = result.holdings.flatMap((holding) => holding.contributions);
    const sum = 50 + everyContribution.reduce((total, row) => total + row.points, 0);
    expect(Math.abs(sum - 71.375)).toBeLessThan(0.01);
  });

  it('names the factor that moves each holding most, with its share of the value and its score', () => {
    // Momentum 20 and risk 80 (counts 20): composite 20, grade D; alone, weight 1.
    // Momentum 0.375 x (20 - 50) = -11.25; risk 0.625 x (20 - 50) = -18.75: risk pulls most.
    const result = attributePortfolio([
      { symbol: 'TSLA', name: 'Tesla', value: 800, scores: scoresOf(20, 'D', { momentum: 20, risk: 80 }) },
    ]);

    expect(result.score).toBe(20);
    expect(result.holdings[0]?.sentence).toEqual({
      code: 'ATTRIBUTION_HOLDING_PULLS',
      params: { holding: 'Tesla', factor: 'risk', points: 18.75, share: 100, score: 80 },
    });
  });

  it('has no score when nothing held is graded', () => {
    const result = attributePortfolio([{ symbol: 'XYZ', name: 'Xyz', value: 100, scores: null }]);

    expect(result).toEqual({ score: null, grade: null, holdings: [], factors: [], unscored: ['XYZ'] });
  });
});
