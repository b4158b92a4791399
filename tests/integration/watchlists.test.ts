import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { keys } from '@app/functions/data/keys';
import { createAlertsRepository } from '@app/functions/data/alerts-repository';
import { createWatchlistsRepository } from '@app/functions/data/watchlists-repository';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { raiseWatchlistGradeAlerts } from '@app/functions/user-alerts/watchlist-alerts';
import { buildPath, contract } from '@app/shared/api';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { cancelAndRunPastPeriodEnd, subscribe } from '../src/billing';

/**
 * Watchlists on the local stack (docs/product.md "Watchlists"): stored in DynamoDB and read back by a
 * fresh request; the tier catalogue's caps held under 20 concurrent requests; a refusal names its field
 * in the caller's language and stores nothing; a grade change raises the alert the price poll would
 * write (the step's own function, against the stack's tables, as src/alerts.ts does for holders).
 */

const routes = contract.portfolio;
const HOLDINGS = tableName('local', 'holdings');
const client = () =>
  createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: inject('stack').dynamoEndpoint });

interface ListBody {
  id: string;
  name: string;
  used: number;
  limit: number;
  entries: { symbol: string; added_grade: string | null; added_market_date: string }[];
}

const createList = (user: SignedInUser, name: string) =>
  api<ListBody>(routes.createWatchlist.method, routes.createWatchlist.path, {
    token: user.token,
    body: { name },
  });
const addSymbol = (user: SignedInUser, listId: string, symbol: string, language = 'en') =>
  api<ListBody & { error?: string; issues?: { path: string; message: string }[] }>(
    routes.addWatchlistSymbol.method,
    buildPath(routes.addWatchlistSymbol.path, { listId }),
    { token: user.token, body: { symbol }, headers: { 'accept-language': language } },
  );
const listAll = (user: SignedInUser) =>
  api<{ lists: ListBody[]; used: number; limit: number; symbols_limit: number }>(
    routes.listWatchlists.method,
    routes.listWatchlists.path,
    { token: user.token },
  );

/** Symbols the portfolio's search knows (the universe a watchlist accepts), at least `count`. */
async function knownSymbols(count: number): Promise<string[]> {
  const found = new Set<string>();
  // Two letters at least (the search's minimum): symbol prefixes and name words.
  for (const prefix of ['AB', 'AM', 'BA', 'CA', 'CO', 'DE', 'GE', 'IN', 'MA', 'PA', 'SE', 'TR']) {
    const page = await api<{ results: { symbol: string }[] }>('GET', routes.search.path, {
      query: { q: prefix, limit: '25' },
    });
    for (const result of page.body.results ?? [])
      if (/^[A-Z]+$/.test(result.symbol)) found.add(result.symbol);
    if (found.size >= count) break;
  }
  expect(found.size).toBeGreaterThanOrEqual(count);
  return [...found].slice(0, count);
}

describe('watchlists', () => {
  it('are stored in DynamoDB and read back by a fresh request; renamed and deleted', async () => {
    const user = await signUpInvestor('Watch');
    const created = await createList(user, '  Tech  ');
    const added = await addSymbol(user, created.body.id, 'aapl');

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tech', used: 0, limit: 20 });
    expect(added.status).toBe(201);
    expect(added.body.entries.map((entry) => entry.symbol)).toEqual(['AAPL']);
    const db = client();
    const list = await db.send(
      new GetCommand({ TableName: HOLDINGS, Key: keys.watchlist(user.userId, created.body.id) }),
    );
    const entry = await db.send(
      new GetCommand({ TableName: HOLDINGS, Key: keys.watchlistEntry(user.userId, created.body.id, 'AAPL') }),
    );
    expect(list.Item).toMatchObject({ name: 'Tech', symbol_count: 1, grade_alerts: true });
    expect(entry.Item).toMatchObject({
      symbol: 'AAPL',
      added_market_date: added.body.entries[0]?.added_market_date,
    });
    const reread = await listAll(user);
    expect(reread.body).toMatchObject({ used: 1, limit: 1, symbols_limit: 20 });
    expect(reread.body.lists.map((one) => [one.name, one.entries.map((item) => item.symbol)])).toEqual([
      ['Tech', ['AAPL']],
    ]);

    const renamed = await api<ListBody>(
      routes.updateWatchlist.method,
      buildPath(routes.updateWatchlist.path, { listId: created.body.id }),
      { token: user.token, body: { name: 'Growth' } },
    );
    const removed = await api(
      routes.deleteWatchlist.method,
      buildPath(routes.deleteWatchlist.path, { listId: created.body.id }),
      { token: user.token },
    );
    expect([renamed.status, renamed.body.name, removed.status]).toEqual([200, 'Growth', 200]);
    const left = await db.send(
      new QueryCommand({
        TableName: HOLDINGS,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${user.userId}`, ':prefix': 'WATCHLIST' },
        ConsistentRead: true,
      }),
    );
    // The list, its symbol and the count row: only the count (now 0) is left.
    expect(left.Items?.map((item) => [item.sk, item.count])).toEqual([['WATCHLISTS', 0]]);
  });

  it('refuses an unknown symbol naming the field in French, and stores nothing', async () => {
    const user = await signUpInvestor('Watch');
    const created = await createList(user, 'Liste');

    const refused = await addSymbol(user, created.body.id, 'ZZZZQ', 'fr-FR,fr;q=0.9');

    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(['body.symbol']);
    // The French text of PORTFOLIO_UNKNOWN_SYMBOL with the field's French label.
    expect(refused.body.issues?.[0]?.message).toBe(
      "Symbole : ZZZZQ n'est pas un symbole connu ; recherchez d'abord l'actif.",
    );
    expect((await listAll(user)).body.lists[0]?.entries).toEqual([]);
  });

  it('holds the FREE caps under 20 concurrent requests: 1 list, and 20 symbols in it', async () => {
    const user = await signUpInvestor('Watch');
    const lists = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createList(user, `List ${index}`)),
    );
    expect(lists.filter((response) => response.status === 201)).toHaveLength(1);
    expect(lists.filter((response) => response.status === 403)).toHaveLength(19);
    const listId = (lists.find((response) => response.status === 201) as { body: ListBody }).body.id;

    // 10 added one by one, then 20 different ones at once: exactly 10 more fit under the cap of 20.
    const symbols = await knownSymbols(30);
    for (const symbol of symbols.slice(0, 10))
      expect((await addSymbol(user, listId, symbol)).status).toBe(201);
    const adds = await Promise.all(symbols.slice(10).map((symbol) => addSymbol(user, listId, symbol)));

    expect(adds.filter((response) => response.status === 201)).toHaveLength(10);
    const refusals = adds.filter((response) => response.status === 403);
    expect(refusals).toHaveLength(10);
    expect(refusals[0]?.body.error).toBe(
      'Symbol: the watchlist List ' +
        lists.findIndex((response) => response.status === 201) +
        ' already holds 20 symbols, the most your Free plan keeps in a list. Remove one, or choose a higher plan, to add another.',
    );
    const stored = await client().send(
      new GetCommand({ TableName: HOLDINGS, Key: keys.watchlist(user.userId, listId) }),
    );
    expect(stored.Item?.symbol_count).toBe(20);
    const listed = (await listAll(user)).body;
    expect([listed.used, listed.lists[0]?.used, listed.lists[0]?.entries.length]).toEqual([1, 20, 20]);
  }, 120_000);

  it("raises one alert on the watcher's alerts screen when a watched symbol's grade changes", async () => {
    const user = await signUpInvestor('Watch');
    const created = await createList(user, 'Alerts');
    expect((await addSymbol(user, created.body.id, 'AAPL')).status).toBe(201);
    const db = client();
    const deps = {
      watchlists: createWatchlistsRepository(db, HOLDINGS),
      alerts: createAlertsRepository(db, { holdings: HOLDINGS, usage: tableName('local', 'usage') }),
      getTier: async () => 'FREE' as const,
      now: () => new Date(),
    };
    // The poll's step for AAPL graded D, then A+ on the next bar. Other suites' watchers of AAPL are
    // alerted too; only this user's alerts are read. D first: whatever grade AAPL was added with (or
    // none, before the day is graded), A+ then differs from the grade the entry last saw.
    await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'D', date: '2017-01-03' }, deps);
    const before = await api<{ alerts: { title: string }[] }>('GET', routes.alerts.path, {
      token: user.token,
    });
    await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'A+', date: '2017-01-04' }, deps);
    await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'A+', date: '2017-01-04' }, deps);

    const after = await api<{ alerts: { title: string; type: string; asset: string }[] }>(
      'GET',
      routes.alerts.path,
      {
        token: user.token,
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      },
    );
    // The Spanish text of WATCHLIST_GRADE_TITLE for D to A+.
    const raised = after.body.alerts.filter(
      (alert) => alert.title === 'AAPL (lista de seguimiento): calificación de D a A+',
    );
    expect(after.body.alerts.length - before.body.alerts.length).toBe(1);
    expect(raised).toEqual([expect.objectContaining({ type: 'ai_insight', asset: 'AAPL' })]);
    const entry = await db.send(
      new GetCommand({ TableName: HOLDINGS, Key: keys.watchlistEntry(user.userId, created.body.id, 'AAPL') }),
    );
    expect(entry.Item?.last_grade).toBe('A+');
  });

  it('back on FREE after Premium keeps every list and symbol, refuses a new list and a symbol past a list’s cap', async () => {
    const user = await signUpInvestor('Watch');
    const paid = await subscribe(user, 'PREMIUM');
    const symbols = await knownSymbols(22);
    const first = await createList(user, 'Big');
    const second = await createList(user, 'Small');
    for (const symbol of symbols.slice(0, 21))
      expect((await addSymbol(user, first.body.id, symbol)).status).toBe(201);
    expect((await addSymbol(user, second.body.id, symbols[0] as string)).status).toBe(201);

    expect(await cancelAndRunPastPeriodEnd(user, paid)).toBe('returned_to_free');
    // FREE keeps 1 list of 20 (functions/src/subscription/README.md): both lists and all 21 symbols stay.
    const listed = (await listAll(user)).body;
    expect([listed.used, listed.limit, listed.symbols_limit]).toEqual([2, 1, 20]);
    expect(listed.lists.map((list) => [list.name, list.entries.length]).sort()).toEqual([
      ['Big', 21],
      ['Small', 1],
    ]);
    const third = await createList(user, 'Third');
    const overFull = await addSymbol(user, first.body.id, symbols[21] as string);
    expect([third.status, overFull.status]).toEqual([403, 403]);
    // The symbol cap is per list: the small list (1 of 20) still takes a symbol.
    expect((await addSymbol(user, second.body.id, symbols[21] as string)).status).toBe(201);
    expect((await listAll(user)).body.lists.map((list) => list.entries.length).sort()).toEqual([2, 21]);

    // The big list deleted: one list is FREE's cap, so a new one is still refused.
    const removed = await api(
      routes.deleteWatchlist.method,
      buildPath(routes.deleteWatchlist.path, { listId: first.body.id }),
      { token: user.token },
    );
    expect(removed.status).toBe(200);
    expect((await createList(user, 'Again')).status).toBe(403);
    expect((await listAll(user)).body.used).toBe(1);
  }, 120_000);
});
