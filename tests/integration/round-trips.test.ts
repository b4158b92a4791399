import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostRecord } from '@app/functions/platform/cost-recorder';
import type { LocalStack } from '@app/infra/local/local-stack';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { readCostRecords } from '../src/cost-records';
import { startOwnStack, type OwnStack } from '../src/own-stack';
import { signInSeedAdminWithCode } from '../src/seed-admin';

/*
 * Issue 48 "Round trips": every read route of the signed-in dashboard's first screen and of the admin
 * dashboard makes at most 3 DynamoDB calls per request, counted from the cost record each request
 * leaves (functions/src/platform/cost-recorder.ts `dynamo_calls`, checked on DynamoDB Local by
 * dynamo-call-count.test.ts), as bench/dynamo-efficiency.ts reads them. On a stack of its own with
 * every request's record kept (COST_RECORD_DETAIL=on, as the bench's) over the suite's replayed
 * symbols: the whole universe's first price poll took over 10 minutes on the loaded two-core machine,
 * so the 570-series figures (where a read of every symbol's item is 6 BatchGets of 100 keys) are the
 * bench's (`npm run bench:dynamo`, bench/results.md section 3). Here a route that reads per item still
 * shows its extra calls (the admin dashboard made six before the feed summary). The JWT authoriser's
 * session check runs before the area and is not in these records: it reads only on a cache miss.
 */

const MAX_CALLS = 3;
/*
 * Five rounds: in stop 56's clean-clone run, on a machine at load 16-18 (another stack's suite beside
 * it), the admin dashboard read 4, 4, 3 (one call more in two consecutive rounds, not seen again in a
 * run of this file alone: 3, 3, 3), so three rounds let one passing disturbance set the median.
 */
const REPEATS = 5;
/** How long the stored market keeps a symbol's bars (StoredMarketProvider's default cacheMs). */
const CACHE_MS = 10_000;
const median = (calls: number[]) => [...calls].sort((a, b) => a - b)[Math.floor(calls.length / 2)] ?? 0;

let own: OwnStack | undefined;
let stack: LocalStack;
let investor: { token: string; userId: string };
let adminToken: string;
const saved: Record<string, string | undefined> = {};

async function call(path: string, token: string | null): Promise<void> {
  const response = await fetch(`${stack.webUrl}${path}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' },
    signal: AbortSignal.timeout(30_000),
  });
  expect(response.status, `${path}: ${await response.text()}`).toBe(200);
}

/** The records with a DynamoDB call count written since `fromIso` (the stack's batches flushed first). */
async function recordsSince(fromIso: string): Promise<CostRecord[]> {
  await stack.flushCostRecords();
  const records = await readCostRecords(fromIso, new Date().toISOString());
  return records.filter((record) => typeof record.dynamo_calls === 'number');
}

beforeAll(async () => {
  const env = { COST_RECORD_DETAIL: 'on' };
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  own = await startOwnStack('nugget-round-trips-');
  stack = own.stack;
  const login = await fetch(`${stack.webUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_INVESTOR.email, password: SEED_INVESTOR.password }),
  });
  const body = (await login.json()) as { access_token: string; user: { id: string } };
  investor = { token: body.access_token, userId: body.user.id };
  adminToken = (await signInSeedAdminWithCode(stack.webUrl, stack.seed.adminTotpSecret)).token;
}, 300_000);

afterAll(async () => {
  await own?.stop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('DynamoDB calls per request of the dashboards', () => {
  it(`makes at most ${MAX_CALLS} calls per request (median of the rounds) on every read route of both first screens`, async () => {
    const { token, userId } = investor;
    // The signed-in dashboard's first screen (bench/results.md section 2, "API calls per page load",
    // and the one-call dashboard route), then the admin Overview and the health check it links.
    const reads: [string, string | null][] = [
      ['/api/auth/me', token],
      ['/api/', token],
      ['/api/ai/market-clock', token],
      ['/api/alerts/count', token],
      ['/api/portfolio/dashboard', token],
      ['/api/portfolio', token],
      ['/api/portfolio/performance', token],
      ['/api/ai/enhanced-prices/real-time', token],
      [`/api/ai/recommendations/${userId}?limit=6`, token],
      [`/api/ai/recommendations/${userId}?limit=100`, token],
      // The portfolio page's history chart is measured apart, below: its count depends on the age of
      // the stored market's bars cache, which the time a round takes would decide here.
      ['/api/admin/dashboard', adminToken],
      ['/api/ai/health', adminToken],
    ];
    // One warm-up round: what a process reads once (the graded day, the session state) is not a
    // round trip of every request.
    for (const [path, bearer] of reads) await call(path, bearer);
    const from = new Date().toISOString();
    for (let round = 0; round < REPEATS; round += 1)
      for (const [path, bearer] of reads) await call(path, bearer);
    const records = (await recordsSince(from)).filter((record) => !record.route.startsWith('job:'));

    const byRoute = new Map<string, number[]>();
    for (const record of records)
      byRoute.set(record.route, [...(byRoute.get(record.route) ?? []), record.dynamo_calls]);
    const table = [...byRoute.entries()].map(([route, calls]) => `${route}: ${calls.join(', ')}`).join('\n');
    // Every route of the list answered and left a record per request (the two limits share one route).
    expect(records.length, table).toBe(REPEATS * reads.length);
    // A route's calls per request is its median over the rounds: in the clean-clone run the first
    // round after the warm-up once read one batch more on two routes (admin dashboard 4, 3, 3; enhanced
    // prices 2, 1, 1), and the replayed clock's price poll runs beside the requests, so one request
    // may land on a fresh run's reads. The table prints every request's count.
    // The recommendations list too: its LAST_RECS markers carry the review status since issue 48, so
    // it reads no review item (recommendation-marker-status.test.ts).
    const over = [...byRoute.entries()].filter(([, calls]) => median(calls) > MAX_CALLS);
    process.stdout.write(`calls per request by route:\n${table}\n`);
    expect(
      over.map(([route]) => route),
      `calls per request by route:\n${table}`,
    ).toEqual([]);
  });

  // The history reads the positions (1 Query), then each held symbol's bars through the stored
  // market's cache (functions/src/market-data/stored-market-provider.ts, 10 s): a bars Query per held
  // symbol when the cache is older, none within it. So the count is measured with the cache's state
  // known, not left to how long the requests between two rounds took (the bench's sequential pass,
  // its requests further apart, counts the bars Queries: bench/results.md section 3).
  it('reads the portfolio history in 1 call with the bars cache warm, and more with it cold', async () => {
    const path = `/api/ai/portfolio-history/${investor.userId}`;
    const historyRecords = async (fromIso: string) =>
      (await recordsSince(fromIso))
        .filter((record) => record.route.includes('portfolio-history'))
        .sort((a, b) => a.recorded_at.localeCompare(b.recorded_at));

    // Cold: past the cache's 10 s since any request of the stack read the bars.
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 1_000));
    const coldFrom = new Date().toISOString();
    await call(path, investor.token);
    const cold = (await historyRecords(coldFrom)).map((record) => record.dynamo_calls);

    // Warm: each measured request right after one that brought every held symbol's bars in.
    const warmFrom = new Date().toISOString();
    for (let round = 0; round < REPEATS; round += 1) {
      await call(path, investor.token);
      await call(path, investor.token);
    }
    const pairs = (await historyRecords(warmFrom)).map((record) => record.dynamo_calls);
    const warm = pairs.filter((_, index) => index % 2 === 1);
    process.stdout.write(`portfolio history: cold ${cold.join(', ')}; in pairs ${pairs.join(', ')}\n`);
    expect(pairs).toHaveLength(2 * REPEATS);
    expect(warm).toEqual(Array.from({ length: REPEATS }, () => 1));
    // Cold it reads the bars too: over the route target of 3 with more than two listings held.
    expect(cold).toHaveLength(1);
    expect(cold[0]).toBeGreaterThan(1);
  }, 120_000);
});
