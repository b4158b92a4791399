import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { seededFigures, seedPortfolio } from '../src/replay-closes';

/**
 * GET /api/portfolio/dashboard (issue 48, the signed-in dashboard in one call): the portfolio and the
 * performance it carries are those of GET /api/portfolio and GET /api/portfolio/performance for the
 * same user, composed on the server from the same functions; the total is also checked against the
 * replay's closes (tests/src/replay-closes.ts), not only against the other route.
 */

interface Portfolio {
  summary: { total_value: number; total_cost: number | null };
  assets: { symbol: string; total_value: number | null }[];
}
interface Performance {
  totals: { value_base: number };
  returns: { period: string; time_weighted: number | null }[];
}
interface Dashboard {
  portfolio: Portfolio;
  performance: Performance | null;
}

const cents = (value: number) => Math.round(value * 100) / 100;

describe('the dashboard route answers what the separate routes answer', () => {
  const expected = seededFigures();
  let dashboard: Dashboard;
  let portfolio: Portfolio;
  let performance: Performance;

  beforeAll(async () => {
    const user = await signUpInvestor('Dashboard');
    await seedPortfolio(user);
    const [composed, listed, analysed] = await Promise.all([
      api<Dashboard>('GET', '/api/portfolio/dashboard', { token: user.token }),
      api<Portfolio>('GET', '/api/portfolio', { token: user.token }),
      api<Performance>('GET', '/api/portfolio/performance', { token: user.token }),
    ]);
    expect(composed.status, composed.text).toBe(200);
    expect(listed.status, listed.text).toBe(200);
    expect(analysed.status, analysed.text).toBe(200);
    dashboard = composed.body;
    portfolio = listed.body;
    performance = analysed.body;
  });

  it("gives the portfolio total of GET /api/portfolio, which is the replay's closes times the shares", () => {
    expect(dashboard.portfolio.summary.total_value).toBe(expected.value);
    expect(dashboard.portfolio.summary.total_value).toBe(portfolio.summary.total_value);
    expect(dashboard.portfolio.summary.total_cost).toBe(expected.cost);
  });

  it('carries the whole portfolio answer and the whole performance answer, figure for figure', () => {
    expect(dashboard.portfolio).toEqual(portfolio);
    expect(dashboard.performance).toEqual(performance);
    expect(cents(dashboard.performance?.totals.value_base ?? NaN)).toBe(expected.value);
  });

  it('refuses a visitor without a token (the demo dashboard keeps the separate routes)', async () => {
    const anonymous = await api('GET', '/api/portfolio/dashboard');
    expect(anonymous.status).toBe(401);
  });
});
