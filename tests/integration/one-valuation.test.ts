import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { subscribe } from '../src/billing';
import { replayCloseOnOrBefore, seededFigures, seedPortfolio } from '../src/replay-closes';

/**
 * One valuation for every money figure (docs/product.md "One valuation", issue 45): the portfolio route,
 * the performance route and the plan's usage count read the same ledger, valued at the market date
 * (2017-01-01 on the test stack) at each holding's last close on or before it. MSFT is only a listing
 * with an undated price on the test stack (tests/src/replay-symbols.ts): it says it has no price and
 * counts in no total. Expected figures come from the replay's CSVs (tests/src/replay-closes.ts).
 */

const cents = (value: number) => Math.round(value * 100) / 100;

interface Asset {
  symbol: string;
  shares: number;
  current_price: number | null;
  total_value: number | null;
  gain_amount: number | null;
  no_data_on: string | null;
}
interface Portfolio {
  assets: Asset[];
  summary: {
    total_value: number;
    total_cost: number | null;
    total_gain: number | null;
    monthly_return_percent: number | null;
  };
}
interface Performance {
  holdings: { symbol: string }[];
  unpriced_holdings: { symbol: string; quantity: number; no_data_on: string }[];
  totals: { value_base: number; cost_base: number; unrealised: { gain_base: number } };
  returns: { period: string; time_weighted: number | null }[];
  series: { date: string; value_base: number }[];
}

describe('the portfolio and performance routes value the same ledger the same way', () => {
  const expected = seededFigures();
  let portfolio: Portfolio;
  let performance: Performance;

  beforeAll(async () => {
    const user = await signUpInvestor('Valuation');
    await seedPortfolio(user);
    const listed = await api<Portfolio>('GET', '/api/portfolio', { token: user.token });
    const analysed = await api<Performance>('GET', '/api/portfolio/performance', { token: user.token });
    expect(listed.status, listed.text).toBe(200);
    expect(analysed.status, analysed.text).toBe(200);
    portfolio = listed.body;
    performance = analysed.body;
  });

  it('values each holding at its last close on or before the market date', () => {
    const aapl = replayCloseOnOrBefore('stocks', 'AAPL', '2017-01-01');
    const spy = replayCloseOnOrBefore('etfs', 'SPY', '2017-01-01');
    const bySymbol = new Map(portfolio.assets.map((asset) => [asset.symbol, asset]));
    expect(bySymbol.get('AAPL')).toMatchObject({ current_price: aapl, total_value: cents(10 * aapl) });
    expect(bySymbol.get('SPY')).toMatchObject({ current_price: spy, total_value: cents(4 * spy) });
  });

  it('says a holding with only an undated listing price has none, and leaves it out of every total', () => {
    expect(portfolio.assets.find((asset) => asset.symbol === 'MSFT')).toMatchObject({
      shares: 5,
      current_price: null,
      total_value: null,
      gain_amount: null,
      no_data_on: '2017-01-01',
    });
    expect(performance.holdings.map((holding) => holding.symbol).sort()).toEqual(['AAPL', 'SPY']);
    // Listed apart on the transactions page as on the portfolio page: no data on the market date.
    expect(performance.unpriced_holdings).toEqual([
      { symbol: 'MSFT', quantity: 5, no_data_on: '2017-01-01' },
    ]);
  });

  it('gives the same total value, cost and gain on both routes, and value - cost = gain', () => {
    expect(portfolio.summary).toMatchObject({
      total_value: expected.value,
      total_cost: expected.cost,
      total_gain: expected.gain,
    });
    expect(cents(performance.totals.value_base)).toBe(expected.value);
    expect(cents(performance.totals.cost_base)).toBe(expected.cost);
    expect(cents(performance.totals.unrealised.gain_base)).toBe(expected.gain);
    // The chart's last point is the same figure (the dashboard's caption reads it).
    expect(cents(performance.series.at(-1)?.value_base ?? 0)).toBe(expected.value);
  });

  it("gives the same month's return on both routes, from the closes at both ends", () => {
    const month = performance.returns.find((entry) => entry.period === '1M');
    expect(Math.round((month?.time_weighted ?? NaN) * 100 * 100) / 100).toBe(expected.monthPercent);
    expect(portfolio.summary.monthly_return_percent).toBe(expected.monthPercent);
  });
});

/** Dollars per euro on Friday 2016-12-30, the replayed EURUSD=X close (as in ledger.test.ts). */
const EURUSD_1230 = 1.054095;

describe("a ledger in euros: the portfolio route answers in euros, the performance route's figures", () => {
  it('names EUR and gives the same total value, cost and gain as the performance route', async () => {
    const user = await signUpInvestor('Euros');
    await seedPortfolio(user);
    const saved = await api('PUT', '/api/portfolio/ledger-settings', {
      token: user.token,
      body: { base_currency: 'EUR', cost_method: 'FIFO' },
    });
    expect(saved.status, saved.text).toBe(200);

    const listed = await api<Portfolio & { currency: string }>('GET', '/api/portfolio', {
      token: user.token,
    });
    const analysed = await api<Performance>('GET', '/api/portfolio/performance', { token: user.token });

    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.currency).toBe('EUR');
    // The dollar value of the two priced holdings at Friday's closes, in euros at Friday's rate.
    const usd =
      10 * replayCloseOnOrBefore('stocks', 'AAPL', '2017-01-01') +
      4 * replayCloseOnOrBefore('etfs', 'SPY', '2017-01-01');
    expect(Math.abs(listed.body.summary.total_value - usd / EURUSD_1230)).toBeLessThanOrEqual(0.01);
    expect(listed.body.summary).toMatchObject({
      total_value: cents(analysed.body.totals.value_base),
      total_cost: cents(analysed.body.totals.cost_base),
    });
    expect(listed.body.summary.total_gain).toBe(
      cents(cents(analysed.body.totals.value_base) - cents(analysed.body.totals.cost_base)),
    );
    const aapl = listed.body.assets.find((asset) => asset.symbol === 'AAPL');
    const aaplUsd = replayCloseOnOrBefore('stocks', 'AAPL', '2017-01-01');
    expect(Math.abs((aapl?.current_price ?? 0) - aaplUsd / EURUSD_1230)).toBeLessThan(0.0001);
  });
});

describe("the portfolio analysis dialog reads the portfolio page's valuation", () => {
  it('weighs the priced holdings at the same values as the portfolio page, MSFT (no dated price) left out', async () => {
    const expected = seededFigures();
    const aapl = 10 * replayCloseOnOrBefore('stocks', 'AAPL', '2017-01-01');
    const spy = 4 * replayCloseOnOrBefore('etfs', 'SPY', '2017-01-01');
    const user = await signUpInvestor('Analysis');
    await subscribe(user, 'PREMIUM');
    await seedPortfolio(user);

    const listed = await api<Portfolio>('GET', '/api/portfolio', { token: user.token });
    const analysis = await api<{
      total_value: number;
      allocation: { asset_type: string; value: number; percent: number }[];
      concentration: { largest_position_symbol: string | null; largest_position_percent: number };
    }>('GET', '/api/portfolio/analysis', { token: user.token });

    expect(analysis.status, analysis.text).toBe(200);
    expect(analysis.body.total_value).toBe(expected.value);
    expect(analysis.body.total_value).toBe(listed.body.summary.total_value);
    expect(analysis.body.allocation).toEqual([{ asset_type: 'stock', value: expected.value, percent: 100 }]);
    const largest = aapl > spy ? 'AAPL' : 'SPY';
    expect(analysis.body.concentration).toMatchObject({
      largest_position_symbol: largest,
      largest_position_percent: cents((Math.max(aapl, spy) / (aapl + spy)) * 100),
    });
  });
});

describe('the plan usage counts the positions shown, the demo visitor included', () => {
  it("counts the demo portfolio's positions on the demo visitor's plan card", async () => {
    // Other suites add to the seeded investor's portfolio meanwhile: both are read until they agree.
    const readBoth = async () => {
      const demo = await api<Portfolio>('GET', '/api/portfolio');
      const plan = await api<{ subscription: { limits: { portfolio_assets: { used: number } } } }>(
        'GET',
        '/api/subscription/my-subscription',
      );
      return { shown: demo.body.assets.length, used: plan.body.subscription.limits.portfolio_assets.used };
    };
    await expect
      .poll(
        async () => {
          const { shown, used } = await readBoth();
          return shown > 0 && used === shown;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
  });
});
