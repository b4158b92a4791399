import type { OnDemandBenchFigures } from '../on-demand';
import { table } from '../report-format';

/** Section 9: any listed symbol on demand (bench/on-demand.ts measures it). */
export function renderOnDemand(figures: OnDemandBenchFigures | undefined): string[] {
  const out = ['## 9. Any listed symbol on demand (live stack, provider simulator)', ''];
  if (!figures) return [...out, 'Not measured (see the failure above).', ''];
  out.push(
    `A live local stack against the provider simulator, every provider answer delayed by ${figures.latency_ms} ms. ` +
      `${figures.symbols} generated SEC filers the store does not hold (test data), asked for one at a time by a signed-in person ` +
      '(POST /api/portfolio/instruments/{symbol}/fetch, then GET every 100 ms): the wait from the request to the first answer with a grade. ' +
      'The backfill goes to the priority queue: two years of bars (one request), then the company facts and filings (two).',
    '',
    table(
      ['figure', 'value'],
      [
        ['symbols graded', `${figures.graded} of ${figures.symbols}`],
        ['request to grade, p50 (ms)', figures.p50_ms],
        ['request to grade, p99 (ms)', figures.p99_ms],
        ['request to grade, slowest (ms)', figures.max_ms],
        ['requests the providers received', figures.provider_requests],
      ],
    ),
    '',
  );
  return out;
}
