import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/**
 * Returns per period and realised gains through the API, on the local stack's replay (market date
 * 2017-01-01). Expected figures are worked out here by hand from the replayed closes (as in
 * ledger.test.ts): AAPL 2016-09-01 104.5, 2016-12-30 113.99; ^GSPC 2016-05-31 2096.949951,
 * 2016-12-30 2238.830078.
 */
const AAPL_0901 = 104.5;
const AAPL_1230 = 113.99;
const GSPC_0531 = 2096.949951;
const GSPC_1230 = 2238.830078;

interface PeriodItem {
  period: string;
  start: string;
  end: string;
  time_weighted: number | null;
  benchmark_time_weighted: number | null;
  change_base: number;
  money_gain_base: number;
  attribution: Record<string, number>;
}
interface ErrorBody {
  issues?: { path: string; message: string }[];
}

const trade = (type: string, quantity: number, price: number, date: string, fee: number, tax?: number) => ({
  type,
  symbol: 'AAPL',
  quantity,
  price,
  fee,
  ...(tax === undefined ? {} : { tax }),
  currency: 'USD',
  date,
});

describe('the ledger reports: a buy, a partial sale with a fee and a tax', () => {
  let user: SignedInUser;
  const get = <T>(path: string, language = 'en') =>
    api<T & ErrorBody>('GET', path, { token: user.token, headers: { 'accept-language': language } });

  beforeAll(async () => {
    user = await signUpInvestor('Reports');
    for (const row of [trade('BUY', 10, 100, '2016-06-01', 1), trade('SELL', 4, 110, '2016-09-01', 1, 1)]) {
      const added = await api('POST', '/api/portfolio/transactions', {
        token: user.token,
        body: row,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(added.status, added.text).toBe(201);
    }
  });

  it('gives 2016 its TWR, the index beside it and a change split into lines that add up', async () => {
    const response = await get<{ portfolio: PeriodItem[] }>('/api/portfolio/returns?period=2016');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [year] = response.body.portfolio;

    expect(year).toMatchObject({ period: '2016', start: '2016-05-31', end: '2016-12-31' });
    // Sale proceeds 4 x 110 - 1 fee - 1 tax = 438; 6 shares left at 113.99 against 600.6 of cost.
    expect(year?.time_weighted).toBeCloseTo(((6 * AAPL_0901 + 438) / 1001) * (AAPL_1230 / AAPL_0901) - 1, 8);
    expect(year?.benchmark_time_weighted).toBeCloseTo(GSPC_1230 / GSPC_0531 - 1, 8);
    expect(year?.change_base).toBeCloseTo(6 * AAPL_1230, 8);
    expect(year?.attribution).toEqual({
      capital_gains: expect.closeTo(6 * AAPL_1230 - 600.6 + 3, 8),
      realised_gains: expect.closeTo(37.6, 8),
      dividends: 0,
      fees: expect.closeTo(-2, 8),
      taxes: expect.closeTo(-1, 8),
      currency: expect.closeTo(0, 8),
      deposits_withdrawals: expect.closeTo(1001 - 438, 8),
    });
    expect(year?.money_gain_base).toBeCloseTo(6 * AAPL_1230 - 563, 8);
  });

  it('matches the sale to its lot, short-term by default, long-term with a 2-month threshold', async () => {
    const report = await get<{ lines: Record<string, unknown>[]; years: Record<string, unknown>[] }>(
      '/api/portfolio/realised-gains?year=2016',
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.lines).toEqual([
      {
        symbol: 'AAPL',
        sell_date: '2016-09-01',
        buy_date: '2016-06-01',
        quantity: 4,
        cost_base: expect.closeTo(400.4, 8),
        proceeds_base: expect.closeTo(438, 8),
        gain_base: expect.closeTo(37.6, 8),
        fees_base: 1,
        taxes_base: 1,
        holding_days: 92,
        term: 'short',
        estimated: false,
      },
    ]);
    const long = await get<{ lines: { term: string }[] }>('/api/portfolio/realised-gains?long_term_months=2');
    expect(long.body.lines.map((line) => line.term)).toEqual(['long']);
  });

  it('exports the lines as a French CSV', async () => {
    const csv = await get<{ content: string }>('/api/portfolio/realised-gains/export?year=2016', 'fr');
    expect(csv.status).toBe(200);
    expect(csv.body.content.split('\r\n')[1]).toBe(
      'AAPL;01/09/2016;01/06/2016;4;400,40;438,00;37,60;1,00;1,00;92;Court terme;Non',
    );
  });

  it.each([
    ['/api/portfolio/returns?period=QTD', 'query.period', 'Période'],
    ['/api/portfolio/returns?period=2031', 'query.period', '2031'],
    ['/api/portfolio/realised-gains?method=LIFO', 'query.method', 'Méthode de coût'],
    ['/api/portfolio/realised-gains?year=2015', 'query.year', 'Année fiscale'],
  ])('refuses %s naming %s in French', async (path, field, word) => {
    const response = await get<unknown>(path, 'fr');

    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path)).toEqual([field]);
    expect(response.body.issues?.[0]?.message).toContain(word);
  });
});
