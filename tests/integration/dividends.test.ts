import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/**
 * Dividend income ahead through the API (shared/src/domain/ledger/README.md "Dividend income ahead"),
 * on the local stack's replay (market date 2017-01-01), in USD so every rate is 1: the figures below
 * are worked out by hand from the rows, not read from the code.
 */
interface DividendIncome {
  market_date: string;
  base_currency: string;
  trailing_from: string;
  calendar: Array<Record<string, number | string>>;
  projection: Array<Record<string, number | string | null>>;
  projected_income_base: number;
  yield_on_cost: number | null;
}

const row = (type: string, symbol: string, quantity: number, price: number, date: string, extra = {}) => ({
  type,
  symbol,
  quantity,
  price,
  currency: 'USD',
  date,
  ...extra,
});

describe('dividend income: the calendar and the 12-month projection', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await signUpInvestor('Dividends');
    const rows = [
      row('BUY', 'AAPL', 10, 100, '2015-12-01', { fee: 1 }),
      // The day before the trailing window opens (2016-01-02): in the calendar, not in the projection.
      row('DIVIDEND', 'AAPL', 10, 0.52, '2016-01-01', { tax: 0.78 }),
      row('DIVIDEND', 'AAPL', 10, 0.52, '2016-02-11', { fee: 0.1 }),
      row('BUY', 'AAPL', 5, 95, '2016-03-01'),
      row('DIVIDEND', 'AAPL', 15, 0.57, '2016-05-12', { tax: 1.28 }),
      row('BUY', 'MSFT', 4, 50, '2016-06-01'),
      row('DIVIDEND', 'AAPL', 15, 0.57, '2016-08-11'),
      row('SELL', 'AAPL', 5, 110, '2016-09-01'),
      row('DIVIDEND', 'AAPL', 10, 0.57, '2016-11-10'),
    ];
    for (const body of rows) {
      const added = await api('POST', '/api/portfolio/transactions', {
        token: user.token,
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(added.status, added.text).toBe(201);
    }
  });

  it('lists every dividend recorded per month and holding, gross, charges, withholding and net', async () => {
    const response = await api<DividendIncome>('GET', '/api/portfolio/dividends', { token: user.token });
    expect(response.status, response.text).toBe(200);

    expect(response.body).toMatchObject({ market_date: '2017-01-01', base_currency: 'USD' });
    const month = (m: number, gross: number, fees: number, withholding: number, net: number) => ({
      year: 2016,
      month: m,
      symbol: 'AAPL',
      payments: 1,
      gross_base: expect.closeTo(gross, 9),
      fees_base: expect.closeTo(fees, 9),
      withholding_base: expect.closeTo(withholding, 9),
      net_base: expect.closeTo(net, 9),
    });
    expect(response.body.calendar).toEqual([
      month(1, 5.2, 0, 0.78, 4.42),
      month(2, 5.2, 0.1, 0, 5.1),
      month(5, 8.55, 0, 1.28, 7.27),
      month(8, 8.55, 0, 0, 8.55),
      month(11, 5.7, 0, 0, 5.7),
    ]);
  });

  it('projects the last 12 months’ dividends per share times the shares held now, none without history', async () => {
    const response = await api<DividendIncome>('GET', '/api/portfolio/dividends', { token: user.token });
    expect(response.status, response.text).toBe(200);

    expect(response.body.trailing_from).toBe('2016-01-02');
    // AAPL: 0.52 + 0.57 + 0.57 + 0.57 = 2.23 a share on 10 shares; the FIFO sale of 5 left half the
    // first lot (1,001 / 2) and the second (475): cost 975.5.
    expect(response.body.projection).toEqual([
      {
        symbol: 'AAPL',
        quantity: 10,
        cost_base: expect.closeTo(975.5, 9),
        trailing_payments: 4,
        trailing_dividends_per_share_base: expect.closeTo(2.23, 9),
        projected_income_base: expect.closeTo(22.3, 9),
        yield_on_cost: expect.closeTo(22.3 / 975.5, 12),
      },
      {
        symbol: 'MSFT',
        quantity: 4,
        cost_base: 200,
        trailing_payments: 0,
        trailing_dividends_per_share_base: null,
        projected_income_base: null,
        yield_on_cost: null,
      },
    ]);
    expect(response.body.projected_income_base).toBeCloseTo(22.3, 9);
    expect(response.body.yield_on_cost).toBeCloseTo(22.3 / 975.5, 12);
  });

  it('is refused without a token', async () => {
    const response = await api('GET', '/api/portfolio/dividends');
    expect(response.status).toBe(401);
  });
});

describe('interest as income through the API', () => {
  let user: SignedInUser;
  const post = (body: object) =>
    api<{ issues?: { path: string; message: string }[] }>('POST', '/api/portfolio/transactions', {
      token: user.token,
      body,
      headers: { 'idempotency-key': randomUUID(), 'accept-language': 'fr' },
    });

  beforeAll(async () => {
    user = await signUpInvestor('Interest');
    for (const body of [
      { type: 'DEPOSIT', date: '2016-03-01', amount: 1000, currency: 'USD' },
      { type: 'INTEREST', date: '2016-06-01', amount: 12, tax: 3, currency: 'USD' },
    ]) {
      const added = await post(body);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
  });

  it('adds the net interest to the value and the total gain, gross on the income line, withholding on taxes', async () => {
    const performance = await api<{ totals: Record<string, number> }>('GET', '/api/portfolio/performance', {
      token: user.token,
    });
    expect(performance.status).toBe(200);
    expect(performance.body.totals).toMatchObject({ value_base: 1009, interest_base: 9, total_gain_base: 9 });

    const returns = await api<{ portfolio: { change_base: number; attribution: Record<string, number> }[] }>(
      'GET',
      '/api/portfolio/returns?period=2016',
      { token: user.token },
    );
    expect(returns.status).toBe(200);
    expect(returns.body.portfolio[0]?.change_base).toBeCloseTo(1009, 9);
    expect(returns.body.portfolio[0]?.attribution).toMatchObject({
      dividends: 12,
      taxes: -3,
      deposits_withdrawals: 1000,
    });
  });

  it('refuses an interest without an amount naming body.amount, and stores nothing', async () => {
    const refused = await post({ type: 'INTEREST', date: '2016-07-01', amount: 0, currency: 'USD' });

    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(['body.amount']);
    const list = await api<{ transactions: unknown[] }>('GET', '/api/portfolio/transactions', {
      token: user.token,
    });
    expect(list.body.transactions).toHaveLength(2);
  });
});
