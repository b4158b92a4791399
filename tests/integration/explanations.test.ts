import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { seedPortfolio } from '../src/replay-closes';

/*
 * What would move a grade and who drives a portfolio's grade (issue 41; docs/product.md
 * "Counterfactuals", "Portfolio attribution") on the local stack at its market date (2017-01-01):
 * the counterfactuals of a replayed stock against the card's own grade, and the attribution of a
 * seeded portfolio against the value-weighted composite computed here from the portfolio route.
 */

const GRADES = ['A+', 'A', 'B+', 'B', 'B-', 'C', 'D'];

interface Shift {
  outcome: 'reachable' | 'unreachable';
  grade: string;
  value: number | null;
  text: string;
}
interface Counterfactuals {
  symbol: string;
  market_date: string;
  grade: string;
  composite: number;
  universe_size: number;
  factors: {
    factor: string;
    input: string;
    current: number | null;
    range: { low: number; high: number } | null;
    up: Shift | null;
    down: Shift | null;
  }[];
}
interface Attribution {
  score: number | null;
  grade: string | null;
  holdings: {
    symbol: string;
    points: number;
    contributions: { factor: string; points: number }[];
    text: string;
  }[];
  factors: { factor: string; points: number }[];
  unscored: string[];
}

describe('counterfactuals of a replayed stock', () => {
  it("states one step up and down from the card's grade, in French numbers, within the universe's range", async () => {
    const card = await api<{
      nugget_scores: { investment_grade: string; composite_rationality_score: number };
    }>('GET', '/api/ai/nugget-analysis/AAPL');
    const answer = await api<Counterfactuals>('GET', '/api/ai/counterfactuals/AAPL', {
      headers: { 'accept-language': 'fr-FR' },
    });

    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      symbol: 'AAPL',
      market_date: '2017-01-01',
      grade: card.body.nugget_scores.investment_grade,
      composite: card.body.nugget_scores.composite_rationality_score,
    });
    expect(answer.body.universe_size).toBeGreaterThan(5);
    expect(answer.body.factors.map((factor) => factor.factor)).toEqual([
      'financial_health',
      'growth_quality',
      'value',
      'momentum',
      'risk',
    ]);
    const rank = GRADES.indexOf(answer.body.grade);
    let stated = 0;
    for (const factor of answer.body.factors) {
      for (const [shift, step] of [
        [factor.up, -1],
        [factor.down, 1],
      ] as const) {
        if (!shift) continue;
        expect(shift.grade).toBe(GRADES[rank + step]);
        if (shift.outcome === 'unreachable') {
          expect(shift.text).toMatch(/^Aucune variation réaliste/);
          continue;
        }
        stated += 1;
        expect(shift.value).toBeGreaterThanOrEqual(factor.range!.low);
        expect(shift.value).toBeLessThanOrEqual(factor.range!.high);
        expect(shift.text).toMatch(new RegExp(`^La note passerait à ${shift.grade.replace('+', '\\+')} si`));
        // French numbers: a decimal comma, never a point.
        expect(shift.text).toMatch(/\d,\d/);
        expect(shift.text).not.toMatch(/\d\.\d/);
      }
    }
    expect(stated).toBeGreaterThan(0);
  });

  it('is a 404 for a symbol nobody lists', async () => {
    const answer = await api('GET', '/api/ai/counterfactuals/NOPE');

    expect(answer.status).toBe(404);
  });
});

describe('attribution of a seeded portfolio', () => {
  let attribution: Attribution;
  let expectedScore: number;

  beforeAll(async () => {
    const user = await signUpInvestor('Attribution');
    await seedPortfolio(user);
    const portfolio = await api<{
      assets: { symbol: string; total_value: number | null; rationality_score: number | null }[];
    }>('GET', '/api/portfolio', { token: user.token });
    expect(portfolio.status, portfolio.text).toBe(200);
    const graded = portfolio.body.assets.filter(
      (asset) => asset.total_value !== null && asset.rationality_score !== null,
    );
    const value = graded.reduce((sum, asset) => sum + (asset.total_value as number), 0);
    expectedScore =
      graded.reduce(
        (sum, asset) => sum + (asset.total_value as number) * (asset.rationality_score as number),
        0,
      ) / value;
    const answer = await api<Attribution>('GET', '/api/portfolio/attribution', {
      token: user.token,
      headers: { 'accept-language': 'es-ES' },
    });
    expect(answer.status, answer.text).toBe(200);
    attribution = answer.body;
  });

  it("splits the portfolio's value-weighted composite into contributions that add up to it", () => {
    // Values from the portfolio route are rounded to cents: the weights agree to far better than 0.01.
    expect(Math.abs((attribution.score as number) - expectedScore)).toBeLessThan(0.01);
    const contributions = attribution.holdings.flatMap((holding) => holding.contributions);
    const sum = 50 + contributions.reduce((total, row) => total + row.points, 0);
    expect(Math.abs(sum - expectedScore)).toBeLessThan(0.01);
    const byFactor = 50 + attribution.factors.reduce((total, row) => total + row.points, 0);
    expect(Math.abs(byFactor - expectedScore)).toBeLessThan(0.01);
  });

  it('says one sentence per graded holding in the caller language, and weighs the unpriced one not at all', () => {
    expect(attribution.holdings.map((holding) => holding.symbol).sort()).toEqual(['AAPL', 'SPY']);
    expect(attribution.unscored).toEqual(['MSFT']);
    for (const holding of attribution.holdings) {
      expect(holding.text).toMatch(/ (sube|baja|deja) la nota de su cartera /);
    }
  });
});
