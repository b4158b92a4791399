import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';

/**
 * A broker export of 10,000 rows imported in one request (issue 43: "all or nothing" holds for
 * 10,000 rows, one ledger version): the rows are staged, the ledger's head names them in one
 * conditional update, and the writer applies them in parallel batches (functions/src/data/ledger-apply.ts),
 * within the portfolio Lambda's 15 s. The rows are BUYs of one share of AAPL, three a day from
 * 2007-01-02, at 10 + (row mod 50) dollars, so the figures are known by hand: 10,000 shares, cost
 * 200 x (10 + ... + 59) = 200 x 1,725 = $345,000.
 */

const ROWS = 10_000;
const mapping = {
  columns: {
    type: 'Action',
    date: 'Date',
    symbol: 'Ticker',
    quantity: 'Shares',
    price: 'Price',
    currency: 'Currency',
  },
};

function brokerFile(): string {
  const lines = ['Action,Date,Ticker,Shares,Price,Currency'];
  for (let index = 0; index < ROWS; index += 1) {
    const day = new Date(Date.UTC(2007, 0, 2) + Math.floor(index / 3) * 86_400_000);
    lines.push(`BUY,${day.toISOString().slice(0, 10)},AAPL,1,${10 + (index % 50)},USD`);
  }
  return lines.join('\n');
}

interface Imported {
  imported: number;
  skipped: number;
  transactions: number;
  refused: unknown[];
}
interface Listed {
  transactions: { date: string; price: number }[];
}
interface Performance {
  holdings: { symbol: string; quantity: number; cost_base: number }[];
}

describe(`one import of ${ROWS.toLocaleString('en-US')} rows`, () => {
  it('is taken whole in one request, and every route reads the same 10,000 rows', async () => {
    const user = await signUpInvestor('Broker');

    const started = performance.now();
    const response = await api<Imported>('POST', '/api/portfolio/transactions/import', {
      token: user.token,
      body: { format: 'mapped-csv', content: brokerFile(), mapping, all_or_nothing: true },
      headers: { 'idempotency-key': randomUUID() },
    });
    const seconds = (performance.now() - started) / 1000;
    const listed = await api<Listed>('GET', '/api/portfolio/transactions', { token: user.token });
    const analysed = await api<Performance>('GET', '/api/portfolio/performance', { token: user.token });

    expect(response.status, response.text.slice(0, 500)).toBe(200);
    expect(response.body).toEqual({ imported: ROWS, skipped: 0, transactions: ROWS, refused: [] });
    console.info(`a ${ROWS}-row import took ${seconds.toFixed(1)} s`);
    expect(listed.body.transactions).toHaveLength(ROWS);
    // In the file's order: the first row on 2007-01-02 at $10, the last on day 3,333 at $59.
    expect(listed.body.transactions[0]).toMatchObject({ date: '2007-01-02', price: 10 });
    expect(listed.body.transactions.at(-1)).toMatchObject({ date: '2016-02-17', price: 59 });
    expect(analysed.body.holdings).toEqual([
      expect.objectContaining({ symbol: 'AAPL', quantity: ROWS, cost_base: 345_000 }),
    ]);
  }, 60_000);
});
