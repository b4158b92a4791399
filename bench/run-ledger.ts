/**
 * `npm run bench:ledger`: the ledger's part of section 7 of `npm run bench` alone, printed instead of
 * written to results.md (which the full run owns): the performance, transactions and derived
 * portfolio routes over HTTP for 50 holdings and 500 transactions over 5 years (bench/ledger.ts), one
 * request at a time on an in-process local stack; then, to see where the performance route's time
 * goes, the pure computation in process (shared/src/domain/ledger/bench.ts) and the weekly chart
 * series' own work (the index path over every day). The load average is printed before and after:
 * the machine is shared, and the figures mean little without it.
 */
import './quiet-env';
import { loadavg } from 'node:os';
import { runLedgerBench, buildBenchMarket } from '@app/shared/domain/ledger/bench';
import { analysePortfolio } from '@app/shared/domain/ledger/portfolio-analysis';
import { benchmarkValuePath } from '@app/shared/domain/ledger/benchmark-path';
import { runOnBenchStack } from './bench-stack';
import { createProUser } from './api-load';
import { runLedgerRoutesBench } from './ledger';
import { progress, timeInProcess } from './report-format';
import { QUICK } from './run-options';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** The chart series' own work: the index path over every valued day, timed alone. */
function timeSeriesPath(runs: number): { p50_ms: number; p99_ms: number } {
  const market = buildBenchMarket(50, 500, 5);
  const analysis = analysePortfolio(market.transactions, {
    baseCurrency: 'EUR',
    costMethod: 'FIFO',
    fx: market.fx,
    prices: market.prices,
    date: market.end,
    benchmark: { index: market.index },
  });
  return timeInProcess(runs, 5, () => {
    // As the performance route builds it (functions/src/portfolio/performance-service.ts).
    const path = benchmarkValuePath(analysis.daily.days, market.index);
    const points = analysis.daily.days.flatMap((day, index, days) =>
      index % 7 === 0 || index === days.length - 1
        ? [
            {
              date: day.date,
              value_base: day.value_base,
              benchmark_value_base: path[index]?.value_base ?? null,
            },
          ]
        : [],
    );
    if (points.length === 0) throw new Error('no series');
  });
}

const loadBefore = load();
runOnBenchStack('nugget-bench-ledger-', async (stack) => {
  const holder = await createProUser(stack, 'ledger');
  progress('ledger routes: one request at a time');
  const routes = await runLedgerRoutesBench(stack.webUrl, holder.token, { requests: QUICK ? 20 : 100 });
  const loadAfterRoutes = load();
  progress('ledger computation in process');
  const computation = runLedgerBench({ runs: QUICK ? 10 : 50 });
  const series = timeSeriesPath(QUICK ? 20 : 200);
  const row = (
    name: string,
    figures: { p50_ms: number; p99_ms: number; mean_ms?: number; max_ms?: number },
  ) =>
    `| ${name} | ${figures.p50_ms} | ${figures.p99_ms} | ${figures.mean_ms ?? ''} | ${figures.max_ms ?? ''} |`;
  console.log(
    [
      `Ledger bench, ${new Date().toISOString()}, Node ${process.version}; load average (1/5/15 min) ` +
        `before ${loadBefore}, after the routes ${loadAfterRoutes}, at the end ${load()}.`,
      `${routes.holdings} holdings, ${routes.transactions} transactions, ${routes.days} days; ` +
        `${routes.performance.requests} sequential requests per route after 10 warm-up requests.`,
      '',
      '| what | p50 ms | p99 ms | mean ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      row('GET /api/portfolio/performance (HTTP)', routes.performance),
      row('GET /api/portfolio/transactions (HTTP, same ledger item)', routes.list_transactions),
      row('GET /api/portfolio (HTTP, holdings derived from the ledger)', routes.list_portfolio),
      row('analysePortfolio in process (all of the computation)', computation.total),
      row('valueDaily in process (the daily valuation alone)', computation.daily_valuation),
      row('chart series: index path over every day + weekly sampling', series),
    ].join('\n'),
  );
});
