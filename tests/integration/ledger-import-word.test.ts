import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/**
 * Imports that keep their word (issue 43): the preview runs the import's own checks on the same
 * ledger, the import takes the valid rows and reports each refused one in the caller's language, and
 * refuses the whole file only when the caller chose all or nothing. On the local replay (market date
 * 2017-01-01); a FREE plan holds at most 5 symbols.
 */

const mapping = {
  columns: {
    type: 'Action',
    date: 'Date',
    symbol: 'Ticker',
    quantity: 'Shares',
    price: 'Price',
    fee: 'Fee',
    currency: 'Currency',
  },
};
const fileOf = (...rows: string[]) => ['Action,Date,Ticker,Shares,Price,Fee,Currency', ...rows].join('\n');

// 5 bought; selling 7 on 09-01 is more than held; selling the 5 on 12-01 is fine.
const oversell = fileOf(
  'BUY,2016-06-01,AAPL,5,98,1,USD',
  'SELL,2016-09-01,AAPL,7,106.73,0,USD',
  'SELL,2016-12-01,AAPL,5,109.49,0,USD',
);

interface Issue {
  field: string | null;
  code: string;
  text: string;
}
interface Preview {
  rows: { row_number: number; status: string; issues: Issue[] }[];
}
interface Imported {
  imported: number;
  skipped: number;
  transactions: number;
  refused: { row_number: number; issues: Issue[] }[];
}

const preview = (user: SignedInUser, content: string) =>
  api<Preview>('POST', '/api/portfolio/transactions/import-preview', {
    token: user.token,
    body: { format: 'mapped-csv', content, mapping },
  });

const importFile = (
  user: SignedInUser,
  content: string,
  extra: Record<string, unknown> = {},
  language = 'en',
) =>
  api<Imported & { code?: string; issues?: { path: string; message: string }[] }>(
    'POST',
    '/api/portfolio/transactions/import',
    {
      token: user.token,
      body: { format: 'mapped-csv', content, mapping, ...extra },
      headers: { 'idempotency-key': randomUUID(), 'accept-language': language },
    },
  );

const rowCount = async (user: SignedInUser) =>
  (await api<{ transactions: unknown[] }>('GET', '/api/portfolio/transactions', { token: user.token })).body
    .transactions.length;

describe('an import that keeps its word', () => {
  it('previews the sale beyond the holding as refused, then imports the other rows and says why, in French', async () => {
    const user = await signUpInvestor('Word');

    const seen = await preview(user, oversell);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.rows.map((row) => row.status)).toEqual(['valid', 'invalid', 'valid']);
    expect(seen.body.rows[1]?.issues[0]).toMatchObject({
      field: 'quantity',
      code: 'LEDGER_SELL_EXCEEDS_HOLDING',
    });

    const imported = await importFile(user, oversell, {}, 'fr');
    expect(imported.status, imported.text).toBe(200);
    expect([imported.body.imported, imported.body.skipped, imported.body.transactions]).toEqual([2, 1, 2]);
    expect(imported.body.refused.map((row) => row.row_number)).toEqual([seen.body.rows[1]?.row_number]);
    expect(imported.body.refused[0]?.issues[0]?.code).toBe('LEDGER_SELL_EXCEEDS_HOLDING');
    // The French text of LEDGER_SELL_EXCEEDS_HOLDING ("Cette vente de ... dépasse les ... détenus").
    expect(imported.body.refused[0]?.issues[0]?.text).toMatch(
      /^Cette vente de 7 AAPL .* dépasse les 5 détenus/,
    );
    expect(await rowCount(user)).toBe(2);
  });

  it('refuses the whole file when the caller chose all or nothing, and stores nothing', async () => {
    const user = await signUpInvestor('AllOrNothing');

    const refused = await importFile(user, oversell, { all_or_nothing: true });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(['body.content']);
    expect(refused.text).toContain('1 rows cannot be imported');
    expect(await rowCount(user)).toBe(0);

    const fine = await importFile(user, fileOf('BUY,2016-06-01,AAPL,5,98,1,USD'), { all_or_nothing: true });
    expect([fine.status, fine.body.imported]).toEqual([200, 1]);
  });

  it('marks and refuses the rows of a sixth symbol on FREE, importing the first five', async () => {
    const user = await signUpInvestor('WordQuota');
    const file = fileOf(
      ...['AAPL', 'BTC-USD', 'MSFT', 'AMZN', 'JPM', 'KO'].map(
        (symbol) => `BUY,2016-12-01,${symbol},1,10,0,USD`,
      ),
    );

    const seen = await preview(user, file);
    expect(seen.body.rows.map((row) => row.status)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
      'valid',
      'invalid',
    ]);
    expect(seen.body.rows[5]?.issues[0]?.code).toBe('LEDGER_IMPORT_ROW_OVER_PLAN_LIMIT');

    const imported = await importFile(user, file);
    expect([imported.status, imported.body.imported]).toEqual([200, 5]);
    expect(imported.body.refused.map((row) => row.issues[0]?.code)).toEqual([
      'LEDGER_IMPORT_ROW_OVER_PLAN_LIMIT',
    ]);
  });
});
