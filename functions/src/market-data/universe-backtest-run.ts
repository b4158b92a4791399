import type { IsoDate } from '../engine/types';
import { buildUniversePanel, HORIZONS, type UniversePanel } from '../engine/universe-backtest';
import { buildUniverseReport, PERIODS, type UniverseReport } from '../engine/universe-backtest-report';
import { BOTTOM_GRADES, TOP_GRADES } from '../engine/universe-backtest-summary';
import { PUBLICATION_LAG_DAYS } from '../engine/point-in-time';
import { BACKTEST_BENCHMARK, loadUniverseBacktestInput } from './universe-backtest-input';

/*
 * `npm run backtest -- --json` (engine/README.md "Backtest"): the universe graded at every month-end
 * from the first with enough bars (2007-04-30) to 2017-10-31, and the report of what followed. The
 * full result is committed as docs/backtest/us-daily-2007-2017.json; the methodology and track
 * record pages are generated from it (web/scripts/generate-backtest-figures.ts).
 */

export const BACKTEST_FROM: IsoDate = '2007-04-30';
export const BACKTEST_TO: IsoDate = '2017-10-31';

export interface UniverseBacktestResult extends UniverseReport {
  format: 'universe-backtest/1';
  universe: {
    symbols: number;
    stocks: number;
    etfs: number;
    stocks_with_fundamentals: number;
    benchmark: string;
    month_ends: number;
    first_month_end: IsoDate;
    last_month_end: IsoDate;
    observations: number;
    /** Share of observations whose grade counted a published annual report, by calendar year. */
    fundamentals_share_by_year: Record<string, number>;
  };
  method: {
    horizons_months: readonly number[];
    long_side: readonly string[];
    short_side: readonly string[];
    in_sample: { from: IsoDate; to: IsoDate };
    out_of_sample: { from: IsoDate; to: IsoDate };
    publication_lag_days: number;
    newey_west_lags: string;
    caveats: string[];
  };
}

function fundamentalsShare(panel: UniversePanel): Record<string, number> {
  const counts = new Map<string, { all: number; with: number }>();
  for (const row of panel.rows) {
    const year = (panel.month_ends[row.month] as IsoDate).slice(0, 4);
    const entry = counts.get(year) ?? { all: 0, with: 0 };
    entry.all += 1;
    if (row.has_fundamentals) entry.with += 1;
    counts.set(year, entry);
  }
  return Object.fromEntries(
    [...counts].map(([year, entry]) => [year, Math.round((entry.with / entry.all) * 10_000) / 10_000]),
  );
}

export function runUniverseBacktest(options: { limit?: number } = {}): UniverseBacktestResult {
  const input = loadUniverseBacktestInput(options);
  const panel = buildUniversePanel({
    symbols: input.symbols,
    benchmarkBars: input.benchmarkBars,
    from: BACKTEST_FROM,
    to: BACKTEST_TO,
  });
  const report = buildUniverseReport(panel);
  return {
    format: 'universe-backtest/1',
    universe: {
      symbols: input.symbols.length,
      stocks: input.symbols.filter((symbol) => symbol.kind === 'stock').length,
      etfs: input.symbols.filter((symbol) => symbol.kind === 'etf').length,
      stocks_with_fundamentals: input.with_fundamentals,
      benchmark: BACKTEST_BENCHMARK,
      month_ends: new Set(panel.rows.map((row) => row.month)).size,
      first_month_end: panel.month_ends[0] as IsoDate,
      last_month_end: panel.month_ends.at(-1) as IsoDate,
      observations: panel.rows.length,
      fundamentals_share_by_year: fundamentalsShare(panel),
    },
    method: {
      horizons_months: HORIZONS,
      long_side: TOP_GRADES,
      short_side: BOTTOM_GRADES,
      in_sample: { from: BACKTEST_FROM, to: PERIODS.in_sample.to },
      out_of_sample: { from: PERIODS.out_of_sample.from, to: BACKTEST_TO },
      publication_lag_days: PUBLICATION_LAG_DAYS,
      newey_west_lags: 'L = horizon in months, Bartlett weights',
      caveats: [
        'Survivorship bias: only companies and funds still listed in November 2017 are in the data; those that failed or were taken over between 2007 and 2017 are missing, which flatters every return.',
        'Prices adjusted for splits and dividends as of 2017-11-10: returns are total returns; no trading costs, taxes or slippage.',
        'Before spring 2013 the grades are price-only: the annual reports start with fiscal 2012 and count from 90 days after each period end.',
        'In-sample month-ends run to 2012-12-31; their 3-, 6- and 12-month windows reach into 2013.',
        'Overlapping windows: t-statistics are Newey-West with as many lags as the horizon has months; independent months = months / horizon.',
      ],
    },
    ...report,
  };
}
