import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api';
import { saveCard } from '../src/billing';
import { api } from '../src/api';
import { callRoute, createInvestor, snapshotOf, type Investor } from './fixtures';
import { createSuiteReport } from './security-report';

const report = createSuiteReport('Concurrency and duplicates', 4);
afterAll(() => report.save());

/** Symbols the portfolio knows (stocks from the screener snapshot and the replay universe). */
const STOCKS = [
  'AAPL',
  'MSFT',
  'JPM',
  '^GSPC',
  'KO',
  'XOM',
  'PG',
  'JNJ',
  'WMT',
  'PFE',
  'INTC',
  'CSCO',
  'ORCL',
  'T',
  'VZ',
  'MRK',
  'DIS',
  'BA',
  'CAT',
  'IBM',
];

async function addAsset(user: Investor, symbol: string, key?: string, shares = 1) {
  const response = await callRoute(contract.portfolio.add, {
    token: user.token,
    body: { symbol, shares, asset_type: symbol === 'BTC-USD' ? 'crypto' : 'stock' },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
  report.inspect(contract.portfolio.add, 'free', response, [user.email]);
  return response;
}

async function portfolioOf(user: Investor): Promise<{ id: string; symbol: string; shares: number }[]> {
  const response = await api<{ assets: { id: string; symbol: string; shares: number }[] }>(
    'GET',
    contract.portfolio.list.path,
    {
      token: user.token,
    },
  );
  return response.body.assets;
}

async function usageOf(user: Investor) {
  const response = await api<{ usage: Record<string, { used: number; limit: number }> }>(
    'GET',
    contract.subscription.usageStats.path,
    { token: user.token },
  );
  return response.body.usage;
}

describe('quotas under 50 concurrent requests', () => {
  it('lets exactly the FREE limit of 5 of 50 concurrent add-asset calls through, counters equal to holdings', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const investor = await createInvestor('FREE', 0, `Race${round}`);
      const symbols = Array.from({ length: 50 }, (_, index) => STOCKS[index % STOCKS.length] as string);

      const responses = await Promise.all(
        symbols.map((symbol, index) => addAsset(investor, `${symbol}`, undefined, index + 1)),
      );
      const holdings = await portfolioOf(investor);
      const usage = await usageOf(investor);

      const statuses = responses.map((response) => response.status);
      const created = statuses.filter((status) => status === 201 || status === 200).length;
      // 403: over the limit; 409: the portfolio changed under a merge of the same symbol (retryable).
      expect(statuses.every((status) => [200, 201, 400, 403, 409].includes(status))).toBe(true);
      expect(new Set(holdings.map((holding) => holding.symbol)).size).toBe(holdings.length);
      expect(holdings.length).toBe(5);
      expect(usage.portfolio_assets).toMatchObject({ used: 5, limit: 5 });
      expect(created).toBeGreaterThanOrEqual(5);
      report.limit(
        `FREE portfolio_assets = 5 under 50 concurrent adds (round ${round})`,
        holdings.length === 5,
      );
    }
  }, 120_000);

  it('lets exactly 5 of 50 concurrent market_alerts uses and 3 of 50 ai_recommendations uses through', async () => {
    const investor = await createInvestor('FREE', 0, 'Uses');
    const fire = (feature: string) =>
      Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await callRoute(contract.subscription.useFeature, {
            token: investor.token,
            params: { feature },
          });
          report.inspect(contract.subscription.useFeature, 'free', response, [investor.email]);
          return response.status;
        }),
      );

    const [alerts, recommendations] = await Promise.all([fire('market_alerts'), fire('ai_recommendations')]);
    const usage = await usageOf(investor);

    expect(alerts.filter((status) => status === 200)).toHaveLength(5);
    expect(alerts.filter((status) => status === 403)).toHaveLength(45);
    expect(recommendations.filter((status) => status === 200)).toHaveLength(3);
    expect(usage.market_alerts?.used).toBe(5);
    expect(usage.daily_recommendations?.used).toBe(3);
    report.limit('FREE market_alerts = 5 under 50 concurrent uses', usage.market_alerts?.used === 5);
    report.limit(
      'FREE ai_recommendations = 3 under 50 concurrent uses',
      usage.daily_recommendations?.used === 3,
    );
  }, 60_000);
});

describe('retries and duplicates', () => {
  it('gives an add-asset retried with the same Idempotency-Key one effect, and refuses the key with another body', async () => {
    const investor = await createInvestor('PREMIUM', 0, 'Retry');
    const key = `add-${randomUUID()}`;

    const first = await addAsset(investor, 'AAPL', key, 3);
    const retries = [];
    for (let attempt = 0; attempt < 5; attempt += 1) retries.push(await addAsset(investor, 'AAPL', key, 3));
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => addAsset(investor, 'AAPL', key, 3)),
    );
    const otherBody = await addAsset(investor, 'AAPL', key, 4);
    const holdings = await portfolioOf(investor);

    expect(first.status).toBe(201);
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    }
    expect(concurrent.every((response) => [201, 409].includes(response.status))).toBe(true);
    expect([409, 422]).toContain(otherBody.status);
    expect(holdings).toEqual([expect.objectContaining({ symbol: 'AAPL', shares: 3 })]);
    report.limit('add-asset: 16 retries with one Idempotency-Key, one holding', holdings.length === 1);
  }, 60_000);

  it('charges a double plan click once (with and without a key), and refuses a reused key for another plan', async () => {
    const [plain, keyed] = await Promise.all([
      createInvestor('FREE', 0, 'Click'),
      createInvestor('FREE', 0, 'Keyed'),
    ]);
    await Promise.all([saveCard(plain), saveCard(keyed)]);
    const key = `plan-${randomUUID()}`;
    const choose = (user: Investor, tier: string, idempotencyKey?: string) =>
      callRoute(contract.subscription.choosePlan, {
        token: user.token,
        body: { tier, cycle: 'monthly' },
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
      });

    const clicks = await Promise.all(Array.from({ length: 5 }, () => choose(plain, 'PREMIUM')));
    const keyedClicks = await Promise.all(Array.from({ length: 5 }, () => choose(keyed, 'PREMIUM', key)));
    const keyedRetry = await choose(keyed, 'PREMIUM', key);
    const reused = await choose(keyed, 'PRO', key);
    const [plainSnapshot, keyedSnapshot] = await Promise.all([snapshotOf(plain), snapshotOf(keyed)]);
    for (const response of [...clicks, ...keyedClicks, keyedRetry, reused])
      report.inspect(contract.subscription.choosePlan, 'free', response);

    // A loser finds the account held by the winner, or already on the plan: 409 either way.
    expect(clicks.filter((click) => click.status === 200)).toHaveLength(1);
    expect(clicks.every((click) => [200, 409].includes(click.status))).toBe(true);
    expect(keyedClicks.every((click) => [200, 409].includes(click.status))).toBe(true);
    expect(keyedRetry.status).toBe(200);
    expect(reused.status).toBe(422);
    const invoicesOf = (snapshot: Record<string, unknown>) => snapshot.invoices as string[];
    expect(invoicesOf(plainSnapshot)).toHaveLength(1);
    expect(invoicesOf(keyedSnapshot)).toHaveLength(1);
    expect(keyedSnapshot.subscription).toMatchObject({ tier: 'PREMIUM' });
    report.limit('double plan click charged once (5 clicks, no key)', invoicesOf(plainSnapshot).length === 1);
    report.limit(
      'double plan click charged once (6 clicks, one key)',
      invoicesOf(keyedSnapshot).length === 1,
    );
    expect(report.result.serverErrors).toEqual([]);
  }, 60_000);
});
