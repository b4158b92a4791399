/** Section 3: DynamoDB capacity units and Scans per route. */
import { table, verdict } from '../report-format';
import type { Report } from './report-data';

export function renderDynamo(report: Report): string[] {
  const out = ['## 3. DynamoDB efficiency', ''];
  const consumption = report.consumption;
  if (!consumption) return [...out, 'Not measured.', ''];
  out.push(
    'Per route, from the cost records the local stack writes to the usage table for every request (`functions/src/platform/cost-recorder.ts`; read in full with a Query per day partition, since `GET /api/admin/costs` only returns cost and latency). ' +
      'Sequential pass: every listed route called 5 times after one warm-up round, by a PRO investor with 10 holdings, the admin and a visitor. DynamoDB Local reports capacity units like the service (reads: 0.5 per 4 KB eventually consistent, 1 strongly consistent; writes: 1 per 1 KB, x2 in transactions). ' +
      "The `scans` column is the document client's Scan counter of the request, now kept in each cost record. " +
      '`calls` counts every DynamoDB command of the request (a batch or a transaction is one call) and `items read` what they returned (`functions/src/platform/dynamo-client.ts`, checked on DynamoDB Local by `tests/integration/dynamo-call-count.test.ts`). ' +
      "The session check of the API's JWT authoriser runs before the area and is not in these records: it reads the caller's revocation time only on a cache miss (30 s in the cloud).",
    '',
  );
  out.push(
    table(
      [
        'route',
        'area',
        'requests',
        'calls / request',
        'items read / request',
        'RCU / request',
        'WCU / request',
        'Scans',
        'handler p50 ms',
        'statuses',
      ],
      consumption.map((route) => [
        route.route,
        route.area,
        route.requests,
        route.calls_per_request ?? 'n/a',
        route.items_read_per_request ?? 'n/a',
        route.read_units_per_request,
        route.write_units_per_request,
        route.scans,
        route.latency_p50_ms,
        Object.entries(route.statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
      ]),
    ),
    '',
  );
  const reads = consumption.filter(
    (route) => route.route.startsWith('GET ') && route.calls_per_request !== null,
  );
  const over = reads.filter((route) => (route.calls_per_request ?? 0) > 3);
  out.push(
    `Read routes at most 3 DynamoDB calls per request: ${verdict(over.length === 0)} (${reads.length - over.length} of ${reads.length}` +
      (over.length > 0
        ? `; over: ${over.map((route) => `${route.route} ${route.calls_per_request}`).join(', ')}`
        : '') +
      ').',
    '',
  );
  const scans = [...consumption, ...(report.loadConsumption ?? [])].reduce(
    (sum, route) => sum + route.scans,
    0,
  );
  out.push(
    `Zero Scans in any request path: ${verdict(scans === 0)} (${scans} Scans over ${consumption.reduce((sum, route) => sum + route.requests, 0)} sequential and ${(report.loadConsumption ?? []).reduce((sum, route) => sum + route.requests, 0)} load-test requests). ` +
      'Guarded by `functions/src/data/no-scan.test.ts` (fails on any Scan command, paginator or scan call in the non-test source, and on a `dynamodb:Scan` grant in infra/lib/table-access.ts).',
    '',
    'Batch reads: the market area reads the latest quotes of many symbols with one `BatchGetCommand` (`market-repository` `getQuotes`: enhanced prices, prices, recommendations, health) and so does the admin dashboard. ' +
      'So does the portfolio list: `portfolio/portfolio-market.ts` coalesces the stored-quote reads of the holdings valued in one turn of the event loop into one `getQuotes` (BatchGet) call (`createStoredQuoteBatcher`, unit-tested in `portfolio-market.test.ts`); snapshot-priced listings need no read.',
    '',
  );
  return out;
}
