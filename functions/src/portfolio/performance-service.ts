import {
  DEFAULT_BENCHMARK,
  type BenchmarksResponse,
  type PerformanceResponse,
} from '@app/shared/domain/entities/ledger';
import { message } from '@app/shared/messages/message';
import { fieldError } from '../platform/errors';
import type { LedgerStoreDeps } from './ledger-store';
import { readPortfolioValuation } from './portfolio-valuation';
import { UNIVERSE_CURRENCY, type LedgerMarketLookups } from './ledger-market';
import { benchmarkValuePath } from '@app/shared/domain/ledger/benchmark-path';
import { addDays } from '@app/shared/domain/ledger/calendar';
import type { BaseCurrency } from '@app/shared/domain/ledger/currencies';
import { RATE_LOOKBACK_DAYS, rateOnOrBefore } from '@app/shared/domain/ledger/market-lookups';
import { allocatePortfolio, type DescribeInstrument } from '@app/shared/domain/ledger/allocation';

/**
 * The performance route: the ledger analysed at the market clock's date (shared/src/domain/ledger:
 * holdings with gains split into price and currency effect, TWR and XIRR per period, the index over
 * the same days), every price read from the same source as the rest of the app.
 */

/** One point a week keeps five years of history under 300 points: enough for a chart, light to send. */
const SERIES_STEP_DAYS = 7;
/**
 * However old the ledger, the chart has at most this many points (a longer history is cut every two
 * weeks or more, still whole weeks): the answer stays tens of kilobytes whatever the stored dates.
 */
export const MAX_SERIES_POINTS = 500;

/** The chart's days: every `step`-th day from the first (a whole number of weeks), and the last. */
export function chartDayIndices(dayCount: number): number[] {
  if (dayCount === 0) return [];
  const weeks = Math.ceil(dayCount / (MAX_SERIES_POINTS - 2) / SERIES_STEP_DAYS);
  const step = Math.max(1, weeks) * SERIES_STEP_DAYS;
  const indices: number[] = [];
  for (let index = 0; index < dayCount; index += step) indices.push(index);
  if (indices.at(-1) !== dayCount - 1) indices.push(dayCount - 1);
  return indices;
}

/** The index's level on a day (else the last of the week before), in the base currency at that day's rate. */
export function indexLevelInBase(lookups: LedgerMarketLookups, base: BaseCurrency) {
  return (date: string): number | undefined => {
    // Before the index's history (a ledger from 1900), no day has a level: no look-back to run.
    if (lookups.indexFirstDate === null || date < lookups.indexFirstDate) return undefined;
    for (let back = 0; back <= RATE_LOOKBACK_DAYS; back += 1) {
      const day = addDays(date, -back);
      const level = lookups.index(day);
      if (level === undefined) continue;
      const rate = rateOnOrBefore(lookups.fx, UNIVERSE_CURRENCY, base, day);
      return rate === undefined ? undefined : level * rate;
    }
    return undefined;
  };
}

export async function checkedIndex(symbol: string, deps: Pick<LedgerStoreDeps, 'market'>): Promise<string> {
  const asset = await deps.market.findAsset(symbol);
  if (!asset || asset.market !== 'INDEX') {
    throw fieldError(
      'query.benchmark',
      message('PORTFOLIO_BENCHMARK_NOT_INDEX', { field: 'benchmark', symbol }),
    );
  }
  return asset.symbol;
}

/** What the universe says each symbol is (type, sector); null for a symbol it does not list. */
async function describeSymbols(
  symbols: readonly string[],
  deps: Pick<LedgerStoreDeps, 'market'>,
): Promise<DescribeInstrument> {
  const found = await Promise.all(
    symbols.map(async (symbol) => [symbol, await deps.market.findAsset(symbol)] as const),
  );
  const bySymbol = new Map(found);
  return (symbol) => {
    const asset = bySymbol.get(symbol);
    return asset ? { asset_type: asset.asset_type, sector: asset.sector } : null;
  };
}

/**
 * The indices a user may compare with: every index of the universe whose history starts on or before
 * the market date (the replay holds the S&P 500 only; live, whatever indices are watched).
 */
export async function listBenchmarks(
  deps: Pick<LedgerStoreDeps, 'market' | 'engine'>,
): Promise<BenchmarksResponse> {
  const date = deps.market.readMarket().marketDate.date;
  const listed = await deps.engine.listUniverse();
  const indices = [];
  for (const info of listed) {
    if (info.frequency !== 'daily' || info.first_date > date) continue;
    const asset = await deps.market.findAsset(info.symbol);
    if (asset?.market !== 'INDEX') continue;
    indices.push({
      symbol: asset.symbol,
      name: asset.name,
      first_date: info.first_date,
      // Clipped to the market date: nothing after it is shown (market-data/README.md "The market clock").
      last_date: info.last_date < date ? info.last_date : date,
    });
  }
  indices.sort((a, b) => a.symbol.localeCompare(b.symbol));
  return { market_date: date, default: DEFAULT_BENCHMARK, indices };
}

export async function getPerformance(
  userId: string,
  benchmark: string,
  deps: LedgerStoreDeps,
): Promise<PerformanceResponse> {
  const indexSymbol = await checkedIndex(benchmark, deps);
  // The same valuation as the portfolio route (portfolio-valuation.ts): one truth per money figure.
  const {
    marketDate: date,
    ledger,
    analysis,
    lookups,
    positions,
  } = await readPortfolioValuation(userId, deps, {
    indexSymbol,
  });
  const { valuation, returns } = analysis;
  const describe = await describeSymbols(
    valuation.holdings.map((holding) => holding.symbol),
    deps,
  );
  const levelOn = indexLevelInBase(lookups, ledger.base_currency);
  const path = benchmarkValuePath(analysis.daily.days, levelOn);
  return {
    market_date: date,
    base_currency: ledger.base_currency,
    cost_method: ledger.cost_method,
    cash_tracked: valuation.cash_tracked,
    // Every open position, priced or not: what the portfolio_assets quota counts.
    distinct_symbols_held: positions.length,
    holdings: valuation.holdings.map(
      ({ lots: _lots, rate: _rate, value_local: _v, cost_local: _c, trade_fees_base: _t, ...holding }) =>
        holding,
    ),
    unpriced_holdings: positions.flatMap((entry) =>
      entry.valuation
        ? []
        : [{ symbol: entry.symbol, quantity: entry.position.quantity.toNumber(), no_data_on: date }],
    ),
    totals: {
      value_base: valuation.totals.value_base,
      securities_value_base: valuation.totals.securities_value_base,
      cash_value_base: valuation.totals.cash_value_base,
      cost_base: valuation.totals.cost_base,
      unrealised: valuation.totals.unrealised,
      realised: valuation.totals.realised,
      dividends_base: valuation.totals.dividends_base,
      interest_base: valuation.totals.interest_base,
      fees_paid_base: valuation.totals.fees_paid_base,
      total_gain_base: valuation.totals.total_gain_base,
    },
    allocation: allocatePortfolio(valuation.holdings, valuation.cash, describe),
    returns: returns.map(({ series: _series, ...period }) => period),
    series: chartDayIndices(analysis.daily.days.length).map((index) => {
      const day = analysis.daily.days[index] as (typeof analysis.daily.days)[number];
      return {
        date: day.date,
        value_base: day.value_base,
        invested_base: day.net_contributions_base,
        benchmark_value_base: path[index]?.value_base ?? null,
      };
    }),
    benchmark: analysis.benchmark
      ? {
          symbol: indexSymbol,
          period: analysis.benchmark.period,
          start: analysis.benchmark.start,
          end: analysis.benchmark.end,
          portfolio_time_weighted: analysis.benchmark.portfolio_time_weighted,
          benchmark_time_weighted: analysis.benchmark.benchmark_time_weighted,
          unavailable: analysis.benchmark.unavailable,
        }
      : null,
  };
}
