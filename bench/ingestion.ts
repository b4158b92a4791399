import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '@app/functions/config';
import { createIngestionDeps } from '@app/functions/jobs/ingestion-deps';
import { runIngestionPlanner } from '@app/functions/jobs/ingestion-planner';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createPricesRepository } from '@app/functions/data/prices-repository';
import { LAMBDA_BUNDLING, REPOSITORY_ROOT } from '../infra/lib/constructs/app-function';
import { tableName } from '../infra/lib/table-definitions';
import { createTables, localDynamoClient, startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { findFreePort } from '../infra/local/processes';
import { startQueueConsumer } from '../infra/local/queue-consumer';
import { createQueues, localQueueClient, startQueueServer } from '../infra/local/queue-server';
import { addDays, marketDate } from '../tests/provider-simulator/generated-series';
import { generatedInstruments } from '../tests/provider-simulator/instruments';
import { startProviderSimulator } from '../tests/provider-simulator/simulator';
import type { SendTraceBatch, TracedRequest } from './ingestion-send-trace';
import { percentile, round } from './report-format';

/**
 * Section 8: ingestion at scale. `symbols` generated equities (two years and a month of daily bars
 * each, labelled test data) served by the provider simulator; the planner sends them in batches of 20;
 * two worker processes (the CDK caps the worker at two concurrent invocations) run the bundled worker
 * handler against a DynamoDB Local of their own and a fauxqs queue, under a shared limit of
 * `requestsPerSecond` to the provider. Measured: wall time against the floor the limit sets (one
 * request per symbol), the busiest sliding second the provider saw, every stored bar against what the
 * simulator served (lost, duplicated), DynamoDB write units per symbol (the workers' own capacity
 * records), and each worker's peak resident memory (VmHWM).
 */

export interface IngestionBenchFigures {
  symbols: number;
  requests_per_second: number;
  floor_seconds: number;
  wall_seconds: number;
  requests: number;
  busiest_second: number;
  bars_expected: number;
  bars_stored: number;
  bars_lost: number;
  bars_duplicated: number;
  symbols_incomplete: number;
  write_units_per_symbol: number;
  read_units_per_symbol: number;
  worker_invocations: number;
  worker_peak_rss_bytes: number[];
  profile: IngestionProfile;
}

/** Where the wall time goes: the request timeline the provider saw, the workers' busy time, CPU per process. */
export interface IngestionProfile {
  /** Planner start to the provider's first request. */
  first_request_seconds: number;
  /** First to last request. */
  request_span_seconds: number;
  /** Last request to the queues empty. */
  tail_seconds: number;
  /** The spacing of the shared limiter's slots (the LIMIT item's interval_ms). */
  slot_interval_ms: number;
  /** Mean gap between consecutive requests over the span. */
  mean_gap_ms: number;
  /** Time the request pace lost to gaps longer than 1.5 slot intervals: the sum of (gap - interval). */
  long_gap_seconds: number;
  long_gaps: number;
  /** Slots the limiter handed out (from its next slot at the end), against the requests sent. */
  slots_reserved: number;
  /** Requests beyond the first for a symbol (a retry, or a message received again), and the symbols asked twice. */
  repeated_requests: number;
  symbols_repeated: number;
  /**
   * The send path, p50 / p99 / max in ms over the requests (bench/ingestion-send-trace.ts): how late
   * the guard woke up on its slot, from the guard letting the request go to its socket write, from
   * that write to the simulator's arrival stamp, and from the slot to the arrival.
   */
  send_path_ms: Record<'wake_up' | 'to_socket' | 'to_arrival' | 'slot_to_arrival', [number, number, number]>;
  /** Slots the guards gave up on waking past their margin; requests not written past their deadline. */
  slots_given_up: number;
  requests_unsent: number;
  /** Per worker process: time inside handler invocations, against the wall time. */
  worker_busy_seconds: number[];
  /** CPU seconds (user + system) over the run, per process. */
  cpu_seconds: { workers: number[]; dynamodb: number; queue: number; bench: number };
}

function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = 0;
  for (let start = 0, end = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && (sorted[end] as number) < (sorted[start] as number) + 1000) end += 1;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function longGaps(times: readonly number[], intervalMs: number): { count: number; excessMs: number } {
  const sorted = [...times].sort((a, b) => a - b);
  let count = 0;
  let excessMs = 0;
  for (let index = 1; index < sorted.length; index += 1) {
    const gap = (sorted[index] as number) - (sorted[index - 1] as number);
    if (gap > intervalMs * 1.5) {
      count += 1;
      excessMs += gap - intervalMs;
    }
  }
  return { count, excessMs };
}

function sendPath(
  sends: readonly TracedRequest[],
  arrivals: readonly { path: string; at: number }[],
): IngestionProfile['send_path_ms'] {
  const arrivedAt = new Map(arrivals.map((request) => [request.path, request.at]));
  const summary = (values: number[]): [number, number, number] => {
    const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
    return sorted.length
      ? [
          round(percentile(sorted, 0.5), 1),
          round(percentile(sorted, 0.99), 1),
          round(sorted.at(-1) as number, 1),
        ]
      : [Number.NaN, Number.NaN, Number.NaN];
  };
  const arrival = (send: TracedRequest) => arrivedAt.get(send.path) ?? Number.NaN;
  return {
    wake_up: summary(sends.map((send) => send.releasedAt - send.slot)),
    to_socket: summary(sends.map((send) => send.sentAt - send.releasedAt)),
    to_arrival: summary(sends.map((send) => arrival(send) - send.sentAt)),
    slot_to_arrival: summary(sends.map((send) => arrival(send) - send.slot)),
  };
}

function peakResidentBytes(pid: number): number {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function runIngestionBench(options: {
  symbols: number;
  requestsPerSecond: number;
  workers: number;
  work: string;
  progress: (message: string) => void;
}): Promise<IngestionBenchFigures> {
  const now = Date.now();
  const instruments = generatedInstruments(options.symbols, now, 'SIM', 760);
  const simulator = await startProviderSimulator({ instruments });
  const dynamoPort = await findFreePort();
  const queuePort = await findFreePort();
  const dynamo = await startDynamoDbLocal(dynamoPort, null);
  const queue = await startQueueServer(queuePort);
  const workers: ChildProcess[] = [];
  const busyMs: { ms: number }[] = [];
  const sends: TracedRequest[] = [];
  const slotsLost = { givenUp: 0, unsent: 0 };
  try {
    await createTables(localDynamoClient(dynamoPort), 'bench');
    const urls = await createQueues(localQueueClient(queuePort), 60);
    const environment: Record<string, string> = {
      ...simulator.env,
      STAGE: 'bench',
      DATA_MODE: 'live',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
      TABLE_MARKET: tableName('bench', 'market'),
      TABLE_USAGE: tableName('bench', 'usage'),
      SQS_ENDPOINT: `http://127.0.0.1:${queuePort}`,
      INGESTION_QUEUE_URL: urls.normal,
      INGESTION_PRIORITY_QUEUE_URL: urls.priority,
      INGESTION_JITTER_SECONDS: '0',
      WATCHED_SYMBOLS: instruments.map((instrument) => instrument.symbol).join(','),
      YAHOO_REQUESTS_PER_SECOND: String(options.requestsPerSecond),
      COST_RECORDS: 'dynamodb',
      COST_RECORD_DETAIL: 'on',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'ERROR',
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Required outside the local stage; the worker signs no mail link, so any 32 characters do.
      MAIL_TOKEN_SECRET: 'bench-ingestion-mail-token-secret-unused',
    };
    const driver = join(options.work, 'ingestion-worker.mjs');
    await esbuild.build({
      entryPoints: [join(REPOSITORY_ROOT, 'bench', 'ingestion-worker-driver.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: LAMBDA_BUNDLING.target,
      outfile: driver,
      minify: true,
      tsconfig: LAMBDA_BUNDLING.tsconfig,
      banner: { js: LAMBDA_BUNDLING.banner },
      mainFields: [...LAMBDA_BUNDLING.mainFields],
      logLevel: 'error',
    });
    for (let index = 0; index < options.workers; index += 1) {
      const child = fork(driver, [], {
        env: { ...environment, PATH: process.env.PATH ?? '' },
        stdio: 'inherit',
      });
      await new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) =>
          reject(new Error(`an ingestion worker exited with ${code} before it was ready`)),
        );
      });
      const busy = { ms: 0 };
      child.on('message', (message: { invocation?: [number, number]; sends?: SendTraceBatch }) => {
        if (message.invocation) busy.ms += message.invocation[1] - message.invocation[0];
        if (message.sends) {
          sends.push(...message.sends.sent);
          slotsLost.givenUp += message.sends.givenUp;
          slotsLost.unsent += message.sends.unsent;
        }
      });
      workers.push(child);
      busyMs.push(busy);
    }
    const config = loadConfig(environment);
    const deps = createIngestionDeps(config);
    options.progress(
      `ingestion: ${options.symbols} symbols, ${options.requestsPerSecond} requests/s, ${options.workers} workers`,
    );
    const processes = () => [
      ...workers.map((child) => child.pid),
      dynamo.child.pid,
      queue.child.pid,
      process.pid,
    ];
    const cpuBefore = processes().map(cpuSeconds);
    const startedAt = Date.now();
    const started = performance.now();
    await runIngestionPlanner(deps);
    const watcher = startQueueConsumer({
      client: localQueueClient(queuePort),
      queueUrls: [urls.priority, urls.normal],
      handle: async () => ({ batchItemFailures: [] }),
      pollers: 0,
    });
    const drained = await watcher.drain(
      Math.max(900_000, (options.symbols / options.requestsPerSecond) * 4000),
    );
    // Its long poll would otherwise keep the bench process alive after the report.
    await watcher.stop();
    const wallSeconds = (performance.now() - started) / 1000;
    const endedAt = Date.now();
    const cpu = processes().map((pid, index) => round(cpuSeconds(pid) - (cpuBefore[index] as number), 1));
    const peaks = workers.map((child) => peakResidentBytes(child.pid as number));
    if (!drained) throw new Error('the ingestion queues did not drain');

    const client = createDocumentClient(config);
    const requests = simulator.requests('yahoo');
    const times = requests.map((request) => request.at);
    const perSymbol = new Map<string | null, number>();
    for (const request of requests) perSymbol.set(request.symbol, (perSymbol.get(request.symbol) ?? 0) + 1);
    const limit = await client.send(
      new GetCommand({ TableName: config.TABLE_MARKET, Key: { pk: 'PROVIDER#yahoo', sk: 'LIMIT' } }),
    );
    const intervalMs = Number(limit.Item?.interval_ms ?? 0);
    const firstRequest = Math.min(...times);
    const lastRequest = Math.max(...times);
    const gaps = longGaps(times, intervalMs);
    const profile: IngestionProfile = {
      first_request_seconds: round((firstRequest - startedAt) / 1000, 1),
      request_span_seconds: round((lastRequest - firstRequest) / 1000, 1),
      tail_seconds: round((endedAt - lastRequest) / 1000, 1),
      slot_interval_ms: intervalMs,
      mean_gap_ms: round((lastRequest - firstRequest) / Math.max(1, times.length - 1), 1),
      long_gap_seconds: round(gaps.excessMs / 1000, 1),
      long_gaps: gaps.count,
      slots_reserved: intervalMs
        ? Math.round((Number(limit.Item?.next_slot_at ?? 0) - firstRequest) / intervalMs)
        : 0,
      repeated_requests: requests.length - perSymbol.size,
      symbols_repeated: [...perSymbol.values()].filter((count) => count > 1).length,
      send_path_ms: sendPath(sends, requests),
      slots_given_up: slotsLost.givenUp,
      requests_unsent: slotsLost.unsent,
      worker_busy_seconds: busyMs.map((busy) => round(busy.ms / 1000, 1)),
      cpu_seconds: {
        workers: cpu.slice(0, workers.length),
        dynamodb: cpu[workers.length] as number,
        queue: cpu[workers.length + 1] as number,
        bench: cpu[workers.length + 2] as number,
      },
    };
    options.progress(`ingestion: drained in ${round(wallSeconds, 1)} s; profile ${JSON.stringify(profile)}`);
    options.progress('ingestion: checking every stored bar against what the simulator served');
    const prices = createPricesRepository(client, config.TABLE_MARKET);
    const from = addDays(marketDate('equity', now), -729);
    let expected = 0;
    let stored = 0;
    let lost = 0;
    let duplicated = 0;
    let incomplete = 0;
    for (const instrument of instruments) {
      const served = simulator.bars(instrument.symbol).filter((bar) => bar.date >= from);
      const bars = await prices.getStoredBars(instrument.symbol, from, '2100-01-01');
      const dates = new Set(bars.map((bar) => bar.date));
      const missing = served.filter((bar) => !dates.has(bar.date)).length;
      expected += served.length;
      stored += bars.length;
      lost += missing;
      duplicated += bars.length - dates.size;
      if (missing > 0) incomplete += 1;
    }
    const records: { write_capacity_units: number; read_capacity_units: number }[] = [];
    for (const day of new Set([
      new Date(now).toISOString().slice(0, 10),
      new Date().toISOString().slice(0, 10),
    ])) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: config.TABLE_USAGE,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :route)',
            ExpressionAttributeValues: { ':pk': `COST#${day}`, ':route': 'job:ingestion-worker#' },
            ExclusiveStartKey: startKey,
          }),
        );
        records.push(...((page.Items ?? []) as typeof records));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
    return {
      symbols: options.symbols,
      requests_per_second: options.requestsPerSecond,
      floor_seconds: options.symbols / options.requestsPerSecond,
      wall_seconds: round(wallSeconds, 1),
      requests: times.length,
      busiest_second: busiestSecond(times),
      bars_expected: expected,
      bars_stored: stored,
      bars_lost: lost,
      bars_duplicated: duplicated,
      symbols_incomplete: incomplete,
      write_units_per_symbol: round(
        records.reduce((sum, record) => sum + record.write_capacity_units, 0) / options.symbols,
        1,
      ),
      read_units_per_symbol: round(
        records.reduce((sum, record) => sum + record.read_capacity_units, 0) / options.symbols,
        1,
      ),
      worker_invocations: records.length,
      worker_peak_rss_bytes: peaks,
      profile,
    };
  } finally {
    for (const child of workers) child.kill('SIGTERM');
    await Promise.all(
      workers.map(
        (child) =>
          new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    );
    await queue.stop();
    await dynamo.stop();
    await simulator.stop();
  }
}
