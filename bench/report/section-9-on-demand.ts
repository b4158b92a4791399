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
        ['provider requests of the symbol before its grade (median)', figures.requests_before_grade_p50],
        [
          "of the wait, the providers' answers: p50 / p99 (ms)",
          `${figures.provider_p50_ms} / ${figures.provider_p99_ms}`,
        ],
        ['of the wait, ours: p50 / p99 (ms)', `${figures.ours_p50_ms} / ${figures.ours_p99_ms}`],
        [
          'of ours, request to first provider request: p50 / p99 (ms)',
          `${figures.handoff_p50_ms} / ${figures.handoff_p99_ms}`,
        ],
      ],
    ),
    '',
    `The providers' part is the symbol's own requests made before its grade showed (bars, then company facts, then filings: ` +
      `each waits for the one before, as the simulator's log shows) times ${figures.latency_ms} ms: the floor, whatever the stack does. ` +
      'The rate limiters (by default Yahoo 2 a second, SEC EDGAR 8 a second, under its published 10) do not add to it one symbol at a time; ' +
      'they set the floor of a queue of symbols (section 8). Ours is the rest: the priority queue handing the work to the worker ' +
      "(and waiting behind the previous symbol's filing texts, which are read after its grade), storing, grading, the queue between " +
      "the steps, and up to one of this bench's 100 ms polls.",
    '',
  );
  const index = figures.search_index;
  if (index) {
    out.push(
      `The live search index (portfolio-deps.ts, rebuilt per process every 10 minutes), over ${index.tickers} generated ` +
        `SEC ticker-map entries, ${index.coins} generated coins, the screener snapshot and the committed futures, FX pairs and ` +
        `indices (${index.entries} entries; bench/live-search-index.ts):`,
      '',
      table(
        ['figure', 'value'],
        [
          ['build (ms)', index.build_ms],
          ['heap kept, after a full collection (MB)', index.retained_mb],
          ['one search of 20 results, p50 (ms)', index.search_p50_ms],
          ['one search of 20 results, p99 (ms)', index.search_p99_ms],
        ],
      ),
      '',
    );
  }
  return out;
}
