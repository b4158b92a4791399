import { describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { TEST_REPLAY_SYMBOLS } from '../src/replay-symbols';

/**
 * Issue 46: a FREE user's daily detail credit (ai_recommendations, 3 a day: functions/src/subscription
 * README.md "Entitlements") is spent only when a detail is actually served. Everything that shows no
 * detail (the list's card faces, the scores-only routes, what would move the grade) and every refused
 * request (a symbol off the plan's list, an unknown symbol, a symbol with no data on the market date,
 * bad input) leaves the count where it was; the first detail of a symbol spends exactly one, and the
 * same symbol's other detail routes that day spend nothing more.
 */

/** No bar on the suites' market date, 2017-01-01: DXC first traded on 2017-04-04 (tests/integration/ai.test.ts). */
const NO_DATA_SYMBOL = 'DXC';
const UNKNOWN_SYMBOL = 'ZZQX';

async function creditsUsed(user: SignedInUser): Promise<number> {
  const usage = await api<{ usage: { daily_recommendations: { used: number; limit: number } } }>(
    'GET',
    '/api/subscription/usage-stats',
    { token: user.token },
  );
  expect(usage.status).toBe(200);
  expect(usage.body.usage.daily_recommendations.limit).toBe(3);
  return usage.body.usage.daily_recommendations.used;
}

const get = (user: SignedInUser, path: string) =>
  api<Record<string, unknown>>('GET', path, { token: user.token });
const detailPath = (user: SignedInUser, symbol: string) =>
  `/api/ai/recommendations/${user.userId}/${encodeURIComponent(symbol)}`;

describe('ai_recommendations credits: spent only on a detail served', () => {
  it('nothing shown, nothing spent; the first detail of a symbol spends exactly one', async () => {
    const free = await signUpInvestor('Cre');
    const list = await api<{ recommendations: { symbol: string }[] }>(
      'GET',
      `/api/ai/recommendations/${free.userId}`,
      { token: free.token },
    );
    expect(list.status).toBe(200);
    const listed = list.body.recommendations.map((item) => item.symbol);
    const [symbol] = listed;
    if (!symbol) throw new Error('the replay date has no recommendation');
    const offList = TEST_REPLAY_SYMBOLS.find(
      (candidate) => candidate !== NO_DATA_SYMBOL && !listed.includes(candidate),
    );
    if (!offList) throw new Error('every replayed symbol is on the FREE list');

    // What shows no detail: the scores alone and the counterfactuals.
    const shownFree = await Promise.all([
      get(free, `/api/ai/rationality-score/${symbol}`),
      get(free, `/api/ai/counterfactuals/${symbol}`),
    ]);
    expect(shownFree.map((response) => response.status)).toEqual([200, 200]);

    // What is refused: off the plan's list, unknown, no data on the date, bad input.
    const refused = await Promise.all([
      get(free, detailPath(free, offList)),
      get(free, detailPath(free, UNKNOWN_SYMBOL)),
      get(free, `/api/ai/fact-sheet/${UNKNOWN_SYMBOL}`),
      get(free, `/api/ai/nugget-analysis/${UNKNOWN_SYMBOL}`),
      get(free, `/api/ai/fact-sheet/${NO_DATA_SYMBOL}`),
      get(free, `/api/ai/nugget-analysis/${NO_DATA_SYMBOL}`),
      api('POST', '/api/ai/analyze/stock', { token: free.token, body: { symbol: NO_DATA_SYMBOL } }),
      api('POST', '/api/ai/analyze/stock', { token: free.token, body: {} }),
    ]);
    expect(refused.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 400]);
    expect(await creditsUsed(free)).toBe(0);

    // The detail is served: one credit, and the same symbol's sheet and analysis that day add none.
    const detail = await api<{ detail_quota: { counted: boolean; used: number } | null }>(
      'GET',
      detailPath(free, symbol),
      { token: free.token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.detail_quota).toEqual(expect.objectContaining({ counted: true, used: 1 }));
    const sameSymbol = await Promise.all([
      get(free, `/api/ai/fact-sheet/${symbol}`),
      get(free, `/api/ai/nugget-analysis/${symbol}`),
      get(free, detailPath(free, symbol)),
    ]);
    expect(sameSymbol.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await creditsUsed(free)).toBe(1);
  });
});
