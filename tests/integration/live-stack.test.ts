import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import { STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { addDays, marketDate, tradesOn } from '../provider-simulator/generated-series';
import { DEMO_INSTRUMENTS } from '../provider-simulator/demo-instruments';
import { startProviderSimulator, type ProviderSimulator } from '../provider-simulator/simulator';

/**
 * The whole local stack in live mode (`npm start -- --live`) against the provider simulator, on a
 * stack of its own with DynamoDB persisted in a temporary directory: the providers' addresses come
 * from the environment, prices reach the API only through the store, a failing provider leaves the
 * last stored prices served (marked stale by their calendar), and the supervisor restarts a killed
 * DynamoDB Local with its data.
 */

const today = marketDate('equity', Date.now());
/** Three sessions before today, by the simulator's own session rule. */
function sessionsBefore(count: number): string {
  let date = today;
  for (let found = 0; found < count;) {
    date = addDays(date, -1);
    if (tradesOn('equity', date)) found += 1;
  }
  return date;
}
const lastGoodDay = sessionsBefore(3);
const WATCHED = ['^GSPC', 'AAPL', 'MSFT', 'BTC-USD', 'SOL-USD', 'GC=F', 'EURUSD=X'];

let simulator: ProviderSimulator;
let stack: LocalStack;
let dataDirectory: string;
const stackLog: string[] = [];

beforeAll(async () => {
  // MSFT's provider stopped three sessions ago: its last good price is what the store holds.
  const instruments = DEMO_INSTRUMENTS.filter((instrument) => WATCHED.includes(instrument.symbol)).map(
    (instrument) => (instrument.symbol === 'MSFT' ? { ...instrument, end: lastGoodDay } : instrument),
  );
  simulator = await startProviderSimulator({ instruments });
  Object.assign(process.env, simulator.env, {
    WATCHED_SYMBOLS: WATCHED.join(','),
    LOCAL_PRICE_POLL_SECONDS: '0',
    YAHOO_REQUESTS_PER_SECOND: '10',
    COINGECKO_REQUESTS_PER_SECOND: '10',
    PROVIDER_BREAKER_FAILURES: '3',
    PROVIDER_BREAKER_OPEN_SECONDS: '600',
  });
  dataDirectory = mkdtempSync(join(tmpdir(), 'nugget-live-'));
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
    dataMode: 'live',
    log: (message) => stackLog.push(message),
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await simulator?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

interface PricesBody {
  data_mode: string;
  prices: Record<string, { name: string; price: number; as_of: string; stale: boolean; data_mode: string }>;
}

async function prices(): Promise<{ status: number; body: PricesBody }> {
  const response = await fetch(`${stack.webUrl}/api/ai/prices/real-time`, {
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as PricesBody };
}

/** One call to the live stack's API (its own origin, not the shared test stack's). */
async function callLive(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.webUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: await response.json() };
}

async function registerOnLiveStack(): Promise<string> {
  const response = await fetch(`${stack.webUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail('live-ledger'),
      password: STRONG_PASSWORD,
      first_name: 'Live',
      last_name: 'Investor',
      role: 'USER',
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await response.json()) as { access_token: string };
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

describe('npm start -- --live against the provider simulator', () => {
  it('takes the providers’ addresses from the environment and serves their prices from the store', async () => {
    const { status, body } = await prices();
    expect(status).toBe(200);
    expect(body.data_mode).toBe('live');
    expect(Object.keys(body.prices).sort()).toEqual([...WATCHED].sort());
    const aapl = simulator.bars('AAPL').at(-1);
    expect(body.prices.AAPL).toMatchObject({
      price: aapl?.close,
      as_of: aapl?.date,
      data_mode: 'live',
      stale: false,
    });
    expect(body.prices.AAPL?.name).toContain('simulated test data');
    // SOL-USD is not on the simulated Yahoo: it came from the simulated CoinGecko.
    expect(body.prices['SOL-USD']?.price).toBe(simulator.bars('SOL-USD').at(-1)?.close);
    expect(simulator.requests('coingecko').some((request) => request.symbol === 'solana')).toBe(true);
  });

  it('values a EUR-based ledger with the live EUR/USD pair: cost at the buy day’s rate, value at today’s', async () => {
    // By hand, from the bars the simulated Yahoo serves (its chart answers, stored by the ingestion):
    // 2 AAPL bought on a session five back at that day's close P0, when EURUSD=X closed R0 (dollars per
    // euro), cost 2 x P0 / R0 euros; valued at AAPL's latest close P1 and the latest rate R1: 2 x P1 / R1.
    const buyDate = sessionsBefore(5);
    const aaplOn = simulator.bars('AAPL').find((bar) => bar.date === buyDate);
    const eurOn = simulator.bars('EURUSD=X').findLast((bar) => bar.date <= buyDate);
    const aaplNow = simulator.bars('AAPL').at(-1);
    const eurNow = simulator.bars('EURUSD=X').at(-1);
    if (!aaplOn || !eurOn || !aaplNow || !eurNow) throw new Error('the simulator serves no such bars');
    const token = await registerOnLiveStack();
    expect(
      (
        await callLive('PUT', '/api/portfolio/ledger-settings', token, {
          base_currency: 'EUR',
          cost_method: 'FIFO',
        })
      ).status,
    ).toBe(200);
    const added = await callLive('POST', '/api/portfolio/transactions', token, {
      type: 'BUY',
      date: buyDate,
      symbol: 'AAPL',
      quantity: 2,
      price: aaplOn.close,
      fee: 0,
      currency: 'USD',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const performance = await callLive('GET', '/api/portfolio/performance', token);
    expect(performance.status, JSON.stringify(performance.body)).toBe(200);
    const { base_currency: base, holdings } = performance.body as {
      base_currency: string;
      holdings: { symbol: string; cost_base: number; value_base: number; price: number }[];
    };
    expect(base).toBe('EUR');
    expect(holdings).toHaveLength(1);
    expect(holdings[0]?.price).toBe(aaplNow.close);
    expect(holdings[0]?.cost_base).toBeCloseTo((2 * aaplOn.close) / eurOn.close, 6);
    expect(holdings[0]?.value_base).toBeCloseTo((2 * aaplNow.close) / eurNow.close, 6);
  });

  it('serves the last stored prices when the provider is down, marked stale by their calendar, never invented', async () => {
    simulator.injectFault({ provider: 'yahoo', fault: { kind: 'status', status: 503 } });
    await stack.runJobs();
    const { status, body } = await prices();
    expect(status).toBe(200);
    // Three failed requests open Yahoo's breaker (one or two more may already be on their way, a few
    // symbols are fetched at once); once open, the next run leaves the provider alone.
    const failedRequests = simulator.requests('yahoo').filter((request) => request.status === 503).length;
    expect(failedRequests).toBeGreaterThanOrEqual(3);
    expect(failedRequests).toBeLessThanOrEqual(3 + 3);
    simulator.injectFault({ provider: 'yahoo', fault: { kind: 'status', status: 503 } });
    const requestsBefore = simulator.requests('yahoo').length;
    await stack.runJobs();
    simulator.clearFaults();
    expect(simulator.requests('yahoo').length).toBe(requestsBefore);
    const msft = simulator.bars('MSFT').at(-1);
    expect(msft?.date).toBe(lastGoodDay);
    expect(body.prices.MSFT).toMatchObject({ price: msft?.close, as_of: lastGoodDay, stale: true });
    const aapl = simulator.bars('AAPL').at(-1);
    expect(body.prices.AAPL).toMatchObject({ price: aapl?.close, as_of: aapl?.date, stale: false });
  }, 120_000);

  it('restarts a killed DynamoDB Local with its data and says so', async () => {
    const before = await prices();
    const database = stack.servers.find((server) => server.name === 'DynamoDB Local');
    const pid = database?.current().child.pid as number;
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(async () => (await prices().catch(() => ({ status: 0 }))).status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(200);
    // The API answers as soon as the port is open; the supervisor says so once the restart is done.
    await database?.whenRunning();
    expect(database?.current().child.pid).not.toBe(pid);
    expect(stackLog.some((line) => /DynamoDB Local exited .*restarting it with its data/.test(line))).toBe(
      true,
    );
    expect(stackLog.some((line) => /DynamoDB Local is running again/.test(line))).toBe(true);
    const after = await prices();
    expect(after.body.prices).toEqual(before.body.prices);
  }, 120_000);
});
