import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@app/functions/data/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, findRouteByKey, type RouteDefinition } from '@app/shared/api';
import { startLocalStack, type LocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import type { ApiResponse } from '../src/api';
import { signUpThroughInbox } from '../src/sign-up-by-mail';
import { inspectResponse } from './response-checks';
import { createSuiteReport } from './security-report';

/**
 * Faults, on a stack of its own (DynamoDB persisted in a temp directory, so a restart keeps the data):
 * the database stopped mid-run, and jobs run twice. A failing price provider and a killed database
 * restarted by the supervisor are tried on a live stack: tests/integration/live-stack.test.ts.
 */

const report = createSuiteReport('Faults and recovery', 5);
const PASSWORD = 'Nugget-Fault-1';
/** A request must be answered well inside the API Gateway integration timeout; we hold it to 5 s. */
const ANSWER_WITHIN_MS = 5_000;

let stack: LocalStack;
let databaseDown = false;
const outageProblems: string[] = [];
let dataDirectory: string;

interface TimedResponse extends ApiResponse {
  ms: number;
}

async function request(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<TimedResponse> {
  const started = performance.now();
  const response = await fetch(new URL(path, stack.webUrl), {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    // Longer than the limit under test, so a hang shows as a slow answer instead of a dropped one.
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the inspection reports it.
  }
  const timed = {
    status: response.status,
    headers: response.headers,
    text,
    body,
    ms: performance.now() - started,
  };
  const route = findRouteByKey(`${method} ${routePathOf(path)}`) ?? routeOf(method, path);
  if (databaseDown) {
    // A 503 is the expected answer here, not a fault: count it and keep the other response rules.
    report.count(route, 'free');
    outageProblems.push(...inspectResponse(route, timed).problems, ...inspectResponse(route, timed).leaks);
  } else report.inspect(route, 'free', timed);
  return timed;
}

function routePathOf(path: string): string {
  return path.split('?')[0] as string;
}

function routeOf(method: string, path: string): RouteDefinition | undefined {
  const clean = routePathOf(path);
  return Object.values(contract)
    .flatMap((area) => Object.values(area) as RouteDefinition[])
    .find(
      (route) =>
        route.method === method && new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(clean),
    );
}

/** A new investor on this suite's stack: the code from its inbox, then the confirmation. */
async function register(name: string): Promise<{ token: string; userId: string }> {
  const response = await signUpThroughInbox(stack, {
    email: `${name}-${Date.now()}@example.test`,
    password: PASSWORD,
    first_name: name,
  });
  return { token: response.body.access_token, userId: response.body.user.id };
}

beforeAll(async () => {
  process.env.LOCAL_PRICE_POLL_SECONDS = '0';
  dataDirectory = mkdtempSync(join(tmpdir(), 'nugget-faults-'));
  stack = await startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory,
    persistDynamo: true,
    reset: false,
    verbose: false,
    rateLimits: 'off',
  });
}, 180_000);

afterAll(async () => {
  report.save();
  await stack?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe('DynamoDB stopped mid-run', () => {
  it('answers 503 with Retry-After within 5 s, never acknowledges a write, recovers by itself and loses nothing acknowledged', async () => {
    const user = await register('Fault');
    const acknowledged: string[] = [];
    for (const symbol of ['AAPL', 'MSFT']) {
      const added = await request('POST', contract.portfolio.add.path, {
        token: user.token,
        body: { symbol, shares: 1, asset_type: 'stock' },
      });
      expect(added.status).toBe(201);
      acknowledged.push((added.body as { asset: { id: string } }).asset.id);
    }
    // A watchlist kept in the same tables (docs/product.md "Watchlists") must survive the restart too.
    const watchlist = await request('POST', contract.portfolio.createWatchlist.path, {
      token: user.token,
      body: { name: 'Kept' },
    });
    const watchlistId = (watchlist.body as { id: string }).id;
    const watched = await request(
      'POST',
      contract.portfolio.addWatchlistSymbol.path.replace('{listId}', watchlistId),
      { token: user.token, body: { symbol: 'KO' } },
    );
    expect([watchlist.status, watched.status]).toEqual([201, 201]);

    // A writer keeps going while the database stops under it.
    let uses = 0;
    let acknowledgedUses = 0;
    let writing = true;
    const writer = (async () => {
      while (writing && uses < 400) {
        uses += 1;
        const used = await request('POST', '/api/subscription/use-feature/market_alerts', {
          token: user.token,
        });
        if (used.status === 200) acknowledgedUses += 1;
        else expect([403, 503]).toContain(used.status);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    databaseDown = true;
    await stack.database.stop();

    const outage: TimedResponse[] = [];
    const writes: [string, string, unknown?][] = [
      ['POST', contract.portfolio.add.path, { symbol: 'JPM', shares: 1, asset_type: 'stock' }],
      ['POST', '/api/subscription/use-feature/ai_recommendations'],
      ['PATCH', contract.auth.updateMe.path, { theme: 'light' }],
      ['POST', contract.subscription.choosePlan.path, { tier: 'PREMIUM', cycle: 'monthly' }],
      ['DELETE', `/api/portfolio/holdings/${acknowledged[0]}`],
    ];
    const reads = [
      contract.portfolio.list.path,
      contract.auth.me.path,
      contract.subscription.mySubscription.path,
      contract.subscription.usageStats.path,
      contract.subscription.invoices.path,
    ];
    for (const [method, path, body] of writes)
      outage.push(await request(method, path, { token: user.token, body }));
    for (const path of reads) outage.push(await request('GET', path, { token: user.token }));
    writing = false;
    await writer;

    const slowest = Math.max(...outage.map((response) => response.ms));
    report.figure(`database down: ${outage.length} requests answered 503, slowest ${slowest.toFixed(0)} ms`);
    for (const response of outage) {
      expect(response.status, response.text).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    report.limit(
      'every request during the database outage answered 503 within 5 s',
      slowest < ANSWER_WITHIN_MS,
    );

    const restartedAt = performance.now();
    await stack.database.start();
    let recovered: TimedResponse | undefined;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      recovered = await request('GET', contract.portfolio.list.path, { token: user.token });
      if (recovered.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    databaseDown = false;
    report.figure(
      `recovered ${(performance.now() - restartedAt).toFixed(0)} ms after the restart began, no manual step`,
    );
    const usage = await request('GET', contract.subscription.usageStats.path, { token: user.token });
    const ids = ((recovered?.body as { assets: { id: string }[] }).assets ?? []).map((asset) => asset.id);
    const used = (usage.body as { usage: { market_alerts: { used: number } } }).usage.market_alerts.used;

    expect(outageProblems).toEqual([]);
    expect(recovered?.status).toBe(200);
    expect(ids).toEqual(expect.arrayContaining(acknowledged));
    expect(ids).toHaveLength(2);
    const lists = await request('GET', contract.portfolio.listWatchlists.path, { token: user.token });
    expect(
      (lists.body as { lists: { id: string; entries: { symbol: string }[] }[] }).lists.map((list) => [
        list.id,
        list.entries.map((entry) => entry.symbol),
      ]),
    ).toEqual([[watchlistId, ['KO']]]);
    // Every acknowledged use is counted; a use cut off mid-write may count without an acknowledgement.
    expect(used).toBeGreaterThanOrEqual(Math.min(acknowledgedUses, 5));
    expect(used).toBeLessThanOrEqual(5);
    report.limit(
      'nothing acknowledged was lost across the database restart',
      ids.length === 2 && used >= Math.min(acknowledgedUses, 5),
    );
  }, 120_000);
});

describe('jobs run twice produce the same state', () => {
  async function scanAll(table: string) {
    const { createDocumentClient } = await import('@app/functions/platform/dynamo-client');
    const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: stack.dynamoEndpoint });
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    for (let page = 0; page < 200; page += 1) {
      const result = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      items.push(...((result.Items ?? []) as Record<string, unknown>[]));
      start = result.LastEvaluatedKey;
      if (!start) break;
    }
    // Job-run records say that a job ran again, and so does the feed summary's copy of the price
    // poll's (functions/src/data/feed-summary-repository.ts: its health and quotes must stay equal);
    // everything else must be equal.
    return items
      .filter((item) => !String(item.pk).startsWith('JOB#'))
      .map(({ written_at, job_run, ...item }) =>
        JSON.stringify(item.entity === 'feed-summary' ? item : { ...item, written_at, job_run }),
      )
      .sort();
  }

  it('price poll, usage reset and content generation: the second run changes nothing', async () => {
    const { createPricePollDeps, runPricePoll } = await import('@app/functions/jobs/price-poll');
    const { createPriceSource } = await import('@app/functions/market-data/price-source');
    const { createMarketEngine } = await import('@app/functions/market-data/market-engine');
    const { runUsageReset } = await import('@app/functions/jobs/usage-reset');
    const { createUsageRepository } = await import('@app/functions/data/usage-repository');
    const { createDocumentClient } = await import('@app/functions/platform/dynamo-client');
    const { createContentGenerationDeps, runContentGeneration } =
      await import('@app/functions/jobs/content-generation');
    const { getConfig } = await import('@app/functions/config');
    const config = getConfig();
    const fixedNow = () => new Date('2026-03-02T15:30:00.000Z');
    const base = createPricePollDeps();
    const engine = createMarketEngine(createPriceSource(config, { now: fixedNow }));
    const deps = { ...base, engine, now: fixedNow };
    const usage = createUsageRepository(createDocumentClient(config), config.TABLE_USAGE);
    const content = { ...createContentGenerationDeps(), now: fixedNow };

    const firstPoll = await runPricePoll(deps);
    const marketAfterFirst = await scanAll(config.TABLE_MARKET);
    const moderationAfterFirst = await scanAll(config.TABLE_MODERATION);
    const secondPoll = await runPricePoll(deps);
    const marketAfterSecond = await scanAll(config.TABLE_MARKET);
    const moderationAfterSecond = await scanAll(config.TABLE_MODERATION);

    const firstReset = await runUsageReset({ usage }, new Date('2026-03-03T00:00:00.000Z'));
    const secondReset = await runUsageReset({ usage }, new Date('2026-03-03T00:00:30.000Z'));
    const resetMarker = await createDocumentClient(config).send(
      new GetCommand({ TableName: config.TABLE_USAGE, Key: keys.jobRun('usage-reset', '2026-03-03') }),
    );

    const firstContent = await runContentGeneration(content, { day: '2026-03-02' });
    const contentAfterFirst = await scanAll(config.TABLE_MODERATION);
    const secondContent = await runContentGeneration(content, { day: '2026-03-02' });
    const contentAfterSecond = await scanAll(config.TABLE_MODERATION);
    report.figure(
      `jobs twice: price poll ${firstPoll.symbols_ok}/${firstPoll.symbols_total} symbols then ${secondPoll.quotes_changed} quotes changed; content ${firstContent.stored} posts then already_generated=${secondContent.already_generated}`,
    );

    expect(secondPoll).toMatchObject({
      quotes_changed: 0,
      bars_written: 0,
      recommendations_enqueued: 0,
      alerts_written: 0,
    });
    expect(marketAfterSecond).toEqual(marketAfterFirst);
    expect(moderationAfterSecond).toEqual(moderationAfterFirst);
    // The first run opens the day (under load its SDK retry may find its own write and say false:
    // the marker is what counts); the second never opens it again.
    expect(firstReset.day).toBe('2026-03-03');
    expect(resetMarker.Item).toMatchObject({ job: 'usage-reset', day: '2026-03-03' });
    expect(secondReset.opened).toBe(false);
    expect(secondContent.already_generated).toBe(true);
    expect(contentAfterSecond).toEqual(contentAfterFirst);
    report.limit(
      'price poll, usage reset and content generation idempotent on a second run',
      marketAfterSecond.length === marketAfterFirst.length,
    );
  }, 180_000);
});
