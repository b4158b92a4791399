/**
 * Section 9: any listed symbol on demand. A live local stack of its own (`npm start -- --live`, in a
 * child process: the configuration is read once per process) against the provider simulator, every
 * provider answer delayed by `latencyMs`. For each of `symbols` generated SEC filers the store does not
 * hold (test data, each in the simulator's ticker map), one signed-in person asks for it
 * (POST /api/portfolio/instruments/{symbol}/fetch) and then polls GET .../{symbol} every 100 ms:
 * measured, the time from the request to the first answer carrying a grade. One symbol at a time, so
 * each figure is one person's wait, not a queue's. Provider limits are the defaults (Yahoo 2 requests
 * a second: a floor of 0.5 s between two symbols' first requests).
 *
 * `npm run bench:on-demand` prints the figures; `npm run bench` runs it as its section 9.
 */
import './quiet-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '@app/infra/local/local-stack';
import { signUpThroughInbox } from '../tests/src/sign-up-by-mail';
import { findFreePort } from '@app/infra/local/processes';
import { generatedInstruments } from '../tests/provider-simulator/instruments';
import { startProviderSimulator } from '../tests/provider-simulator/simulator';
import { round } from './report-format';
import { measureLiveSearchIndex, type SearchIndexFigures } from './live-search-index';

export interface OnDemandBenchFigures {
  symbols: number;
  latency_ms: number;
  graded: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  provider_requests: number;
  /**
   * The wait split up, per symbol, from the simulator's own log of this symbol's requests made before the
   * grade showed (they run one after another: bars, then company facts, then filings):
   * `provider` the providers' answers alone, requests x latency, the floor whatever the stack does;
   * `ours` the rest of the wait; `handoff`, part of ours, from the request to the first provider request
   * (the priority queue's hand-off to the worker, and any wait behind the previous symbol's work).
   */
  handoff_p50_ms: number;
  handoff_p99_ms: number;
  provider_p50_ms: number;
  provider_p99_ms: number;
  ours_p50_ms: number;
  ours_p99_ms: number;
  /** This symbol's provider requests made before the grade showed (median). */
  requests_before_grade_p50: number;
  /** The live search index, measured in this process before the stack starts. */
  search_index?: SearchIndexFigures;
}

const POLL_MS = 100;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function call(url: string, method: 'GET' | 'POST', token?: string) {
  const response = await fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(30_000),
  });
  return (await response.json()) as { state?: string; grade?: string | null };
}

export async function measureOnDemand(symbols: number, latencyMs: number): Promise<OnDemandBenchFigures> {
  const instruments = generatedInstruments(symbols, Date.now(), 'ODM').map((instrument, index) => ({
    ...instrument,
    cik: String(9_100_000 + index),
  }));
  const simulator = await startProviderSimulator({ instruments, latencyMs });
  Object.assign(process.env, simulator.env, { WATCHED_SYMBOLS: '^GSPC', LOCAL_PRICE_POLL_SECONDS: '0' });
  const work = mkdtempSync(join(tmpdir(), 'nugget-on-demand-'));
  const stack = await startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory: work,
    persistDynamo: false,
    reset: false,
    verbose: false,
    rateLimits: 'off',
    dataMode: 'live',
  });
  try {
    const registered = await signUpThroughInbox(stack, {
      email: `bench-on-demand-${Date.now()}@example.test`,
      password: 'Nugget-Bench-1',
      first_name: 'Bench',
      last_name: 'OnDemand',
      role: 'USER',
    });
    const token = registered.body.access_token;
    simulator.clearRequests();
    const waits: number[] = [];
    const handoffs: number[] = [];
    const providerWaits: number[] = [];
    const ourWaits: number[] = [];
    const requestsBeforeGrade: number[] = [];
    for (const instrument of instruments) {
      const url = `${stack.webUrl}/api/portfolio/instruments/${instrument.symbol}`;
      const startedAt = performance.timeOrigin + performance.now();
      const started = performance.now();
      let answer = await call(`${url}/fetch`, 'POST', token);
      while (answer.state !== 'ready' && performance.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        answer = await call(url, 'GET');
      }
      if (answer.state === 'ready' && answer.grade) {
        const gradedAt = performance.timeOrigin + performance.now();
        waits.push(gradedAt - startedAt);
        const own = simulator
          .requests()
          .filter(
            (request) =>
              request.at >= startedAt &&
              request.at < gradedAt &&
              (request.path.includes(instrument.symbol) || request.path.includes(instrument.cik)),
          );
        const providerTime = own.length * latencyMs;
        handoffs.push((own[0]?.at ?? gradedAt) - startedAt);
        providerWaits.push(providerTime);
        ourWaits.push(Math.max(0, gradedAt - startedAt - providerTime));
        requestsBeforeGrade.push(own.length);
      }
      process.stderr.write(
        `on demand: ${instrument.symbol} ${answer.state ?? JSON.stringify(answer)} after ${Math.round(performance.now() - started)} ms\n`,
      );
    }
    const sorted = [...waits].sort((a, b) => a - b);
    const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
    return {
      symbols,
      latency_ms: latencyMs,
      graded: waits.length,
      p50_ms: round(percentile(sorted, 50), 0),
      p99_ms: round(percentile(sorted, 99), 0),
      max_ms: round(sorted.at(-1) ?? 0, 0),
      provider_requests: simulator.requests().length,
      handoff_p50_ms: round(percentile(ascending(handoffs), 50), 0),
      handoff_p99_ms: round(percentile(ascending(handoffs), 99), 0),
      provider_p50_ms: round(percentile(ascending(providerWaits), 50), 0),
      provider_p99_ms: round(percentile(ascending(providerWaits), 99), 0),
      ours_p50_ms: round(percentile(ascending(ourWaits), 50), 0),
      ours_p99_ms: round(percentile(ascending(ourWaits), 99), 0),
      requests_before_grade_p50: percentile(ascending(requestsBeforeGrade), 50),
    };
  } finally {
    await stack.stop();
    await simulator.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('on-demand.ts')) {
  const json = process.argv.includes('--json');
  const searchIndex = await measureLiveSearchIndex();
  const figures = {
    ...(await measureOnDemand(json ? 40 : Number(process.env.ON_DEMAND_SYMBOLS ?? 40), 200)),
    search_index: searchIndex,
  };
  if (json) process.stdout.write(`\n${JSON.stringify(figures)}\n`);
  else console.log(figures);
  process.exit(0);
}
