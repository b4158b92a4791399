/**
 * The ledger's per-transaction storage (functions/src/data/ledger-repository.ts, issue 43) over HTTP
 * on a running local stack: a 10,000-row ledger imported in one file (one ledger version: the rows
 * written once, marked with their commit, then settled by the head), the write units one added transaction consumes at 100
 * and at 10,000 rows (from the cost records DynamoDB Local's ConsumedCapacity fills: the ledger's
 * write, the holdings derived from it, the Idempotency-Key), and the read routes' latency at 10,000
 * rows. Fresh PRO accounts (unlimited assets); the rows are BUYs of the replayed AAPL, three a day
 * from 2007, as a compact ledger-csv file. */
import { randomUUID } from 'node:crypto';
import type { LocalStack } from '@app/infra/local/local-stack';
import { callApi, createProUser } from './api-load';
import { readCostRecords } from './dynamo-efficiency';
import { round, summariseLatency, timeSequentially, type LatencyFigures } from './report-format';

export interface LedgerStorageBenchResult {
  ledger_rows: number;
  /** Rows per import request (each all or nothing), and the mean time and write units of one. */
  import_rows: number;
  import_ms: number;
  import_write_units: number;
  /** One POST /api/portfolio/transactions each, on ledgers of 100 and 10,000 rows. */
  add: Array<{ ledger_rows: number; requests: number; write_units_per_request: number; p50_ms: number }>;
  list_transactions: LatencyFigures;
  performance: LatencyFigures;
  /**
   * The performance route's valuation cache (functions/src/portfolio/valuation-cache.ts, kept by
   * ledger version and market date): a first read after an added transaction (a new version: a
   * miss, the ledger valued again) and the same read repeated at once (a hit).
   */
  performance_miss: LatencyFigures;
  performance_hit: LatencyFigures;
}

const LARGE = 10_000;
const SMALL = 100;
/** One request: a large import's rows are written once (functions/src/data/ledger-commit.ts appendSettled). */
const IMPORT_ROWS = LARGE;
const ADD_ROUTE = 'POST /api/portfolio/transactions';
const IMPORT_ROUTE = 'POST /api/portfolio/transactions/import';

/** `count` BUY rows of AAPL, three a day from 2007-01-02 (10,000 rows end in 2016, before the replay's window). */
function ledgerCsv(count: number, first = 0): string {
  const lines = [
    'type,date,symbol,quantity,price,fee,currency,amount,new_shares,old_shares,estimated,note,import_fingerprint',
  ];
  for (let index = first; index < first + count; index += 1) {
    const day = Date.UTC(2007, 0, 2) + Math.floor(index / 3) * 86_400_000;
    const date = new Date(day).toISOString().slice(0, 10);
    lines.push(`BUY,${date},AAPL,1,${10 + (index % 50)},0,USD,,,,false,,`);
  }
  return lines.join('\n');
}

async function importRows(stack: LocalStack, token: string, count: number, first = 0) {
  const started = performance.now();
  const response = await callApi(stack.webUrl, 'POST', '/api/portfolio/transactions/import', {
    token,
    body: { format: 'ledger-csv', content: ledgerCsv(count, first), all_or_nothing: true },
    headers: { 'idempotency-key': randomUUID() },
  });
  const milliseconds = performance.now() - started;
  const imported = (response.body as { imported?: number }).imported;
  if (response.status !== 200 || imported !== count) {
    throw new Error(`import of ${count}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  }
  return milliseconds;
}

/** The cost records of `route` written in [from, now]. */
async function recordsOf(stack: LocalStack, route: string, from: string) {
  await stack.flushCostRecords();
  return (await readCostRecords(from, new Date().toISOString())).filter((record) => record.route === route);
}

async function addRows(stack: LocalStack, token: string, ledgerRows: number, requests: number) {
  const from = new Date().toISOString();
  for (let index = 0; index < requests; index += 1) {
    const response = await callApi(stack.webUrl, 'POST', '/api/portfolio/transactions', {
      token,
      body: {
        type: 'BUY',
        date: '2016-09-02',
        symbol: 'AAPL',
        quantity: 1,
        price: 110,
        fee: 0,
        currency: 'USD',
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (response.status !== 201) throw new Error(`add: ${response.status} ${JSON.stringify(response.body)}`);
  }
  const records = await recordsOf(stack, ADD_ROUTE, from);
  const latencies = records.map((record) => record.latency_ms).sort((a, b) => a - b);
  return {
    ledger_rows: ledgerRows,
    requests: records.length,
    write_units_per_request: round(
      records.reduce((sum, record) => sum + record.write_capacity_units, 0) / Math.max(1, records.length),
      2,
    ),
    p50_ms: round(latencies[Math.floor(latencies.length / 2)] ?? 0),
  };
}

/** `samples` pairs of reads of the performance route, each pair after one added transaction. */
async function timeValuationCache(stack: LocalStack, token: string, samples: number) {
  const timed = async () => {
    const started = performance.now();
    const response = await callApi(stack.webUrl, 'GET', '/api/portfolio/performance', { token });
    if (response.status !== 200) throw new Error(`performance: ${response.status}`);
    return performance.now() - started;
  };
  const misses: number[] = [];
  const hits: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    await addRows(stack, token, LARGE, 1);
    misses.push(await timed());
    hits.push(await timed());
  }
  return {
    miss: summariseLatency(misses, { 200: samples }),
    hit: summariseLatency(hits, { 200: samples }),
  };
}

export async function runLedgerStorageBench(
  stack: LocalStack,
  options: { requests?: number; adds?: number } = {},
): Promise<LedgerStorageBenchResult> {
  const requests = options.requests ?? 50;
  const adds = options.adds ?? 10;
  const small = await createProUser(stack, 'ledger-small');
  const large = await createProUser(stack, 'ledger-large');
  await importRows(stack, small.token, SMALL);
  const importFrom = new Date().toISOString();
  let importMs = 0;
  for (let first = 0; first < LARGE; first += IMPORT_ROWS) {
    importMs += await importRows(stack, large.token, IMPORT_ROWS, first);
  }
  const importRecords = await recordsOf(stack, IMPORT_ROUTE, importFrom);
  const addSmall = await addRows(stack, small.token, SMALL, adds);
  const addLarge = await addRows(stack, large.token, LARGE, adds);
  const time = (path: string) =>
    timeSequentially(() => callApi(stack.webUrl, 'GET', path, { token: large.token }), requests, 3);
  const listTransactions = await time('/api/portfolio/transactions');
  const performanceReads = await time('/api/portfolio/performance');
  const cache = await timeValuationCache(stack, large.token, Math.max(5, Math.round(requests / 2)));
  return {
    ledger_rows: LARGE,
    import_rows: IMPORT_ROWS,
    import_ms: round(importMs / (LARGE / IMPORT_ROWS)),
    import_write_units: round(
      importRecords.reduce((sum, record) => sum + record.write_capacity_units, 0) /
        Math.max(1, importRecords.length),
    ),
    add: [addSmall, addLarge],
    list_transactions: listTransactions,
    performance: performanceReads,
    performance_miss: cache.miss,
    performance_hit: cache.hit,
  };
}

/** The section's lines in bench/results.md (section 7), also printed by `npm run bench:ledger-storage`. */
export function ledgerStorageLines(result: LedgerStorageBenchResult): string[] {
  const latency = (name: string, figures: LatencyFigures) =>
    `| ${name} | ${figures.requests} | ${figures.p50_ms} | ${figures.p99_ms} | ${figures.max_ms} |`;
  return [
    'Ledger storage, one item per transaction (`bench/ledger-storage.ts`): write units are DynamoDB ' +
      "Local's ConsumedCapacity summed per request by the cost records (the ledger's head and row, the " +
      'holdings derived from it, the Idempotency-Key record).',
    '',
    '| added transaction, ledger of | requests | write units per request | p50 ms |',
    '| ---: | ---: | ---: | ---: |',
    ...result.add.map(
      (add) =>
        `| ${add.ledger_rows} rows | ${add.requests} | ${add.write_units_per_request} | ${add.p50_ms} |`,
    ),
    '',
    `The ${result.ledger_rows}-row ledger imported in files of ${result.import_rows} rows (all or nothing): ` +
      `${result.import_ms} ms and ${result.import_write_units} write units per file.`,
    '',
    `| read at ${result.ledger_rows} rows | requests | p50 ms | p99 ms | max ms |`,
    '| --- | ---: | ---: | ---: | ---: |',
    latency('GET /api/portfolio/transactions', result.list_transactions),
    latency('GET /api/portfolio/performance', result.performance),
    '',
    'The valuation cache (`functions/src/portfolio/valuation-cache.ts`, kept by ledger version and market ' +
      'date): each pair of reads follows one added transaction, so the first must value the new version ' +
      '(a miss) and the second, the same read at once, may be served from the cache (a hit); the ' +
      "difference is the cache's effect.",
    '',
    `| GET /api/portfolio/performance at ${result.ledger_rows}+ rows | requests | p50 ms | p99 ms | max ms |`,
    '| --- | ---: | ---: | ---: | ---: |',
    latency('first read after a change (miss)', result.performance_miss),
    latency('the same read repeated at once', result.performance_hit),
    '',
  ];
}
