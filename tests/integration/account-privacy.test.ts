import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import { buildPath, contract } from '@app/shared/api';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { TABLE_IDS, tableName } from '@app/infra/lib/table-definitions';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';
import { raiseAlertThroughPollPath } from '../src/alerts';

/**
 * "Download my data" and "Delete my account" on the local stack, with a throwaway investor who first
 * creates one of everything the product stores about a user (docs/accounts.md): a profile change, a
 * holding, a ledger transaction, a saved import mapping, a custom alert rule (Platinum), an alert,
 * a paid plan with its invoice, a contact message and a quota day. The archive must hold each of them;
 * after deletion a Scan of EVERY table of infra/lib/table-definitions.ts (tests may Scan; the
 * functions never do) must find nothing of the user but the invoices kept under a pseudonym.
 */

const routes = contract.auth;
const YEAR_SECONDS = 365.25 * 24 * 3600;
/** The idempotency table's records (hashed keys, billing answers) live at most a day (docs/accounts.md). */
const IDEMPOTENCY_LIFETIME_SECONDS = 24 * 3600;

interface Archive {
  json: { user_id: string; record_count: number; tables: Record<string, Record<string, unknown>[]> };
  csv: Record<string, Record<string, string>[]>;
}

async function exportOf(user: SignedInUser): Promise<Archive> {
  const response = await api<{ content_base64: string; record_count: number; file_name: string }>(
    routes.exportData.method,
    routes.exportData.path,
    { token: user.token },
  );
  expect(response.status).toBe(200);
  expect(response.body.file_name).toMatch(/^nugget-invest-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(Buffer.from(response.body.content_base64, 'base64')));
  const json = JSON.parse(strFromU8(files['account.json'] as Uint8Array)) as Archive['json'];
  expect(json.record_count).toBe(response.body.record_count);
  const csv: Archive['csv'] = {};
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.startsWith('csv/')) continue;
    csv[name] = Papa.parse<Record<string, string>>(strFromU8(bytes), {
      header: true,
      skipEmptyLines: true,
    }).data;
  }
  return { json, csv };
}

const sortKeysOf = (archive: Archive, table: string) =>
  (archive.json.tables[table] ?? []).map((item) => String(item.sk));

/** Every item of every table that names the user (id or e-mail) anywhere in its attributes. */
async function itemsNaming(user: SignedInUser): Promise<{ table: string; item: Record<string, unknown> }[]> {
  const client = createDocumentClient({
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: inject('stack').dynamoEndpoint,
  });
  const found: { table: string; item: Record<string, unknown> }[] = [];
  const scanTable = async (id: (typeof TABLE_IDS)[number]) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName('local', id),
          ExclusiveStartKey: startKey,
          // Price bars (a symbol's year or month of daily bars per item, tens of megabytes with the
          // replayed 2007-2017 history) hold only market data from the providers or the packaged files:
          // they cannot name a user, and reading them whole took most of this test's time in CI.
          ...(id === 'market'
            ? {
                FilterExpression: 'NOT begins_with(sk, :bars)',
                ExpressionAttributeValues: { ':bars': 'BARS#' },
              }
            : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item).toLowerCase();
        if (text.includes(user.userId) || text.includes(user.email.toLowerCase()))
          found.push({ table: id, item });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  await Promise.all(TABLE_IDS.map(scanTable));
  return found;
}

/** Kept documents by their payment's charge id (invoice numbers restart at INV-0001 for every account). */
async function retainedInvoices(chargeIds: string[]): Promise<Record<string, unknown>[]> {
  const client = createDocumentClient({
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: inject('stack').dynamoEndpoint,
  });
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName('local', 'users'),
        FilterExpression: 'begins_with(pk, :retained)',
        ExpressionAttributeValues: { ':retained': 'RETAINED#' },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).filter((item) => chargeIds.includes(String(item.chargeId))));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

describe('download my data, then delete my account', () => {
  let user: SignedInUser;
  let archive: Archive;

  it('the archive holds everything the user created, in JSON and in CSV', async () => {
    user = await signUpInvestor('Privacy');
    await subscribe(user, 'PRO');
    const steps = [
      await api('PATCH', routes.updateMe.path, { token: user.token, body: { language: 'fr' } }),
      await api(contract.portfolio.add.method, contract.portfolio.add.path, {
        token: user.token,
        body: { symbol: 'AAPL', shares: 3, asset_type: 'stock' },
      }),
      await api(contract.portfolio.saveLedgerSettings.method, contract.portfolio.saveLedgerSettings.path, {
        token: user.token,
        body: { base_currency: 'EUR', cost_method: 'FIFO' },
      }),
      await api(contract.portfolio.addTransaction.method, contract.portfolio.addTransaction.path, {
        token: user.token,
        body: { type: 'BUY', symbol: 'MSFT', quantity: 2, price: 60, currency: 'USD', date: '2016-12-01' },
      }),
      await api(contract.portfolio.saveImportMapping.method, contract.portfolio.saveImportMapping.path, {
        token: user.token,
        body: { headers: ['Action', 'Date'], mapping: { columns: { type: 'Action', date: 'Date' } } },
      }),
      await api(contract.portfolio.createAlertRule.method, contract.portfolio.createAlertRule.path, {
        token: user.token,
        body: { kind: 'price_above', symbol: 'AAPL', level: 987 },
      }),
      await api(contract.public.sendContactMessage.method, contract.public.sendContactMessage.path, {
        token: user.token,
        body: { name: 'Privacy', email: user.email, subject: 'My data please', message: 'Export test' },
      }),
    ];
    expect(steps.map((step) => `${step.status} ${step.status >= 300 ? step.text : ''}`.trim())).toEqual([
      '200',
      '201',
      '200',
      '201',
      '200',
      '201',
      '201',
    ]);
    expect(await raiseAlertThroughPollPath(user.userId)).toBe(1);
    // A watchlist and one symbol of it (docs/product.md "Watchlists"): the user's data too.
    const watchlist = await api<{ id: string }>(
      contract.portfolio.createWatchlist.method,
      contract.portfolio.createWatchlist.path,
      { token: user.token, body: { name: 'Privacy list' } },
    );
    const watched = await api(
      contract.portfolio.addWatchlistSymbol.method,
      buildPath(contract.portfolio.addWatchlistSymbol.path, { listId: watchlist.body.id }),
      { token: user.token, body: { symbol: 'AAPL' } },
    );
    expect([watchlist.status, watched.status]).toEqual([201, 201]);

    archive = await exportOf(user);

    expect(archive.json.user_id).toBe(user.userId);
    const profile = archive.json.tables.users?.find((item) => item.sk === 'PROFILE');
    expect(profile).toMatchObject({ email: user.email, language: 'fr', subscription_tier: 'PRO' });
    const userKeys = sortKeysOf(archive, 'users');
    expect(userKeys).toContain('BILLING');
    expect(userKeys.some((key) => key.startsWith('INV#'))).toBe(true);
    const holdingKeys = sortKeysOf(archive, 'holdings');
    for (const prefix of [
      'HOLDING#',
      'LEDGER',
      'IMPORT_MAPPING#',
      'RULE#',
      'ALERT#',
      'WATCHLIST#',
      'WATCHLISTS',
    ])
      expect(
        holdingKeys.some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(JSON.stringify(archive.json.tables.holdings)).toContain('"base_currency":"EUR"');
    expect(sortKeysOf(archive, 'usage').some((key) => key.startsWith('DAY#'))).toBe(true);
    expect(archive.json.tables.moderation?.map((item) => item.subject)).toEqual(['My data please']);
    // The same records as spreadsheets: the rule's level and the message's subject are readable cells.
    expect(archive.csv['csv/holdings-rule.csv']?.[0]).toMatchObject({ symbol: 'AAPL', level: '987' });
    expect(archive.csv['csv/moderation-contact-message.csv']?.[0]?.subject).toBe('My data please');
    expect(archive.csv['csv/holdings-watchlist.csv']?.map((row) => row.symbol || row.name).sort()).toEqual([
      'AAPL',
      'Privacy list',
    ]);
    const csvRows = Object.values(archive.csv).reduce((total, rows) => total + rows.length, 0);
    expect(csvRows).toBe(archive.json.record_count);
  }, 120_000);

  it('refuses a wrong password by field and erases nothing', async () => {
    const response = await api<{ issues: { path: string }[] }>(
      routes.deleteAccount.method,
      routes.deleteAccount.path,
      { token: user.token, body: { password: 'Not-The-Password-9' } },
    );
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue) => issue.path)).toEqual(['body.password']);
    expect((await exportOf(user)).json.record_count).toBe(archive.json.record_count);
  });

  it('erases the user from every table and the identity service, keeping the invoices under a pseudonym', async () => {
    const invoices = (archive.json.tables.users ?? []).filter((item) => String(item.sk).startsWith('INV#'));
    const invoiceNumbers = invoices.map((item) => String(item.number));
    const startedAt = Date.now() / 1000;

    const deleted = await api<Record<string, unknown>>(
      routes.deleteAccount.method,
      routes.deleteAccount.path,
      {
        token: user.token,
        body: { password: user.password },
      },
    );

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      deleted: true,
      erased_records: archive.json.record_count - invoiceNumbers.length,
      retained_documents: invoiceNumbers.length,
    });
    const left = await itemsNaming(user);
    // Only the idempotency table's short-lived records may still name the user, and they expire within a day.
    expect(left.filter(({ table }) => table !== 'idempotency')).toEqual([]);
    for (const { item } of left)
      expect(Number(item.expiration)).toBeLessThanOrEqual(startedAt + IDEMPOTENCY_LIFETIME_SECONDS + 60);
    const kept = await retainedInvoices(invoices.map((item) => String(item.chargeId)));
    expect(kept.map((item) => item.number).sort()).toEqual([...invoiceNumbers].sort());
    for (const item of kept) {
      expect(String(item.pk)).toMatch(/^RETAINED#[0-9a-f-]{36}$/);
      // The billing customer is the pseudonym now; the amounts are the invoice as issued.
      expect(item.customerId).toBe(String(item.pk).replace('RETAINED#', ''));
      const issued = invoices.find((invoice) => invoice.chargeId === item.chargeId);
      expect(item.totalCents).toBe(issued?.totalCents);
      const years = (Number(item.expires_at) - startedAt) / YEAR_SECONDS;
      expect(years).toBeGreaterThan(9.99);
      expect(years).toBeLessThan(10.01);
    }
    const signIn = await api('POST', routes.login.path, {
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(401);
  }, 60_000);

  it("deleting again is refused: the deleted account's token is not accepted any more", async () => {
    const again = await api(routes.deleteAccount.method, routes.deleteAccount.path, {
      token: user.token,
      body: { password: user.password },
    });
    expect(again.status).toBe(401);
  });
});
