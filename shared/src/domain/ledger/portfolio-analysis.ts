import {
  compareWithBenchmark,
  type BenchmarkComparison,
  type BenchmarkOptions,
  type IndexLookup,
} from './benchmark';
import { walkDays, type DailyValuation } from './daily-valuation';
import { valueBook, type PortfolioValuation, type ValuationOptions } from './holdings';
import { BaseCurrencySchema } from './currencies';
import { LedgerError } from './ledger-errors';
import { allPeriodReturns, type PeriodReturn, type ReturnPeriod } from './returns';
import type { Transaction } from './transaction';

/**
 * Everything the portfolio and performance screens need, from one walk over the ledger: holdings
 * valued on `date`, the daily series (value against invested capital), returns for every period
 * and, when an index is given, the benchmark over the same days.
 */
export interface LedgerAnalysis {
  valuation: PortfolioValuation;
  daily: DailyValuation;
  returns: PeriodReturn[];
  benchmark: BenchmarkComparison | null;
}

export interface AnalysisOptions extends ValuationOptions {
  benchmark?: BenchmarkOptions & { index: IndexLookup; period?: ReturnPeriod };
}

export function analysePortfolio(
  transactions: readonly Transaction[],
  options: AnalysisOptions,
): LedgerAnalysis {
  if (!BaseCurrencySchema.safeParse(options.baseCurrency).success) {
    throw new LedgerError('LEDGER_BASE_CURRENCY_UNSUPPORTED', { currency: String(options.baseCurrency) });
  }
  const { daily, book } = walkDays(transactions, { ...options, to: options.date });
  const { index, period = 'MAX', ...benchmarkOptions } = options.benchmark ?? { index: undefined };
  return {
    valuation: valueBook(book, daily.cash_tracked, options),
    daily,
    returns: allPeriodReturns(daily.days, options.date),
    benchmark: index
      ? compareWithBenchmark(daily.days, index, period, options.date, {
          ...benchmarkOptions,
          baseCurrency: options.baseCurrency,
          fx: options.fx,
        })
      : null,
  };
}
