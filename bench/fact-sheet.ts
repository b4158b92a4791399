/**
 * A fact sheet's answer time on the local stack (docs/product.md "Fact sheets"): GET
 * /api/ai/fact-sheet/{symbol} for replayed symbols, as a PRO investor (the 'full' sheet, no quota
 * limit), first each symbol once (its analysis not yet memoised by the engine) then again and again;
 * and GET /api/portfolio/fact-sheet for a portfolio of the same symbols; then the analyst's questions
 * on a symbol and on that portfolio, answered from the same sheets by the template writer. One request
 * at a time. A benchmark, not a timed test.
 */
import { contract } from '@app/shared/api/contract';
import type { LocalStack } from '@app/infra/local/local-stack';
import { addHoldings, runAnalystLatency, type AnalystLatencyRow } from './analyst-latency';
import { callApi, createProUser } from './api-load';
import { summariseLatency, table, timeSequentially, type LatencyFigures } from './report-format';

/** Replayed stocks and an ETF (all of asset type stock), each with a year of closes at the market date. */
export const SHEET_SYMBOLS = ['AAPL', 'SPY', 'JPM', 'XOM', 'JNJ', 'KO', 'WMT', 'PG', 'CVX', 'INTC'] as const;

export interface FactSheetBenchFigures {
  market_date: string;
  facts_per_sheet: number;
  holdings: number;
  first: LatencyFigures;
  repeated: LatencyFigures;
  portfolio: LatencyFigures;
  /** The analyst with the template writer (docs/product.md "The analyst"), per intent (analyst-latency.ts). */
  analyst: AnalystLatencyRow[];
}

export async function runFactSheetBench(
  stack: LocalStack,
  options: { requests: number },
): Promise<FactSheetBenchFigures> {
  const user = await createProUser(stack, 'sheet');
  const sheet = (symbol: string) =>
    callApi(stack.webUrl, 'GET', contract.ai.factSheet.path.replace('{symbol}', symbol), {
      token: user.token,
    });
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let facts = 0;
  let marketDate = '';
  for (const symbol of SHEET_SYMBOLS) {
    const started = performance.now();
    const response = await sheet(symbol);
    samples.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const body = response.body as { facts?: unknown[]; market_date?: string };
    facts = Math.max(facts, body.facts?.length ?? 0);
    marketDate = body.market_date ?? marketDate;
  }
  let next = 0;
  const repeated = await timeSequentially(
    () => sheet(SHEET_SYMBOLS[next++ % SHEET_SYMBOLS.length] as string),
    options.requests,
    SHEET_SYMBOLS.length,
  );
  await addHoldings(stack, user, SHEET_SYMBOLS);
  const portfolio = await timeSequentially(
    () => callApi(stack.webUrl, 'GET', contract.portfolio.factSheet.path, { token: user.token }),
    options.requests,
    3,
  );
  const analyst = await runAnalystLatency(stack, { requests: options.requests, symbols: SHEET_SYMBOLS });
  return {
    market_date: marketDate,
    facts_per_sheet: facts,
    holdings: SHEET_SYMBOLS.length,
    first: summariseLatency(samples, statuses),
    repeated,
    portfolio,
    analyst,
  };
}

export function renderFactSheetBench(figures: FactSheetBenchFigures): string[] {
  const row = (name: string, latency: LatencyFigures) => [
    name,
    latency.requests,
    latency.p50_ms,
    latency.p99_ms,
    latency.max_ms,
    Object.entries(latency.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', '),
  ];
  return [
    `Fact sheets on the local stack (one worker thread per area), market date ${figures.market_date}, as a PRO ` +
      `investor ('full' sheets, up to ${figures.facts_per_sheet} facts), one request at a time.`,
    '',
    table(
      ['Sheet', 'Requests', 'p50 ms', 'p99 ms', 'max ms', 'Statuses'],
      [
        row(`symbol, first read of each of ${SHEET_SYMBOLS.length} symbols`, figures.first),
        row('symbol, read again (analysis memoised)', figures.repeated),
        row(`portfolio of ${figures.holdings} holdings`, figures.portfolio),
        ...figures.analyst.map(({ scope, intent, latency }) =>
          row(
            `analyst (templates), ${intent} on ${scope === 'symbol' ? 'a symbol' : 'the portfolio'}`,
            latency,
          ),
        ),
      ],
    ),
  ];
}
