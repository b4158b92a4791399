import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
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
import { round } from './report-format';

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
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_METRICS_DISABLED: 'true',
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
      await new Promise((resolve) => child.once('message', resolve));
      workers.push(child);
    }
    const config = loadConfig(environment);
    const deps = createIngestionDeps(config);
    options.progress(
      `ingestion: ${options.symbols} symbols, ${options.requestsPerSecond} requests/s, ${options.workers} workers`,
    );
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
    const wallSeconds = (performance.now() - started) / 1000;
    const peaks = workers.map((child) => peakResidentBytes(child.pid as number));
    if (!drained) throw new Error('the ingestion queues did not drain');

    options.progress('ingestion: checking every stored bar against what the simulator served');
    const client = createDocumentClient(config);
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
    const times = simulator.requests('yahoo').map((request) => request.at);
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
