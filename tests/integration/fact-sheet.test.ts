import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { replayCloseOnOrBefore, seededFigures, seedPortfolio } from '../src/replay-closes';

/**
 * Fact sheets (docs/product.md "Fact sheets", issue 41) on the test stack's real universe at its market
 * date, 2017-01-01 (Friday 2016-12-30's closes): the replayed AAPL, and the seeded portfolio
 * (tests/src/replay-closes.ts). Expected figures come from the replay's CSVs or from the other routes
 * that read the same analysis or valuation, never from the sheet itself.
 */

const MARKET_DATE = '2017-01-01';

interface Fact {
  id: string;
  value: number | string | null;
  unit: string;
  as_of: string;
  source: string;
}
interface SymbolSheet {
  symbol: string;
  market_date: string;
  detail_level: 'basic' | 'full';
  detail_quota: { counted: boolean } | null;
  facts: Fact[];
  notes: Record<string, string>;
}
interface NuggetAnalysis {
  nugget_scores: {
    investment_grade: string;
    composite_rationality_score: number;
    factors: { name: string; score: number | null; weight: number; note?: string }[];
  };
}

const valueOf = (facts: readonly Fact[], id: string) => facts.find((fact) => fact.id === id)?.value;
const cents = (value: number) => Math.round(value * 100) / 100;

describe("a symbol's fact sheet", () => {
  let demo: SymbolSheet;
  let analysis: NuggetAnalysis;

  beforeAll(async () => {
    const sheet = await api<SymbolSheet>('GET', '/api/ai/fact-sheet/AAPL');
    const nugget = await api<NuggetAnalysis>('GET', '/api/ai/nugget-analysis/AAPL');
    expect(sheet.status, sheet.text).toBe(200);
    expect(nugget.status, nugget.text).toBe(200);
    demo = sheet.body;
    analysis = nugget.body;
  });

  it('gives each figure once, dated no later than the market date', () => {
    expect(demo).toMatchObject({ symbol: 'AAPL', market_date: MARKET_DATE, detail_level: 'full' });
    const ids = demo.facts.map((fact) => fact.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(demo.facts.filter((fact) => fact.as_of > MARKET_DATE)).toEqual([]);
  });

  it('states the close of the replay CSV and the annual report the engine read, with its date', () => {
    expect(valueOf(demo.facts, 'price.close')).toBe(replayCloseOnOrBefore('stocks', 'AAPL', MARKET_DATE));
    expect(demo.facts.find((fact) => fact.id === 'price.close')?.as_of).toBe('2016-12-30');
    expect(valueOf(demo.facts, 'fundamentals.latest.period_ending')).toBe('2016-09-24');
  });

  it('holds the grade, composite and factors the nugget analysis route answers (one analysis)', () => {
    const scores = analysis.nugget_scores;
    expect(valueOf(demo.facts, 'score.grade')).toBe(scores.investment_grade);
    expect(valueOf(demo.facts, 'score.composite')).toBe(scores.composite_rationality_score);
    for (const factor of scores.factors) {
      expect(valueOf(demo.facts, `factor.${factor.name}.score`)).toBe(factor.score);
      expect(valueOf(demo.facts, `factor.${factor.name}.weight`)).toBe(factor.weight);
      expect(demo.notes[`factor.${factor.name}`]).toBe(factor.note);
    }
  });

  it('gives a FREE investor the scores without the figures behind them, counted as a detail', async () => {
    const investor = await signUpInvestor('Sheet');
    const response = await api<SymbolSheet>('GET', '/api/ai/fact-sheet/AAPL', { token: investor.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ detail_level: 'basic', detail_quota: { counted: true } });
    const ids = response.body.facts.map((fact) => fact.id);
    expect(ids).toContain('factor.risk.score');
    expect(ids.filter((id) => id.includes('.input.') || id.startsWith('fundamentals.'))).toEqual([]);
  });

  it('refuses an unknown symbol with a 404 naming it, in English, French and Spanish', async () => {
    const texts: string[] = [];
    for (const language of ['en', 'fr', 'es']) {
      const response = await api<{ error: string; message_code: string }>('GET', '/api/ai/fact-sheet/ZZZZ', {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(404);
      expect(response.body.message_code).toBe('MARKET_UNKNOWN_SYMBOL');
      expect(response.body.error).toMatch(/^ZZZZ /);
      texts.push(response.body.error);
    }
    expect(new Set(texts).size).toBe(3);
  });
});

describe("the signed-in investor's portfolio fact sheet", () => {
  const expected = seededFigures();
  let user: SignedInUser;
  let facts: Fact[];

  beforeAll(async () => {
    user = await signUpInvestor('PortfolioSheet');
    await seedPortfolio(user);
    const response = await api<{ market_date: string; facts: Fact[] }>('GET', '/api/portfolio/fact-sheet', {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.market_date).toBe(MARKET_DATE);
    facts = response.body.facts;
  });

  it('states the value, cost and gain of the one valuation, and each position at its close', () => {
    expect(valueOf(facts, 'portfolio.total_value')).toBe(expected.value);
    expect(valueOf(facts, 'portfolio.total_cost')).toBe(expected.cost);
    expect(valueOf(facts, 'portfolio.total_gain')).toBe(expected.gain);
    const aapl = replayCloseOnOrBefore('stocks', 'AAPL', MARKET_DATE);
    expect(valueOf(facts, 'position.AAPL.value')).toBe(cents(10 * aapl));
    expect(valueOf(facts, 'position.MSFT.value')).toBeNull();
    expect(facts.filter((fact) => fact.as_of > MARKET_DATE)).toEqual([]);
  });

  it("gives the month's time-weighted return and the concentration worked out from the closes", () => {
    const month = valueOf(facts, 'returns.1m.time_weighted') as number;
    expect(Math.round(month * 100) / 100).toBe(expected.monthPercent);
    const aapl = 10 * replayCloseOnOrBefore('stocks', 'AAPL', MARKET_DATE);
    const spy = 4 * replayCloseOnOrBefore('etfs', 'SPY', MARKET_DATE);
    const weights = [aapl / (aapl + spy), spy / (aapl + spy)];
    expect(valueOf(facts, 'concentration.largest_position_symbol')).toBe(aapl > spy ? 'AAPL' : 'SPY');
    expect(valueOf(facts, 'concentration.largest_position_percent')).toBe(
      Math.round(Math.max(...weights) * 100 * 100) / 100,
    );
    expect(valueOf(facts, 'concentration.herfindahl_index')).toBe(
      Math.round((weights[0]! ** 2 + weights[1]! ** 2) * 10_000) / 10_000,
    );
  });

  it("states the portfolio's value-weighted composite and each position's weight, the attribution's", async () => {
    const portfolio = await api<{
      assets: { symbol: string; total_value: number | null; rationality_score: number | null }[];
    }>('GET', '/api/portfolio', { token: user.token });
    expect(portfolio.status, portfolio.text).toBe(200);
    const graded = portfolio.body.assets.filter(
      (asset): asset is { symbol: string; total_value: number; rationality_score: number } =>
        asset.total_value !== null && asset.rationality_score !== null,
    );
    expect(graded.map((asset) => asset.symbol).sort()).toEqual(['AAPL', 'SPY']);
    const total = graded.reduce((sum, asset) => sum + asset.total_value, 0);
    const composite =
      graded.reduce((sum, asset) => sum + asset.total_value * asset.rationality_score, 0) / total;
    // /api/portfolio writes each composite to one decimal: the weighted mean is within 0.05 of the exact one.
    expect(Math.abs((valueOf(facts, 'portfolio.composite') as number) - composite)).toBeLessThan(0.05);
    for (const asset of graded) {
      const weight = valueOf(facts, `position.${asset.symbol}.weight`) as number;
      expect(Math.abs(weight - (100 * asset.total_value) / total)).toBeLessThan(0.01);
    }
    expect(valueOf(facts, 'position.MSFT.weight')).toBe(0);
    const attribution = await api<{ score: number; holdings: { symbol: string; weight_percent: number }[] }>(
      'GET',
      '/api/portfolio/attribution',
      { token: user.token },
    );
    expect(attribution.status, attribution.text).toBe(200);
    expect(valueOf(facts, 'portfolio.composite')).toBe(attribution.body.score);
  });

  it('is refused without a token', async () => {
    expect((await api('GET', '/api/portfolio/fact-sheet')).status).toBe(401);
  });
});
