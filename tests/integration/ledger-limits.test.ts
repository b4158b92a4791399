import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { keys } from '@app/functions/data/keys';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/**
 * The ledger's limits through the API, on the local stack's replay (market date 2017-01-01): dates a
 * row may carry, what the performance route costs whatever the stored dates, notes whose rows
 * together pass 400 KB, and JSON nested too deep. Refusals are 4xx naming the field in the caller's
 * language, and nothing stored changes.
 */

interface Issue {
  path: string;
  message: string;
  message_code: string;
}
interface ErrorBody {
  code: string;
  message_code: string;
  issues?: Issue[];
}
interface Row {
  id: string;
  date: string;
  note?: string;
}

const buy = (date: string, extra: Record<string, unknown> = {}) => ({
  type: 'BUY',
  symbol: 'AAPL',
  quantity: 1,
  price: 100,
  fee: 0,
  currency: 'USD',
  date,
  ...extra,
});

function addRow(user: SignedInUser, body: unknown, language = 'en') {
  return api<Row & ErrorBody>('POST', '/api/portfolio/transactions', {
    token: user.token,
    body,
    headers: { 'idempotency-key': randomUUID(), 'accept-language': language },
  });
}

const listRows = async (user: SignedInUser) => {
  const response = await api<{ transactions: Row[] }>('GET', '/api/portfolio/transactions', {
    token: user.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.transactions;
};

function documentClient() {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('stack').dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** A ledger as rows stored before the dates were bounded would be: written straight to DynamoDB Local. */
async function storeLegacyLedger(userId: string, rows: Record<string, unknown>[]) {
  const now = new Date().toISOString();
  await documentClient().send(
    new PutCommand({
      TableName: tableName('local', 'holdings'),
      Item: {
        ...keys.ledger(userId),
        entity: 'ledger',
        user_id: userId,
        base_currency: 'USD',
        cost_method: 'FIFO',
        transactions: rows,
        version: 1,
        migrated_at: now,
        updated_at: now,
      },
    }),
  );
}

/** The performance answer, its size in bytes and how long it took. */
async function timedPerformance(user: SignedInUser) {
  const started = performance.now();
  const response = await api<{ series: { date: string }[]; returns: { period: string; start: string }[] }>(
    'GET',
    '/api/portfolio/performance',
    { token: user.token },
  );
  const milliseconds = performance.now() - started;
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return { body: response.body, bytes: Buffer.byteLength(response.text, 'utf8'), milliseconds };
}

/** 500 characters of Japanese text: three bytes each in UTF-8, as DynamoDB counts them. */
const CJK_NOTE = '株式投資の記録'.repeat(72).slice(0, 500);

function ledgerJsonWith(count: number) {
  return JSON.stringify({
    format: 'nugget-invest-ledger',
    version: 1,
    transactions: Array.from({ length: count }, (_, index) =>
      buy('2016-06-01', { quantity: index + 1, note: CJK_NOTE }),
    ),
  });
}

describe('the dates a transaction may carry', () => {
  it('refuses a row dated before 1900-01-01, naming body.date in the caller’s language; stores nothing', async () => {
    const user = await signUpInvestor('Early');

    const english = await addRow(user, buy('0001-01-01'), 'en');
    const french = await addRow(user, buy('1899-12-31'), 'fr');
    const spanish = await addRow(user, buy('0001-01-01'), 'es');

    for (const response of [english, french, spanish]) {
      expect(response.status, response.text).toBe(400);
      expect(response.body.issues?.map((issue) => [issue.path, issue.message_code])).toEqual([
        ['body.date', 'FIELD_DATE_BEFORE_MINIMUM'],
      ]);
    }
    expect(english.body.issues?.[0]?.message).toBe('Date: must be on or after Jan 1, 1900.');
    expect(french.body.issues?.[0]?.message).toBe('Date : ne doit pas être antérieure au 1 janv. 1900.');
    expect(spanish.body.issues?.[0]?.message).toBe('Fecha: no puede ser anterior al 1 ene 1900.');
    expect(await listRows(user)).toEqual([]);
  });

  it('refuses a row after the market date (2017-01-01) and an edit to 0001-01-01; takes 1900-01-01', async () => {
    const user = await signUpInvestor('Late');

    const late = await addRow(user, buy('2017-01-02'));
    const far = await addRow(user, buy('9999-12-31'));
    const first = await addRow(user, buy('1900-01-01'));
    const edit = await api<ErrorBody>('PUT', `/api/portfolio/transactions/${first.body.id}`, {
      token: user.token,
      body: buy('0001-01-01'),
    });

    expect(late.status, late.text).toBe(400);
    expect(late.body.issues?.map((issue) => [issue.path, issue.message_code])).toEqual([
      ['body.date', 'LEDGER_DATE_AFTER_MARKET_DATE'],
    ]);
    expect(far.status, far.text).toBe(400);
    expect(far.body.issues?.map((issue) => issue.path)).toEqual(['body.date']);
    expect(first.status, first.text).toBe(201);
    expect(edit.status, edit.text).toBe(400);
    expect(edit.body.issues?.map((issue) => issue.path)).toEqual(['body.date']);
    expect((await listRows(user)).map((row) => row.date)).toEqual(['1900-01-01']);
  });
});

/**
 * The performance answer's chart keeps at most 500 points however old the ledger (a point a week for
 * nine and a half years, then a point every two weeks or more): what a chart shows, and an answer of
 * tens of kilobytes. Measured on this stack, a ledger from 1900-01-01 (42,736 days to the market date)
 * answered in the figures the test prints.
 */
const MAX_SERIES_POINTS = 500;
const MAX_PERFORMANCE_BYTES = 150_000;

describe('the performance route, whatever the stored dates', () => {
  it('answers a ledger starting on 1900-01-01 with a bounded series', async () => {
    const user = await signUpInvestor('Century');
    expect((await addRow(user, buy('1900-01-01'))).status).toBe(201);
    expect((await addRow(user, buy('2016-06-01', { quantity: 2, price: 98.46 }))).status).toBe(201);

    const { body, bytes, milliseconds } = await timedPerformance(user);

    console.log(
      `[ledger-limits] performance from 1900-01-01: ${bytes} bytes, ${milliseconds.toFixed(0)} ms, ${body.series.length} points`,
    );
    expect(body.series.length).toBeLessThanOrEqual(MAX_SERIES_POINTS);
    expect(body.series[0]?.date).toBe('1900-01-01');
    expect(body.series.at(-1)?.date).toBe('2017-01-01');
    expect(bytes).toBeLessThan(MAX_PERFORMANCE_BYTES);
  });

  it('answers a legacy ledger holding a row dated 0001-01-01 as one from 1900-01-01, and still lists it', async () => {
    const user = await signUpInvestor('Legacy');
    await storeLegacyLedger(user.userId, [
      { id: '01LEGACY0000000000000000001', ...buy('0001-01-01'), estimated: false },
    ]);

    const { body, bytes, milliseconds } = await timedPerformance(user);
    const rows = await listRows(user);

    console.log(
      `[ledger-limits] performance of a legacy row dated 0001-01-01: ${bytes} bytes, ${milliseconds.toFixed(0)} ms`,
    );
    expect(body.series.length).toBeLessThanOrEqual(MAX_SERIES_POINTS);
    expect(body.series[0]?.date).toBe('1900-01-01');
    expect(bytes).toBeLessThan(MAX_PERFORMANCE_BYTES);
    expect(rows.map((row) => row.date)).toEqual(['0001-01-01']);
  });
});

describe('long notes, one item per transaction (issue 43)', () => {
  // 250 such rows take about 400 KB (1.6 KB each, the note 1.5 KB of it): the one-item ledger
  // before issue 43 refused them with LEDGER_STORAGE_FULL.
  it('imports 250 rows with 500-character Japanese notes, then adds one more; every note is kept', async () => {
    const user = await signUpInvestor('Notes');

    const imported = await api<{ imported: number }>('POST', '/api/portfolio/transactions/import', {
      token: user.token,
      body: { format: 'ledger-json', content: ledgerJsonWith(250) },
      headers: { 'idempotency-key': randomUUID(), 'accept-language': 'fr' },
    });
    const added = await addRow(user, buy('2016-09-01', { quantity: 1, note: CJK_NOTE }), 'es');
    const rows = await listRows(user);

    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    expect(imported.body.imported).toBe(250);
    expect(added.status, added.text.slice(0, 300)).toBe(201);
    expect(rows).toHaveLength(251);
    expect(rows.every((row) => row.note === CJK_NOTE)).toBe(true);
  });
});

describe('JSON nested too deep', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a request body nested 20,000 deep with a 400 naming body', async () => {
    const user = await signUpInvestor('Deep');

    const response = await api<ErrorBody>('POST', '/api/portfolio/transactions/import-preview', {
      token: user.token,
      rawBody: `{"format":"ghostfolio","content":"{}","mapping":${deep(20_000)}}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
    });

    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.body.issues?.map((issue) => [issue.path, issue.message_code])).toEqual([
      ['body', 'REQUEST_BODY_TOO_DEEP'],
    ]);
  });

  it('reads a file nested 20,000 deep as unreadable, for every JSON format', async () => {
    const user = await signUpInvestor('Deeper');
    const files = {
      ghostfolio: `{"activities":[{"type":"BUY","date":${deep(20_000)}}]}`,
      'ledger-json': `{"format":"nugget-invest-ledger","version":1,"transactions":[{"type":"BUY","date":${deep(20_000)}}]}`,
    };

    for (const [format, content] of Object.entries(files)) {
      const response = await api<{ file_issues: { code: string }[]; rows: unknown[] }>(
        'POST',
        '/api/portfolio/transactions/import-preview',
        { token: user.token, body: { format, content } },
      );
      expect(response.status, `${format}: ${response.text.slice(0, 300)}`).toBe(200);
      expect(response.body.file_issues.map((issue) => issue.code)).toEqual(['LEDGER_IMPORT_FILE_UNREADABLE']);
      expect(response.body.rows).toEqual([]);
    }
  });
});
