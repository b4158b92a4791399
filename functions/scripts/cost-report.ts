/**
 * Prints what each route cost per UTC day, from a running local stack:
 *
 *   npm run cost-report                                    # via the API, signed in as the seeded admin
 *   npm run cost-report -- --api http://127.0.0.1:3600/api
 *   npm run cost-report -- --dynamodb http://127.0.0.1:8600   # straight from the local cost records
 *   npm run cost-report -- --from 2026-11-16 --to 2026-11-22
 *
 * Same rows as GET /api/admin/costs: requests, p50/p95 latency, average and total cost, cost per
 * 1,000 requests, priced by the dated table in functions/src/platform/cost-model.ts.
 */
import { parseArgs } from 'node:util';
import { createRecordsCostSource, getCosts, type CostsResponse } from '../src/admin/costs-service';
import { createCostsRepository } from '../src/data/costs-repository';
import { rendererFor } from '../src/platform/messages';
import { createDocumentClient } from '../src/platform/dynamo-client';

const SEED_ADMIN = { email: 'admin@nugget.local', password: 'NuggetAdmin1' };

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    api: { type: 'string' },
    dynamodb: { type: 'string' },
    table: { type: 'string', default: 'nugget-local-usage' },
    from: { type: 'string' },
    to: { type: 'string' },
    email: { type: 'string', default: SEED_ADMIN.email },
    password: { type: 'string', default: SEED_ADMIN.password },
    // Admins sign in with an authenticator app: the code it shows now (npm start prints the seed's key).
    'totp-code': { type: 'string' },
  },
});

async function readViaApi(apiUrl: string): Promise<CostsResponse> {
  const base = apiUrl.replace(/\/$/, '');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: values.email,
      password: values.password,
      ...(values['totp-code'] ? { totp_code: values['totp-code'] } : {}),
    }),
  });
  if (!login.ok) throw new Error(`sign-in as ${values.email} failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const url = new URL(`${base}/admin/costs`);
  if (values.from) url.searchParams.set('from', values.from);
  if (values.to) url.searchParams.set('to', values.to);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok)
    throw new Error(`GET /api/admin/costs failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CostsResponse;
}

async function readFromDynamoDb(endpoint: string): Promise<CostsResponse> {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: endpoint });
  const source = createRecordsCostSource(createCostsRepository(client, values.table));
  return getCosts(source, { from: values.from, to: values.to }, new Date(), rendererFor('en'));
}

function usd(value: number, digits: number): string {
  return `$${value.toFixed(digits)}`;
}

function printTable(report: CostsResponse): void {
  const header = ['day', 'route', 'requests', 'p50 ms', 'p95 ms', 'avg / request', 'total', 'per 1,000'];
  const lines = report.rows.map((row) => [
    row.day,
    row.route,
    String(row.requests),
    row.p50_ms.toFixed(1),
    row.p95_ms.toFixed(1),
    usd(row.average_cost_usd, 8),
    usd(row.total_cost_usd, 8),
    usd(row.cost_per_1000_usd, 5),
  ]);
  const requests = report.rows.reduce((sum, row) => sum + row.requests, 0);
  const total = report.rows.reduce((sum, row) => sum + row.total_cost_usd, 0);
  lines.push([
    'all',
    `${report.rows.length} route-days`,
    String(requests),
    '',
    '',
    requests > 0 ? usd(total / requests, 8) : '',
    usd(total, 8),
    requests > 0 ? usd((total / requests) * 1000, 5) : '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`Cost per route and UTC day, ${report.from} to ${report.to}`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(0, -1)) console.log(format(line));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  console.log(format(lines.at(-1) as string[]));
  console.log(
    `\nPrices: ${report.price_table.region} list prices as of ${report.price_table.as_of}; ${report.price_table.source}.`,
  );
  console.log('Estimates without free tiers or volume discounts (see functions/src/platform/cost-model.ts).');
}

async function main(): Promise<void> {
  const report = values.dynamodb
    ? await readFromDynamoDb(values.dynamodb)
    : await readViaApi(values.api ?? `http://127.0.0.1:${process.env.WEB_PORT ?? '3000'}/api`);
  if (report.rows.length === 0) {
    console.log(`No cost records between ${report.from} and ${report.to}: make some requests first.`);
    return;
  }
  printTable(report);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
