/**
 * The screener's answer time on the local stack (docs/product.md "Screener": p99 under 150 ms for any
 * filter): GET /api/ai/screener over the whole replayed universe as the price poll graded the market
 * date, one request at a time, for each filter alone and a few combined, as the demo visitor (the demo
 * plan has every filter). A benchmark, not a timed test.
 */
import type { LocalStack } from '@app/infra/local/local-stack';
import { callApi } from './api-load';
import { round, summariseLatency, table, verdict, type LatencyFigures } from './report-format';

export const SCREENER_P99_TARGET_MS = 150;

/** One query per filter of the contract, then combinations and sorts on a column with gaps. */
const SCREENS: readonly (readonly [string, Record<string, string>])[] = [
  ['no filter (score, best first)', {}],
  ['asset type: ETFs', { asset_type: 'etf' }],
  ['ETF category: bonds', { etf_category: 'bonds' }],
  ['sector', { sector: 'Finance' }],
  ['grade B or better', { grade_min: 'B' }],
  ['risk level 0-4', { risk_min: '0', risk_max: '4' }],
  ['financial health >= 60', { financial_health_min: '60' }],
  ['growth quality >= 60', { growth_quality_min: '60' }],
  ['value >= 60, sorted by value', { value_min: '60', sort: 'value' }],
  ['momentum score >= 60', { momentum_min: '60' }],
  ['3-month change >= 5 %', { momentum_3m_min: '5' }],
  ['dividend yield >= 2 % (none in replay)', { dividend_yield_min: '2' }],
  ['text "bank"', { q: 'bank' }],
  [
    'stocks B+ or better, risk <= 5, by growth',
    { asset_type: 'stock', grade_min: 'B+', risk_max: '5', sort: 'growth_quality' },
  ],
  ['sorted by name ascending, page 5', { sort: 'name', order: 'asc', page: '5' }],
];

export interface ScreenerBenchFigures {
  universe: number;
  market_date: string;
  screens: { name: string; total: number; latency: LatencyFigures }[];
  all: LatencyFigures;
}

interface Answer {
  graded: boolean;
  universe: number;
  total: number;
  market_date: string;
}

const screen = (baseUrl: string, query: Record<string, string>) =>
  callApi(baseUrl, 'GET', `/api/ai/screener?${new URLSearchParams({ page_size: '25', ...query })}`);

/** Waits for the stack's graded day (stored before the API answers), then times each screen. */
export async function runScreenerBench(
  stack: LocalStack,
  options: { requests: number },
): Promise<ScreenerBenchFigures> {
  const first = await screen(stack.webUrl, {});
  const answer = first.body as Answer;
  if (first.status !== 200 || !answer.graded) throw new Error(`screener not ready: ${first.status}`);
  const screens: ScreenerBenchFigures['screens'] = [];
  const allSamples: number[] = [];
  const allStatuses: Record<string, number> = {};
  for (const [name, query] of SCREENS) {
    // Warm-up, untimed: the first answer also gives the number of matches.
    const total = ((await screen(stack.webUrl, query)).body as Answer).total;
    for (let index = 0; index < 2; index += 1) await screen(stack.webUrl, query);
    const samples: number[] = [];
    const statuses: Record<string, number> = {};
    for (let index = 0; index < options.requests; index += 1) {
      const started = performance.now();
      const response = await screen(stack.webUrl, query);
      samples.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      allStatuses[response.status] = (allStatuses[response.status] ?? 0) + 1;
    }
    allSamples.push(...samples);
    screens.push({ name, total, latency: summariseLatency(samples, statuses) });
  }
  return {
    universe: answer.universe,
    market_date: answer.market_date,
    screens,
    all: summariseLatency(allSamples, allStatuses),
  };
}

export function renderScreenerBench(figures: ScreenerBenchFigures): string[] {
  return [
    `GET /api/ai/screener on the local stack (one worker thread per area), market date ${figures.market_date}, ` +
      `${figures.universe} graded symbols; ${figures.all.requests} sequential requests, 25 rows a page, as the demo ` +
      `visitor (every filter). Target: p99 under ${SCREENER_P99_TARGET_MS} ms for any filter.`,
    '',
    table(
      ['Screen', 'Matches', 'p50 ms', 'p99 ms', 'max ms', 'Statuses'],
      figures.screens.map(({ name, total, latency }) => [
        name,
        total,
        latency.p50_ms,
        latency.p99_ms,
        latency.max_ms,
        Object.entries(latency.statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
      ]),
    ),
    '',
    `All screens: p50 ${figures.all.p50_ms} ms, p99 ${figures.all.p99_ms} ms, max ${figures.all.max_ms} ms. ` +
      `Worst screen's p99 ${round(Math.max(...figures.screens.map((entry) => entry.latency.p99_ms)))} ms: ` +
      verdict(figures.screens.every((entry) => entry.latency.p99_ms < SCREENER_P99_TARGET_MS)),
  ];
}
