import type { UniverseBacktestResult } from '../src/market-data/universe-backtest-run';
import { HORIZONS } from '../src/engine/universe-backtest';
import { SORTS, type PeriodName } from '../src/engine/universe-backtest-report';

/** The universe backtest in a few markdown tables, for `npm run backtest` without `--json`. */

const f = (value: number | null, digits = 2): string => (value === null ? 'n/a' : value.toFixed(digits));

export function formatUniverseSummary(result: UniverseBacktestResult): string {
  const { universe } = result;
  const lines = [
    `Universe: ${universe.symbols} symbols (${universe.stocks} stocks, ${universe.etfs} ETFs), ${universe.month_ends} month-ends ${universe.first_month_end}..${universe.last_month_end}, ${universe.observations} graded observations.`,
    ...result.method.caveats.map((caveat) => `- ${caveat}`),
  ];
  for (const period of ['full', 'in_sample', 'out_of_sample'] as PeriodName[]) {
    const part = result.periods[period];
    lines.push('', `## ${period} (${part.month_ends} month-ends)`, '');
    lines.push('| Sort | Horizon | A minus D mean (pts) | NW t | months | Sharpe | rank corr | NW t |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const sort of SORTS) {
      for (const horizon of HORIZONS) {
        const figures = part.sorts[sort].horizons[horizon];
        lines.push(
          `| ${sort} | ${horizon}m | ${f(figures.long_short.mean)} | ${f(figures.long_short.t_statistic)} | ${figures.long_short.months} | ${f(figures.long_short.sharpe)} | ${f(figures.rank_correlation.mean, 3)} | ${f(figures.rank_correlation.t_statistic)} |`,
        );
      }
    }
    lines.push(
      '',
      '| Grade (3m) | n | mean | median | vs SPY | t | vs universe | t | hit | fwd vol | fwd max DD |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const bucket of part.sorts.grade.horizons[3].buckets) {
      lines.push(
        `| ${bucket.bucket} | ${bucket.count} | ${f(bucket.mean_return)} | ${f(bucket.median_return)} | ${f(bucket.excess_vs_spy)} | ${f(bucket.excess_vs_spy_t)} | ${f(bucket.excess_vs_universe)} | ${f(bucket.excess_vs_universe_t)} | ${f(bucket.hit_rate, 3)} | ${f(bucket.forward_volatility)} | ${f(bucket.forward_max_drawdown)} |`,
      );
    }
  }
  lines.push('', 'Monthly-rebalanced paths, max drawdown / annualised return (%):');
  for (const [name, drawdown] of Object.entries(result.monthly.max_drawdown)) {
    lines.push(`- ${name}: ${f(drawdown)} / ${f(result.monthly.annualised_return[name] ?? null)}`);
  }
  return lines.join('\n');
}
