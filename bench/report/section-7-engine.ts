/** Section 7: the engine's throughput and the subscription and portfolio latency benches. */
import { table, verdict, type LatencyFigures } from '../report-format';
import { ledgerStorageLines } from '../ledger-storage';
import type { Report } from './report-data';

export function renderEngine(report: Report): string[] {
  const out = ['## 7. Engine and service latency benches', ''];
  const engine = report.engine;
  if (engine) {
    const analysis = engine.analysis as unknown as Record<string, unknown>;
    out.push(
      'Full analysis throughput (`bench/engine.ts`, one thread) and the price poll over the watched universe (in-memory market repository):',
      '',
      table(
        ['figure', 'value'],
        [
          ...Object.entries(analysis).map(
            ([name, value]) =>
              [name, typeof value === 'object' ? JSON.stringify(value) : String(value)] as [string, string],
          ),
          ...Object.entries(engine.price_poll).map(
            ([name, value]) => [`price_poll.${name}`, String(value)] as [string, string],
          ),
        ],
      ),
      '',
      `Target: 500 symbols x 3 years analysed in under 1 s on one core: ${verdict(engine.target_met)}.`,
      '',
    );
  }
  const latency: [string, LatencyFigures][] = [];
  if (report.subscription) {
    latency.push(['check-feature', report.subscription.check_feature]);
    latency.push(['use-feature (PRO: counted write path)', report.subscription.use_feature]);
  }
  if (report.portfolio) {
    latency.push([`list portfolio (${report.portfolio.holdings} holdings)`, report.portfolio.list_portfolio]);
  }
  if (report.ledger) {
    const { ledger } = report;
    latency.push([
      `performance (${ledger.holdings} holdings, ${ledger.transactions} transactions, ${ledger.days} days)`,
      ledger.performance,
    ]);
    latency.push(['list transactions (same ledger)', ledger.list_transactions]);
    latency.push(['list portfolio derived from the ledger', ledger.list_portfolio]);
  }
  const rows = latency.map(([name, figures]) => [
    name,
    figures.requests,
    figures.p50_ms,
    figures.p99_ms,
    figures.mean_ms,
    figures.max_ms,
    JSON.stringify(figures.statuses),
  ]);
  if (rows.length > 0) {
    out.push(
      'Sequential HTTP latency on the local stack (bench/subscription.ts, bench/portfolio.ts, bench/ledger.ts; one request at a time, after warm-up):',
      '',
      table(['call', 'requests', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'statuses'], rows),
      '',
    );
  }
  if (report.ledgerStorage) out.push(...ledgerStorageLines(report.ledgerStorage));
  return out;
}
