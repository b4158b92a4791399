/**
 * `npm run bench:ledger-reports`: the ledger reports' routes (issue 44: returns per period, realised
 * gains, their CSV, dividend income) on the same ledger as bench/ledger.ts (50 holdings, 500 transactions over 5
 * years, imported in one request into a fresh PRO account), one request at a time after a warm-up,
 * on an in-process local stack; then the pure computations in process on the shared ledger bench's
 * market (shared/src/domain/ledger/bench.ts: 50 holdings, 500 transactions, 5 years, base EUR, half
 * in USD). The load average is printed before and after: the machine is shared.
 */
import './quiet-env';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { buildBenchMarket } from '@app/shared/domain/ledger/bench';
import { walkDays } from '@app/shared/domain/ledger/daily-valuation';
import { dividendIncome } from '@app/shared/domain/ledger/dividend-income';
import { reportPeriods } from '@app/shared/domain/ledger/period-returns';
import { realisedGains } from '@app/shared/domain/ledger/realised-gains';
import { TransactionDraftSchema } from '@app/shared/domain/ledger/transaction';
import { callApi, createProUser } from './api-load';
import { runOnBenchStack } from './bench-stack';
import { fiftySymbols, ledgerOf } from './ledger';
import { progress, timeInProcess, timeSequentially, type LatencyFigures } from './report-format';
import { QUICK } from './run-options';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

function inProcess(runs: number) {
  const market = buildBenchMarket(50, 500, 5);
  const transactions = market.transactions.map((row) => TransactionDraftSchema.parse(row));
  const settings = { baseCurrency: 'EUR' as const, costMethod: 'FIFO' as const, fx: market.fx };
  const days = walkDays(transactions, { ...settings, prices: market.prices, to: market.end }).daily.days;
  return {
    periods: timeInProcess(runs, 3, () =>
      reportPeriods(transactions, days, {
        ...settings,
        prices: market.prices,
        date: market.end,
        level: market.index,
      }),
    ),
    realised: timeInProcess(runs, 3, () => realisedGains(transactions, { ...settings, date: market.end })),
    dividends: timeInProcess(runs, 3, () => dividendIncome(transactions, { ...settings, date: market.end })),
  };
}

const loadBefore = load();
runOnBenchStack('nugget-bench-ledger-reports-', async (stack) => {
  const holder = await createProUser(stack, 'ledger-reports');
  const rows = ledgerOf(await fiftySymbols(stack.webUrl));
  const content = JSON.stringify({ format: 'nugget-invest-ledger', version: 1, transactions: rows });
  const imported = await callApi(stack.webUrl, 'POST', '/api/portfolio/transactions/import', {
    token: holder.token,
    body: { format: 'ledger-json', content },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (imported.status !== 200) throw new Error(`import: ${imported.status}`);
  const requests = QUICK ? 20 : 100;
  const time = (path: string): Promise<LatencyFigures> =>
    timeSequentially(() => callApi(stack.webUrl, 'GET', path, { token: holder.token }), requests, 10);
  progress('ledger reports routes: one request at a time');
  const routes: [string, LatencyFigures][] = [
    ['GET /api/portfolio/returns (HTTP, every period and year)', await time('/api/portfolio/returns')],
    ['GET /api/portfolio/returns?period=YTD (HTTP)', await time('/api/portfolio/returns?period=YTD')],
    ['GET /api/portfolio/realised-gains (HTTP)', await time('/api/portfolio/realised-gains')],
    ['GET /api/portfolio/realised-gains/export (HTTP)', await time('/api/portfolio/realised-gains/export')],
    ['GET /api/portfolio/dividends (HTTP)', await time('/api/portfolio/dividends')],
  ];
  const loadAfterRoutes = load();
  progress('ledger reports in process');
  const computation = inProcess(QUICK ? 10 : 50);
  const row = (name: string, figures: { p50_ms: number; p99_ms: number }) =>
    `| ${name} | ${figures.p50_ms} | ${figures.p99_ms} |`;
  console.log(
    [
      `Ledger reports bench, ${new Date().toISOString()}, Node ${process.version}; load average ` +
        `before ${loadBefore}, after the routes ${loadAfterRoutes}, at the end ${load()}.`,
      `${rows.length} transactions; ${requests} sequential requests per route after 10 warm-up requests.`,
      '',
      '| what | p50 ms | p99 ms |',
      '| --- | ---: | ---: |',
      ...routes.map(([name, figures]) => row(`${name} [${JSON.stringify(figures.statuses)}]`, figures)),
      row('reportPeriods in process (every period, year, holding, month)', computation.periods),
      row('realisedGains in process', computation.realised),
      row('dividendIncome in process', computation.dividends),
    ].join('\n'),
  );
});
