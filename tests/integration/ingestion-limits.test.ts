import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPOSITORY_ROOT } from '@app/infra/local/local-stack';
import { addDays, marketDate } from '../provider-simulator/generated-series';
import { generatedInstruments } from '../provider-simulator/instruments';
import { startIngestionHarness, type IngestionHarness } from '../src/ingestion-harness';

/**
 * What the ingestion path promises a provider and the store when things go wrong: the shared rate
 * limit holds in every sliding second across workers, the breaker opens and recovers, Retry-After is
 * honoured, a worker killed mid-batch loses and duplicates nothing, a split restates the history.
 * Each case runs on a harness of its own (its own tables, queue and simulator).
 */

const dynamoEndpoint = () => inject('stack').dynamoEndpoint;
const harnesses: IngestionHarness[] = [];

async function harnessFor(
  stage: string,
  count: number,
  options: Partial<Parameters<typeof startIngestionHarness>[0]> = {},
) {
  const instruments =
    options.instruments ??
    generatedInstruments(
      count,
      Date.now(),
      stage
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .slice(0, 3),
    );
  const harness = await startIngestionHarness({
    stage,
    dynamoEndpoint: dynamoEndpoint(),
    instruments,
    watched: instruments.map((instrument) => instrument.symbol),
    ...options,
  });
  harnesses.push(harness);
  return harness;
}

afterAll(async () => {
  await Promise.all(harnesses.map((harness) => harness.stop()));
});

/** The largest number of requests inside any window [t, t + 1000 ms) starting at a request. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = 0;
  for (let start = 0, end = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && (sorted[end] as number) < (sorted[start] as number) + 1000) end += 1;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}

describe('the shared rate limit', () => {
  it('keeps every sliding second within 10 requests across two workers', async () => {
    const harness = await harnessFor('ingest-rate', 40);
    // Two workers with guards of their own, as two Lambda instances: only the table is shared.
    harness.startWorker();
    harness.startWorker({ symbolConcurrency: 4 });
    expect(await harness.planAndDrain(60_000)).toBe(true);
    const times = harness.simulator.requests('yahoo').map((request) => request.at);
    expect(times).toHaveLength(40);
    expect(busiestSecond(times)).toBeLessThanOrEqual(10);
    // And it is used: 40 requests at 10 a second take at least 3.9 s, and not much more.
    const span = (Math.max(...times) - Math.min(...times)) / 1000;
    expect(span).toBeGreaterThanOrEqual(3.9);
  }, 90_000);
});

describe('the circuit breaker and Retry-After', () => {
  it('opens after three failed requests, leaves the provider alone while open, and closes on a good trial', async () => {
    const harness = await harnessFor('ingest-breaker', 1);
    harness.simulator.injectFault({ provider: 'yahoo', fault: { kind: 'status', status: 503 } });
    harness.startWorker();
    await harness.plan();
    // One delivery: three attempts, all 503: the breaker (3 failures) opens.
    await expect.poll(async () => (await harness.breaker('yahoo'))?.state, { timeout: 20_000 }).toBe('open');
    expect(harness.simulator.requests('yahoo')).toHaveLength(3);
    const symbol = harness.simulator.requests('yahoo')[0]?.symbol as string;
    expect((await harness.series(symbol))?.consecutive_failures).toBeGreaterThanOrEqual(1);
    // Redelivered while open (2 s): refused without a request.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(harness.simulator.requests('yahoo')).toHaveLength(3);
    harness.simulator.clearFaults();
    expect(await harness.drain(30_000)).toBe(true);
    expect(await harness.breaker('yahoo')).toMatchObject({ state: 'closed', consecutive_failures: 0 });
    expect(await harness.series(symbol)).toMatchObject({ status: 'active', consecutive_failures: 0 });
    // The trial was one request after the open period, and it succeeded.
    const after = harness.simulator.requests('yahoo').slice(3);
    expect(after.map((request) => request.status)).toEqual([200]);
    const openedAt = harness.simulator.requests('yahoo')[2]?.at as number;
    expect((after[0]?.at as number) - openedAt).toBeGreaterThanOrEqual(2_000);
  }, 90_000);

  it('waits the Retry-After a 429 asked for before the next request', async () => {
    const harness = await harnessFor('ingest-retry', 1);
    harness.simulator.injectFault({
      provider: 'yahoo',
      times: 1,
      fault: { kind: 'status', status: 429, retryAfterSeconds: 2 },
    });
    harness.startWorker();
    expect(await harness.planAndDrain()).toBe(true);
    const [throttled, retried] = harness.simulator.requests('yahoo');
    expect([throttled?.status, retried?.status]).toEqual([429, 200]);
    expect((retried?.at as number) - (throttled?.at as number)).toBeGreaterThanOrEqual(2_000);
  }, 60_000);
});

describe('a worker killed mid-batch', () => {
  it('loses and duplicates nothing once the message is delivered again', async () => {
    const harness = await harnessFor('ingest-kill', 20, { environment: { YAHOO_REQUESTS_PER_SECOND: '4' } });
    const worker: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'infra/local/queue-worker-process.ts'],
      {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, ...harness.environment },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    try {
      await harness.plan();
      // Kill it hard once it has fetched a few symbols of the 20 in its one message.
      await expect
        .poll(() => harness.simulator.requests('yahoo').length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThanOrEqual(6);
      worker.kill('SIGKILL');
      await exited;
      const beforeRestart = harness.simulator.requests('yahoo').length;
      expect(beforeRestart).toBeLessThan(20);
      // A new worker picks the message up again after its visibility timeout (3 s).
      harness.startWorker();
      expect(await harness.drain(60_000)).toBe(true);
      const from = addDays(marketDate('equity', Date.now()), -729);
      for (const symbol of harness.simulator.requests('yahoo').map((request) => request.symbol as string)) {
        const stored = await harness.storedBars(symbol);
        const served = harness.simulator.bars(symbol).filter((bar) => bar.date >= from);
        expect(
          stored.map((bar) => [bar.date, bar.close]),
          symbol,
        ).toEqual(served.map((bar) => [bar.date, bar.close]));
        expect(await harness.series(symbol), symbol).toMatchObject({ status: 'active' });
      }
      // Symbols finished before the kill were not fetched again.
      expect(new Set(harness.simulator.requests('yahoo').map((request) => request.symbol)).size).toBe(20);
      expect(harness.simulator.requests('yahoo').length).toBeLessThan(20 + 4 + 4);
    } finally {
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    }
  }, 120_000);
});

describe('a split', () => {
  it('restates the stored history once the provider reports it', async () => {
    let now = Date.parse('2024-08-29T21:00:00Z');
    const clock = () => new Date(now);
    const harness = await harnessFor('ingest-split', 0, {
      instruments: [
        {
          symbol: 'SPLT',
          kind: 'equity',
          name: 'Splitting equity (test data)',
          start: '2023-06-01',
          split: { date: '2024-09-03', numerator: 4, denominator: 1 },
        },
      ],
      watched: ['SPLT'],
      now: clock,
    });
    harness.startWorker();
    expect(await harness.planAndDrain()).toBe(true);
    const before = await harness.storedBars('SPLT', '2024-08-01', '2024-08-31');
    // Before the split the provider serves prices four times the adjusted ones.
    now = Date.parse('2024-09-05T21:00:00Z');
    expect(await harness.planAndDrain()).toBe(true);
    const served = harness.simulator.bars('SPLT');
    const stored = await harness.storedBars('SPLT');
    expect(stored.map((bar) => [bar.date, bar.close])).toEqual(
      served.filter((bar) => bar.date >= (stored[0]?.date as string)).map((bar) => [bar.date, bar.close]),
    );
    const restated = stored.find((bar) => bar.date === before[0]?.date);
    expect(restated?.close).toBeCloseTo((before[0]?.close as number) / 4, 1);
    expect(await harness.series('SPLT')).toMatchObject({ split_dates: ['2024-09-03'] });
  }, 90_000);
});
