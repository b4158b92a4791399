import { addDays, type IsoDate } from './calendar';
import type { CurrencyCode } from './currencies';
import type { DailyPoint } from './daily-valuation';
import type { LedgerErrorCode } from './ledger-errors';
import { RATE_LOOKBACK_DAYS, rateOnOrBefore, type FxLookup } from './market-lookups';
import { periodWindow, timeWeightedReturn, type ReturnPeriod } from './returns';

/**
 * The portfolio's time-weighted return beside an index's over the same window and the same days.
 * An index has no flows, so its TWR is its level at the end over its level at the start; both
 * levels are the latest close within `RATE_LOOKBACK_DAYS`, like a holding's price.
 */
export type IndexLookup = (date: IsoDate) => number | undefined;

export interface BenchmarkOptions {
  /** The index's currency; with `baseCurrency` and `fx`, its levels are converted to the base. */
  indexCurrency?: CurrencyCode;
  baseCurrency?: CurrencyCode;
  fx?: FxLookup;
}

export interface BenchmarkPoint {
  date: IsoDate;
  portfolio_cumulative: number;
  benchmark_cumulative: number | null;
}

export interface BenchmarkComparison {
  period: ReturnPeriod;
  start: IsoDate;
  end: IsoDate;
  portfolio_time_weighted: number | null;
  benchmark_time_weighted: number | null;
  unavailable: LedgerErrorCode | null;
  series: BenchmarkPoint[];
}

function levelOnOrBefore(index: IndexLookup, date: IsoDate, options: BenchmarkOptions): number | undefined {
  for (let back = 0; back <= RATE_LOOKBACK_DAYS; back += 1) {
    const day = back === 0 ? date : addDays(date, -back);
    const level = index(day);
    if (level === undefined || !Number.isFinite(level) || level <= 0) continue;
    if (!options.indexCurrency || !options.baseCurrency || !options.fx) return level;
    const rate = rateOnOrBefore(options.fx, options.indexCurrency, options.baseCurrency, day);
    return rate === undefined ? undefined : level * rate;
  }
  return undefined;
}

export function compareWithBenchmark(
  days: readonly DailyPoint[],
  index: IndexLookup,
  period: ReturnPeriod,
  end: IsoDate,
  options: BenchmarkOptions = {},
): BenchmarkComparison | null {
  const first = days[0];
  if (!first) return null;
  const window = periodWindow(period, end, first.date);
  const portfolio = timeWeightedReturn(days, window);
  const startLevel = levelOnOrBefore(index, window.start, options);
  const series = portfolio.series.map((point) => {
    const level = startLevel === undefined ? undefined : levelOnOrBefore(index, point.date, options);
    return {
      date: point.date,
      portfolio_cumulative: point.cumulative,
      benchmark_cumulative: startLevel === undefined || level === undefined ? null : level / startLevel - 1,
    };
  });
  const endLevel = levelOnOrBefore(index, window.end, options);
  const benchmark = startLevel === undefined || endLevel === undefined ? null : endLevel / startLevel - 1;
  return {
    period,
    start: window.start,
    end: window.end,
    portfolio_time_weighted: portfolio.value,
    benchmark_time_weighted: benchmark,
    unavailable: benchmark === null ? 'LEDGER_BENCHMARK_NO_DATA' : null,
    series,
  };
}
