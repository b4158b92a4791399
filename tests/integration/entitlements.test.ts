import { describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';

/**
 * Entitlements at the API, on the local stack: what each plan receives of a recommendation's detail
 * and of a stock analysis (a FREE caller never receives a premium field), and the daily detail quota
 * counted once per symbol a day, also when the same detail is asked for many times at once.
 */

interface Detail {
  recommendation: Record<string, unknown> & {
    detail_level: string;
    nugget_scores: { factors?: Record<string, unknown>[] };
  };
  detail_quota: { counted: boolean; used: number; limit: number; remaining: number | null } | null;
}

/** Fields only a 'full' detail (PREMIUM and up) may carry. */
const PREMIUM_FIELDS = ['reasoning', 'volume_analysis', 'risk_metrics'];

async function listedSymbols(user: SignedInUser): Promise<string[]> {
  const list = await api<{ recommendations: { symbol: string }[] }>(
    'GET',
    `/api/ai/recommendations/${user.userId}`,
    { token: user.token },
  );
  return list.body.recommendations.map((item) => item.symbol);
}

const detailOf = (user: SignedInUser, symbol: string) =>
  api<Detail>('GET', `/api/ai/recommendations/${user.userId}/${encodeURIComponent(symbol)}`, {
    token: user.token,
  });

describe('advanced_recommendations at the API', () => {
  it('FREE receives the grade and the factor scores, never a premium field; PREMIUM receives them all', async () => {
    const [free, premium] = await Promise.all([signUpInvestor('Fee'), signUpInvestor('Pem')]);
    await subscribe(premium, 'PREMIUM');
    const [symbol] = await listedSymbols(free);
    if (!symbol) throw new Error('the replay date has no recommendation');

    const [freeDetail, premiumDetail, freeAnalysis] = await Promise.all([
      detailOf(free, symbol),
      detailOf(premium, symbol),
      api<Record<string, unknown>>('POST', '/api/ai/analyze/stock', { token: free.token, body: { symbol } }),
    ]);

    expect(freeDetail.status).toBe(200);
    expect(freeDetail.body.recommendation.detail_level).toBe('basic');
    for (const field of PREMIUM_FIELDS) expect(freeDetail.body.recommendation).not.toHaveProperty(field);
    for (const field of PREMIUM_FIELDS) expect(freeAnalysis.body).not.toHaveProperty(field);
    const factors = freeDetail.body.recommendation.nugget_scores.factors ?? [];
    expect(factors.length).toBeGreaterThan(0);
    for (const factor of factors) {
      expect(factor).not.toHaveProperty('inputs');
      expect(factor).toHaveProperty('score');
    }
    expect(premiumDetail.body.recommendation.detail_level).toBe('full');
    for (const field of PREMIUM_FIELDS) expect(premiumDetail.body.recommendation).toHaveProperty(field);
    expect(premiumDetail.body.recommendation.nugget_scores.factors?.[0]).toHaveProperty('inputs');
  });
});

describe('ai_recommendations: one unit per symbol a day', () => {
  it('20 simultaneous openings of one detail count once; each other symbol once more', async () => {
    const free = await signUpInvestor('Con');
    const symbols = await listedSymbols(free);
    const [first] = symbols;
    if (!first) throw new Error('the replay date has no recommendation');

    const burst = await Promise.all(Array.from({ length: 20 }, () => detailOf(free, first)));
    const others = await Promise.all(
      symbols.slice(1).flatMap((symbol) => [detailOf(free, symbol), detailOf(free, symbol)]),
    );
    const usage = await api<{ usage: { daily_recommendations: { used: number; limit: number } } }>(
      'GET',
      '/api/subscription/usage-stats',
      { token: free.token },
    );

    expect(burst.every((response) => response.status === 200)).toBe(true);
    expect(burst.filter((response) => response.body.detail_quota?.counted)).toHaveLength(1);
    expect(others.every((response) => response.status === 200)).toBe(true);
    // FREE sees at most 3 symbols (its list cap) and may open 3 a day: one unit each.
    expect(usage.body.usage.daily_recommendations).toEqual(
      expect.objectContaining({ used: symbols.length, limit: 3 }),
    );
  });
});
