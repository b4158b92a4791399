import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { keys } from '@app/functions/data/keys';
import { tableName } from '@app/infra/lib/table-definitions';
import { raiseAlertThroughPollPath } from '../src/alerts';
import { api, signInSeedInvestor, signUpInvestor, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';

interface Asset {
  id: string;
  symbol: string;
  name: string;
  asset_type: 'stock' | 'crypto' | 'alternative';
  shares: number;
  current_price: number;
  purchase_price: number | null;
  purchase_date: string | null;
  total_value: number;
  change_percent: number | null;
  change_amount: number | null;
  gain_amount: number | null;
  gain_percent: number | null;
  price_as_of: string | null;
  price_source: 'replay' | 'live' | 'snapshot';
}
interface Portfolio {
  assets: Asset[];
  summary: {
    total_value: number;
    asset_count: number;
    by_type: Record<string, { count: number; total_value: number }>;
  };
  demo: boolean;
}
interface AddResponse {
  asset: Asset;
  name: string;
  merged: boolean;
  message: string;
}
interface SearchResult {
  symbol: string;
  name: string;
  asset_type: Asset['asset_type'];
  current_price: number | null;
  price_as_of: string | null;
  price_source: string | null;
  no_data_on: string | null;
}
interface ErrorBody {
  error: string;
  code: string;
  issues?: { path: string; message: string }[];
  detail?: { upgrade_message: string; required_tier: string | null; user_tier: string };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function addHolding(user: SignedInUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api<AddResponse & ErrorBody>('POST', '/api/portfolio/holdings', {
    token: user.token,
    body,
    headers,
  });
}

function getPortfolio(user?: SignedInUser) {
  return api<Portfolio>('GET', '/api/portfolio', user ? { token: user.token } : {});
}

async function search(q: string, limit?: number): Promise<SearchResult[]> {
  const response = await api<{ results: SearchResult[] }>('GET', '/api/portfolio/search', {
    query: limit ? { q, limit } : { q },
  });
  expect(response.status).toBe(200);
  return response.body.results;
}

/** The holdings count row (usage table), read straight from DynamoDB Local. */
async function holdingsCountOf(userId: string): Promise<number> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('stack').dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const { Item } = await client.send(
    new GetCommand({
      TableName: tableName('local', 'usage'),
      Key: keys.usageHoldings(userId),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.count === 'number' ? Item.count : 0;
}

/** Real listings of the universe, largest first: stocks whose name has a word starting with "inc". */
let stockSymbols: string[] = [];

beforeAll(async () => {
  stockSymbols = (await search('inc', 25))
    // Priced on the market date: a replayed stock listed later has no data to be held with.
    .filter((result) => result.asset_type === 'stock' && result.no_data_on === null)
    .map((r) => r.symbol);
  expect(stockSymbols.length).toBeGreaterThanOrEqual(22);
});

const stock = (index: number) => ({ symbol: stockSymbols[index] as string, asset_type: 'stock', shares: 1 });

describe('asset search', () => {
  it('ranks the exact symbol first, prices it from the replay with its date, and answers 10 by default', async () => {
    const results = await search('aapl');
    expect(results[0]).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      asset_type: 'stock',
      price_source: 'replay',
    });
    expect(results[0]?.price_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // docs/product.md "Business rules and limits": search 10 by default; the add-asset dialog asks for 8.
    expect(await search('ap')).toHaveLength(10);
    expect(await search('ap', 8)).toHaveLength(8);
  });

  it('is case- and accent-insensitive and matches name words', async () => {
    expect((await search('ÁPPLE'))[0]?.symbol).toBe('AAPL');
    expect((await search('bitcoin'))[0]).toMatchObject({ symbol: 'BTC-USD', asset_type: 'crypto' });
    expect((await search('btc'))[0]?.symbol).toBe('BTC-USD');
    const gold = await search('sprott physical gold');
    expect(gold[0]).toMatchObject({
      symbol: 'PHYS',
      asset_type: 'alternative',
      price_source: 'snapshot',
      price_as_of: null,
    });
  });

  it('finds a replayed stock by symbol and name, dated; one first traded after the market date has no data', async () => {
    expect((await search('fb'))[0]).toMatchObject({
      symbol: 'FB',
      asset_type: 'stock',
      price_source: 'replay',
      price_as_of: '2016-12-30',
      no_data_on: null,
    });
    expect((await search('facebook'))[0]?.symbol).toBe('FB');
    // DXC Technology first traded on 2017-04-04.
    expect((await search('dxc'))[0]).toMatchObject({
      symbol: 'DXC',
      current_price: null,
      price_as_of: null,
      no_data_on: '2017-01-01',
    });
  });

  it('refuses a query under 2 characters, naming the parameter', async () => {
    const response = await api<ErrorBody>('GET', '/api/portfolio/search', { query: { q: 'a' } });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('query.q');
  });
});

describe('demo visitors', () => {
  it('see the seeded demo investor’s portfolio without a token, and cannot write', async () => {
    const demo = await getPortfolio();
    expect(demo.status).toBe(200);
    expect(demo.body.demo).toBe(true);
    expect(demo.body.assets.map((asset) => asset.symbol)).toEqual(
      expect.arrayContaining(['AAPL', 'SPY', 'BTC-USD', 'GLD']),
    );
    const write = await api('POST', '/api/portfolio/holdings', {
      body: { symbol: 'AAPL', shares: 1, asset_type: 'stock' },
    });
    expect(write.status).toBe(401);
  });
});

describe('valuation', () => {
  it('values a replay holding at the price /api/ai/prices/real-time shows, arithmetic by hand', async () => {
    const user = await signUpInvestor();
    const added = await addHolding(user, {
      symbol: 'AAPL',
      asset_type: 'stock',
      shares: 3,
      purchase_price: 100,
    });
    expect(added.status).toBe(201);
    const before = await api<{ prices: Record<string, { price: number; as_of: string }> }>(
      'GET',
      '/api/ai/prices/real-time',
    );
    const portfolio = await getPortfolio(user);
    const after = await api<{ prices: Record<string, { price: number; as_of: string }> }>(
      'GET',
      '/api/ai/prices/real-time',
    );
    const asset = portfolio.body.assets[0] as Asset & { current_price: number };
    // The market clock is frozen for the run: both reads show the price the holding is valued at.
    expect(before.status).toBe(200);
    expect([before.body.prices.AAPL?.price, after.body.prices.AAPL?.price]).toContain(asset.current_price);
    expect(asset.total_value).toBe(round2(3 * asset.current_price));
    expect(asset.gain_amount).toBe(round2((asset.current_price - 100) * 3));
    expect(asset.gain_percent).toBe(round2((asset.current_price / 100 - 1) * 100));
    expect(portfolio.body.summary.total_value).toBe(asset.total_value);
    expect(portfolio.body.demo).toBe(false);
  });

  it('refuses DXC, first traded on 2017-04-04, so with no price on the market date, naming the field; nothing is stored', async () => {
    const user = await signUpInvestor();
    const refused = await addHolding(user, {
      symbol: 'dxc',
      asset_type: 'stock',
      shares: 10,
      purchase_price: 60,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.[0]?.path).toBe('body.symbol');
    expect((await getPortfolio(user)).body.assets).toEqual([]);
  });

  it('in replay, refuses a purchase dated after the replay date, and takes one on it', async () => {
    const user = await signUpInvestor();
    const later = await addHolding(user, {
      symbol: 'AAPL',
      asset_type: 'stock',
      shares: 1,
      purchase_price: 115,
      purchase_date: '2017-01-02',
    });
    expect(later.status).toBe(400);
    expect(later.body.issues?.[0]).toMatchObject({
      path: 'body.purchase_date',
      message_code: 'FIELD_DATE_AFTER_REPLAY',
      params: { field: 'purchase_date', date: '2017-01-01' },
      message: 'Purchase date: must not be after the replay date Jan 1, 2017.',
    });
    const onTheDate = await addHolding(user, {
      symbol: 'AAPL',
      asset_type: 'stock',
      shares: 1,
      purchase_price: 115,
      purchase_date: '2017-01-01',
    });
    expect(onTheDate.status).toBe(201);
  });

  it('says a snapshot-only listing has no price on the market date: its undated price values nothing', async () => {
    // docs/product.md "One valuation" (issue 45): a holding is valued at a dated close on or before the
    // market date, never at an undated listing price; without one it says so and counts in no total.
    const user = await signUpInvestor();
    const [listing] = await search('PHYS');
    expect(listing).toMatchObject({ symbol: 'PHYS', price_source: 'snapshot' });
    const added = await addHolding(user, {
      symbol: 'PHYS',
      asset_type: 'alternative',
      shares: 7,
      purchase_price: 20,
    });
    expect(added.status).toBe(201);
    expect(added.body.asset).toMatchObject({
      current_price: null,
      total_value: null,
      gain_amount: null,
      no_data_on: '2017-01-01',
    });
    expect((await getPortfolio(user)).body.summary.total_value).toBe(0);
  });
});

describe('adding: validation', () => {
  it('names the bad field and stores nothing', async () => {
    const user = await signUpInvestor();
    const cases: [Record<string, unknown>, string][] = [
      [{ symbol: 'NOPE-NOT-REAL', asset_type: 'stock', shares: 1 }, 'body.symbol'],
      [{ symbol: 'AAPL', asset_type: 'stock', shares: 0 }, 'body.shares'],
      [{ symbol: 'AAPL', asset_type: 'stock', shares: 1, purchase_price: -1 }, 'body.purchase_price'],
      [{ symbol: 'AAPL', asset_type: 'crypto', shares: 1 }, 'body.asset_type'],
      [{ symbol: 'AAPL', asset_type: 'stock', shares: 1, purchase_date: '2999-01-01' }, 'body.purchase_date'],
    ];
    for (const [body, path] of cases) {
      const response = await addHolding(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
    }
    expect((await getPortfolio(user)).body.assets).toHaveLength(0);
    expect(await holdingsCountOf(user.userId)).toBe(0);
  });
});

describe('quota: portfolio_assets', () => {
  it('refuses the 6th asset of a FREE investor with the upgrade message, and the seeded PREMIUM investor may add', async () => {
    const user = await signUpInvestor();
    for (let i = 0; i < 5; i += 1) expect((await addHolding(user, stock(i))).status).toBe(201);
    const refused = await addHolding(user, stock(5));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatchObject({ required_tier: 'PREMIUM', user_tier: 'FREE' });
    expect(refused.body.detail?.upgrade_message).toContain('Upgrade to Premium');
    expect(await holdingsCountOf(user.userId)).toBe(5);

    const premium = await signInSeedInvestor();
    const extra = await addHolding(premium, { symbol: 'MSFT', asset_type: 'stock', shares: 1 });
    expect(extra.status).toBe(201);
    expect(
      (await api('DELETE', `/api/portfolio/holdings/${extra.body.asset.id}`, { token: premium.token }))
        .status,
    ).toBe(200);
  });

  it('22 concurrent adds at the FREE limit create exactly 5 holdings, and the count row agrees', async () => {
    const user = await signUpInvestor();
    const responses = await Promise.all(Array.from({ length: 22 }, (_, i) => addHolding(user, stock(i))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(17);
    const portfolio = await getPortfolio(user);
    expect(portfolio.body.assets).toHaveLength(5);
    expect(await holdingsCountOf(user.userId)).toBe(5);
  });

  it('removing a holding frees a slot', async () => {
    const user = await signUpInvestor();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await addHolding(user, stock(i))).body.asset.id);
    expect((await addHolding(user, stock(5))).status).toBe(403);
    const removed = await api('DELETE', `/api/portfolio/holdings/${ids[0]}`, { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: true, id: ids[0] });
    expect(await holdingsCountOf(user.userId)).toBe(4);
    expect((await addHolding(user, stock(5))).status).toBe(201);
    expect(await holdingsCountOf(user.userId)).toBe(5);
    expect((await api('DELETE', `/api/portfolio/holdings/${ids[0]}`, { token: user.token })).status).toBe(
      404,
    );
  });
});

describe('merging a symbol already held', () => {
  it('keeps one position with the weighted average purchase price, and consumes no quota', async () => {
    const user = await signUpInvestor();
    const first = await addHolding(user, {
      symbol: 'AAPL',
      asset_type: 'stock',
      shares: 10,
      purchase_price: 100,
    });
    expect(first.status).toBe(201);
    const second = await addHolding(user, {
      symbol: 'aapl',
      asset_type: 'stock',
      shares: 30,
      purchase_price: 200,
    });
    expect(second.status).toBe(200);
    // (10 x 100 + 30 x 200) / 40 = 175
    expect(second.body).toMatchObject({ merged: true, name: 'Apple Inc.' });
    expect(second.body.asset).toMatchObject({ id: first.body.asset.id, shares: 40, purchase_price: 175 });
    expect(second.body.message).toContain('already in your portfolio');
    expect((await getPortfolio(user)).body.assets).toHaveLength(1);
    expect(await holdingsCountOf(user.userId)).toBe(1);
  });

  it('10 concurrent adds of the same new symbol make one position holding every share', async () => {
    const user = await signUpInvestor();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        addHolding(user, { symbol: 'BTC-USD', asset_type: 'crypto', shares: 0.5, purchase_price: 1000 }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const portfolio = await getPortfolio(user);
    expect(portfolio.body.assets).toHaveLength(1);
    expect(portfolio.body.assets[0]).toMatchObject({ symbol: 'BTC-USD', shares: 5, purchase_price: 1000 });
    expect(await holdingsCountOf(user.userId)).toBe(1);
  });
});

describe('editing', () => {
  it('changes shares, purchase price and date and revalues; refuses a future date', async () => {
    const user = await signUpInvestor();
    const added = await addHolding(user, { symbol: 'AAPL', asset_type: 'stock', shares: 2 });
    const id = added.body.asset.id;
    const edited = await api<Asset>('PATCH', `/api/portfolio/holdings/${id}`, {
      token: user.token,
      body: { shares: 12.5, purchase_price: 150, purchase_date: '2015-01-02' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, shares: 12.5, purchase_price: 150, purchase_date: '2015-01-02' });
    expect(edited.body.total_value).toBe(round2(12.5 * edited.body.current_price));
    // Gain = the value shown - the cost shown, each in cents (value - cost = gain on screen).
    expect(edited.body.gain_amount).toBe(
      round2(round2(12.5 * edited.body.current_price) - round2(150 * 12.5)),
    );
    const future = await api<ErrorBody>('PATCH', `/api/portfolio/holdings/${id}`, {
      token: user.token,
      body: { purchase_date: '2999-12-31' },
    });
    expect(future.status).toBe(400);
    expect(future.body.issues?.[0]?.path).toBe('body.purchase_date');
    const empty = await api('PATCH', `/api/portfolio/holdings/${id}`, { token: user.token, body: {} });
    expect(empty.status).toBe(400);
    expect((await getPortfolio(user)).body.assets[0]).toMatchObject({
      shares: 12.5,
      purchase_date: '2015-01-02',
    });
  });
});

describe('ownership', () => {
  it('another investor’s holding id is not found (404, never 403) and stays untouched', async () => {
    const owner = await signUpInvestor('Owner');
    const other = await signUpInvestor('Other');
    const added = await addHolding(owner, { symbol: 'AAPL', asset_type: 'stock', shares: 4 });
    const id = added.body.asset.id;
    const edit = await api('PATCH', `/api/portfolio/holdings/${id}`, {
      token: other.token,
      body: { shares: 1 },
    });
    const remove = await api('DELETE', `/api/portfolio/holdings/${id}`, { token: other.token });
    expect(edit.status).toBe(404);
    expect(remove.status).toBe(404);
    expect((await getPortfolio(other)).body.assets).toHaveLength(0);
    expect((await getPortfolio(owner)).body.assets[0]).toMatchObject({ id, shares: 4 });
  });
});

describe('Idempotency-Key on add', () => {
  it('a retry returns the first response and adds nothing; a different body with the same key is 422', async () => {
    const user = await signUpInvestor();
    const key = randomUUID();
    const body = { symbol: 'BTC-USD', asset_type: 'crypto', shares: 1.25, purchase_price: 900 };
    const first = await addHolding(user, body, { 'Idempotency-Key': key });
    const retry = await addHolding(user, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const portfolio = await getPortfolio(user);
    expect(portfolio.body.assets).toHaveLength(1);
    expect(portfolio.body.assets[0]?.shares).toBe(1.25);
    const reused = await addHolding(user, { ...body, shares: 2 }, { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    const malformed = await addHolding(user, body, { 'Idempotency-Key': 'short' });
    expect(malformed.status).toBe(400);
    expect((await getPortfolio(user)).body.assets[0]?.shares).toBe(1.25);
  });
});

describe('portfolio analysis', () => {
  it('is a PREMIUM feature: FREE gets 403 naming Premium', async () => {
    const user = await signUpInvestor();
    const response = await api<ErrorBody>('GET', '/api/portfolio/analysis', { token: user.token });
    expect(response.status).toBe(403);
    expect(response.body.detail).toMatchObject({ required_tier: 'PREMIUM', user_tier: 'FREE' });
    expect(response.body.detail?.upgrade_message).toContain('Premium');
  });

  it('figures agree with the valued portfolio and with POST /api/ai/analyze/portfolio', async () => {
    const user = await signUpInvestor();
    await subscribe(user, 'PREMIUM');
    await addHolding(user, { symbol: 'AAPL', asset_type: 'stock', shares: 20 });
    await addHolding(user, { symbol: 'BTC-USD', asset_type: 'crypto', shares: 1 });
    await addHolding(user, { symbol: '^GSPC', asset_type: 'stock', shares: 1 });
    // The replay clock ticks once a minute: retry until both calls saw the same prices.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const portfolio = await getPortfolio(user);
      const analysis = await api<Record<string, unknown> & { concentration: Record<string, unknown> }>(
        'GET',
        '/api/portfolio/analysis',
        { token: user.token },
      );
      const ai = await api<Record<string, unknown>>('POST', '/api/ai/analyze/portfolio', {
        body: {
          holdings: portfolio.body.assets.map((asset) => ({ symbol: asset.symbol, shares: asset.shares })),
        },
      });
      const again = await getPortfolio(user);
      const prices = (p: Portfolio) => p.assets.map((asset) => asset.current_price).join();
      if (prices(portfolio.body) !== prices(again.body)) continue;
      expect(analysis.status).toBe(200);
      const values = portfolio.body.assets.map((asset) => asset.shares * asset.current_price);
      const total = values.reduce((sum, value) => sum + value, 0);
      const weights = values.map((value) => value / total);
      const largest = weights.indexOf(Math.max(...weights));
      expect(analysis.body.total_value).toBeCloseTo(total, 2);
      expect(analysis.body.concentration).toEqual({
        largest_position_symbol: portfolio.body.assets[largest]?.symbol,
        largest_position_percent: round2((weights[largest] as number) * 100),
        herfindahl_index: Math.round(weights.reduce((sum, weight) => sum + weight ** 2, 0) * 10_000) / 10_000,
      });
      expect(analysis.body.history_coverage_percent).toBe(100);
      expect(analysis.body.volatility_annualized).toEqual(expect.any(Number));
      expect(analysis.body.max_drawdown as number).toBeLessThanOrEqual(0);
      expect(ai.status).toBe(200);
      expect(ai.body).toEqual(analysis.body);
      return;
    }
    throw new Error('prices moved on every attempt');
  });
});

describe('GET /api/alerts/count: the active alerts behind the sidebar badge', () => {
  const count = (user?: SignedInUser) =>
    api<{ active: number; unread: number; demo: boolean }>(
      'GET',
      '/api/alerts/count',
      user ? { token: user.token } : {},
    );

  it('counts the three sample alerts for a visitor without a token', async () => {
    const response = await count();

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ active: 3, unread: 3, demo: true });
  });

  it('follows a raised, dismissed and restored alert, and agrees with the alert list', async () => {
    const investor = await signUpInvestor('Cora');
    expect((await count(investor)).body).toEqual({ active: 0, unread: 0, demo: false });

    expect(await raiseAlertThroughPollPath(investor.userId)).toBe(1);
    expect((await count(investor)).body).toEqual({ active: 1, unread: 1, demo: false });

    const list = await api<{ alerts: { id: string; dismissed: boolean }[] }>('GET', '/api/alerts', {
      token: investor.token,
    });
    const alertId = list.body.alerts[0]!.id;
    const dismissed = await api('POST', `/api/alerts/${alertId}/dismiss`, { token: investor.token });
    expect(dismissed.status).toBe(200);
    expect((await count(investor)).body).toEqual({ active: 0, unread: 0, demo: false });

    const restored = await api('POST', '/api/alerts/restore', { token: investor.token });
    expect(restored.status).toBe(200);
    expect((await count(investor)).body).toEqual({ active: 1, unread: 1, demo: false });
  });

  it('reads an alert (one, then all), mutes a type in the preferences, and refuses bad preferences by field', async () => {
    const investor = await signUpInvestor('Rita');
    // A +7 % day on three times the usual volume: a price move (price_movement) and a volume surge (ai_insight).
    expect(await raiseAlertThroughPollPath(investor.userId, { volumeRatio: 3 })).toBe(2);
    expect((await count(investor)).body).toEqual({ active: 2, unread: 2, demo: false });
    const list = await api<{
      alerts: { id: string; type: string; read: boolean; figures: { name: string }[] }[];
    }>('GET', '/api/alerts', { token: investor.token });
    const move = list.body.alerts.find((alert) => alert.type === 'price_movement')!;
    // The move's message carries its change, its size in daily sigmas and the bar's date.
    expect(move.figures.map((figure) => figure.name)).toEqual(['change', 'times', 'date']);

    expect((await api('POST', `/api/alerts/${move.id}/read`, { token: investor.token })).status).toBe(200);
    expect((await count(investor)).body).toEqual({ active: 2, unread: 1, demo: false });
    const unknown = await api('POST', '/api/alerts/01J00000000000000000000000/read', {
      token: investor.token,
    });
    expect(unknown.status).toBe(404);
    const all = await api<{ marked: number }>('POST', '/api/alerts/read-all', { token: investor.token });
    expect(all.body).toEqual({ marked: 1 });
    expect((await count(investor)).body).toEqual({ active: 2, unread: 0, demo: false });

    const preferences = await api<{ in_app: Record<string, boolean> }>('GET', '/api/alerts/preferences', {
      token: investor.token,
    });
    expect(Object.values(preferences.body.in_app).every(Boolean)).toBe(true);
    const muted = { in_app: { ...preferences.body.in_app, ai_insight: false } };
    const saved = await api('PUT', '/api/alerts/preferences', { token: investor.token, body: muted });
    expect(saved.status).toBe(200);
    expect((await count(investor)).body).toEqual({ active: 1, unread: 0, demo: false });

    const bad = await api<{ field?: string; fields?: { field: string }[] }>(
      'PUT',
      '/api/alerts/preferences',
      {
        token: investor.token,
        body: { in_app: { ...muted.in_app, earnings: 'yes' } },
      },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('in_app.earnings');
    // Nothing changed: still one type muted.
    expect((await count(investor)).body).toEqual({ active: 1, unread: 0, demo: false });
  });

  it("never counts someone else's alerts", async () => {
    const owner = await signUpInvestor('Ines');
    const other = await signUpInvestor('Otto');
    expect(await raiseAlertThroughPollPath(owner.userId)).toBe(1);

    expect((await count(other)).body).toEqual({ active: 0, unread: 0, demo: false });
  });
});
