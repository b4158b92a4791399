import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/**
 * One valuation for every money figure (docs/product.md "Portfolio", issue 45): the portfolio route,
 * the performance route and the plan's usage count read the same ledger, valued at the market date
 * (2017-01-01 on the test stack, a Sunday) at each holding's last close on or before it. A listing
 * with only an undated snapshot price has no such close: it says so and counts in no total.
 *
 * Expected figures are computed here from the replay's own data files (the Close column of
 * ../shared/data/us-daily-2007-2017/stocks/<SYMBOL>.csv), never from the API's answers.
 */

const DATA = fileURLToPath(new URL('../../../shared/data/us-daily-2007-2017/stocks/', import.meta.url));

/** The Close of the last row dated on or before `date`, read straight from the replay's CSV. */
function closeOnOrBefore(symbol: string, date: string): number {
  const rows = readFileSync(`${DATA}${symbol}.csv`, 'utf8').trim().split('\n').slice(1);
  let close: number | null = null;
  for (const row of rows) {
    const [day, , , , value] = row.split(',');
    if ((day as string) > date) break;
    close = Number(value);
  }
  if (close === null) throw new Error(`no close for ${symbol} on or before ${date}`);
  return close;
}

const cents = (value: number) => Math.round(value * 100) / 100;

interface Asset {
  symbol: string;
  shares: number;
  current_price: number | null;
  total_value: number | null;
  gain_amount: number | null;
  price_source: string;
  no_data_on: string | null;
}
interface Portfolio {
  market_date: string;
  assets: Asset[];
  summary: {
    total_value: number;
    total_cost: number | null;
    total_gain: number | null;
    monthly_return_percent: number | null;
    asset_count: number;
  };
}
interface Performance {
  market_date: string;
  holdings: { symbol: string; quantity: number; value_base: number }[];
  totals: { value_base: number; cost_base: number; unrealised: { gain_base: number } };
  returns: { period: string; start: string; end: string; time_weighted: number | null }[];
  series: { date: string; value_base: number }[];
}

const AAPL_SHARES = 10;
const MSFT_SHARES = 5;
const PHYS_SHARES = 7;

async function addHolding(user: SignedInUser, body: Record<string, unknown>) {
  const response = await api('POST', '/api/portfolio', {
    token: user.token,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.status, response.text).toBe(201);
}

async function readRoutes(user: SignedInUser) {
  const portfolio = await api<Portfolio>('GET', '/api/portfolio', { token: user.token });
  const performance = await api<Performance>('GET', '/api/portfolio/performance', { token: user.token });
  expect(portfolio.status, portfolio.text).toBe(200);
  expect(performance.status, performance.text).toBe(200);
  return { portfolio: portfolio.body, performance: performance.body };
}

describe('the portfolio and performance routes value the same ledger the same way', () => {
  let user: SignedInUser;
  let routes: Awaited<ReturnType<typeof readRoutes>>;
  // The market date is Sunday 2017-01-01: each close is Friday 2016-12-30's; the month starts 2016-12-01.
  const aapl = closeOnOrBefore('AAPL', '2017-01-01');
  const msft = closeOnOrBefore('MSFT', '2017-01-01');
  const value = AAPL_SHARES * aapl + MSFT_SHARES * msft;
  const cost = AAPL_SHARES * 100 + MSFT_SHARES * 50;

  beforeAll(async () => {
    user = await signUpInvestor('Valuation');
    await addHolding(user, {
      symbol: 'AAPL',
      asset_type: 'stock',
      shares: AAPL_SHARES,
      purchase_price: 100,
      purchase_date: '2016-06-01',
    });
    // Microsoft with an old date, as a new user adds it (issue 45: it was valued at a later price).
    await addHolding(user, {
      symbol: 'MSFT',
      asset_type: 'stock',
      shares: MSFT_SHARES,
      purchase_price: 50,
      purchase_date: '2016-03-01',
    });
    // A listing with only an undated snapshot price: no close on or before the market date.
    await addHolding(user, {
      symbol: 'PHYS',
      asset_type: 'alternative',
      shares: PHYS_SHARES,
      purchase_price: 20,
      purchase_date: '2016-06-01',
    });
    routes = await readRoutes(user);
  });

  it('values each holding at its last close on or before the market date', () => {
    const bySymbol = new Map(routes.portfolio.assets.map((asset) => [asset.symbol, asset]));
    expect(bySymbol.get('AAPL')).toMatchObject({ current_price: aapl, total_value: cents(10 * aapl) });
    expect(bySymbol.get('MSFT')).toMatchObject({ current_price: msft, total_value: cents(5 * msft) });
  });

  it('says a holding without a dated price has none, and leaves it out of every total', () => {
    const phys = routes.portfolio.assets.find((asset) => asset.symbol === 'PHYS');
    expect(phys).toMatchObject({
      shares: PHYS_SHARES,
      current_price: null,
      total_value: null,
      gain_amount: null,
      no_data_on: '2017-01-01',
    });
    expect(routes.performance.holdings.map((holding) => holding.symbol).sort()).toEqual(['AAPL', 'MSFT']);
  });

  it('gives the same total value, cost and gain on both routes, and value - cost = gain', () => {
    const { summary } = routes.portfolio;
    const { totals } = routes.performance;
    expect(summary.total_value).toBe(cents(value));
    expect(summary.total_cost).toBe(cents(cost));
    expect(summary.total_gain).toBe(cents(cents(value) - cents(cost)));
    expect(cents(totals.value_base)).toBe(cents(value));
    expect(cents(totals.cost_base)).toBe(cents(cost));
    expect(cents(totals.unrealised.gain_base)).toBe(cents(value - cost));
    // The chart's last point is the same figure (the dashboard's caption reads it).
    expect(cents(routes.performance.series.at(-1)?.value_base ?? 0)).toBe(cents(value));
  });

  it("gives the same month's return on both routes, from the closes at both ends", () => {
    // No money moved in the month: the return is the value's change at today's shares.
    const start =
      AAPL_SHARES * closeOnOrBefore('AAPL', '2016-12-01') +
      MSFT_SHARES * closeOnOrBefore('MSFT', '2016-12-01');
    const expected = Math.round((value / start - 1) * 100 * 100) / 100;
    const month = routes.performance.returns.find((entry) => entry.period === '1M');
    expect(Math.round((month?.time_weighted ?? NaN) * 100 * 100) / 100).toBe(expected);
    expect(routes.portfolio.summary.monthly_return_percent).toBe(expected);
  });
});

describe('the plan usage counts the positions shown, the demo visitor included', () => {
  it("counts the demo portfolio's positions on the demo visitor's plan card", async () => {
    const demo = await api<Portfolio>('GET', '/api/portfolio');
    expect(demo.status, demo.text).toBe(200);
    expect(demo.body.assets.length).toBeGreaterThan(0);
    const plan = await api<{ subscription: { limits: { portfolio_assets: { used: number } } } }>(
      'GET',
      '/api/subscription/my-subscription',
    );
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.subscription.limits.portfolio_assets.used).toBe(demo.body.assets.length);
  });
});
