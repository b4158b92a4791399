import type {
  DividendIncomeResponse,
  PeriodReturnsResponse,
  RealisedGainsExportResponse,
  RealisedGainsResponse,
} from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import { dividendIncome } from '@app/shared/domain/ledger/dividend-income';
import { LedgerError } from '@app/shared/domain/ledger/ledger-errors';
import { reportPeriods } from '@app/shared/domain/ledger/period-returns';
import { realisedGains, type RealisedGainsReport } from '@app/shared/domain/ledger/realised-gains';
import { realisedGainsCsv } from '@app/shared/domain/ledger/realised-gains-csv';
import {
  isReportPeriod,
  YEAR_PATTERN,
  type ReportLanguage,
} from '@app/shared/domain/ledger/report-vocabulary';
import type { CostMethod } from '@app/shared/domain/ledger/ledger-vocabulary';
import { message } from '@app/shared/messages/message';
import { ConflictError, fieldError } from '../platform/errors';
import { termOf } from '../platform/messages';
import { loadLedgerLookups } from './ledger-market';
import { ledgerMessage } from './ledger-rules';
import { loadLedger, type LedgerStoreDeps } from './ledger-store';
import { checkedIndex, indexLevelInBase } from './performance-service';
import { analysedRows, readPortfolioValuation } from './portfolio-valuation';

/**
 * The ledger's reports (shared/src/domain/ledger/README.md "Returns per period", "Realised gains per
 * tax year", "Dividend income ahead"): the returns read the one valuation (portfolio-valuation.ts) and
 * its daily series; the realised gains and the dividend income read the same rows up to the market
 * date (the replay's date in replay: nothing after it) through the ledger's book.
 */

/** A ledger problem the stored rows hold (a rate missing for a row's day) is a 409 naming it. */
function asConflict<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error: unknown) {
    if (error instanceof LedgerError) throw new ConflictError(ledgerMessage(error));
    throw error;
  }
}

function checkYear(field: string, year: number, firstDate: string | undefined, marketDate: string): void {
  const last = Number(marketDate.slice(0, 4));
  const first = Number((firstDate ?? marketDate).slice(0, 4));
  if (year < first || year > last) {
    throw fieldError(
      `query.${field}`,
      message('PORTFOLIO_PERIOD_YEAR_OUT_OF_RANGE', { field, year, first, last }),
    );
  }
}

export async function getPeriodReturns(
  userId: string,
  query: { benchmark: string; period?: string | undefined },
  deps: LedgerStoreDeps,
): Promise<PeriodReturnsResponse> {
  const indexSymbol = await checkedIndex(query.benchmark, deps);
  const { marketDate, ledger, analysis, lookups, rows } = await readPortfolioValuation(userId, deps, {
    indexSymbol,
  });
  const days = analysis.daily.days;
  const period = query.period;
  if (period !== undefined && YEAR_PATTERN.test(period)) {
    checkYear('period', Number(period), days[0]?.date, marketDate);
  }
  const report = asConflict(() =>
    reportPeriods(rows, days, {
      baseCurrency: ledger.base_currency,
      costMethod: ledger.cost_method,
      fx: lookups.fx,
      prices: lookups.prices,
      date: marketDate,
      level: indexLevelInBase(lookups, ledger.base_currency),
      periods: period !== undefined && isReportPeriod(period) ? [period] : undefined,
    }),
  );
  return {
    market_date: marketDate,
    base_currency: ledger.base_currency,
    benchmark: indexSymbol,
    portfolio: report.portfolio,
    holdings: report.holdings,
    monthly: report.monthly,
  };
}

export interface RealisedGainsQuery {
  year?: number | undefined;
  method?: CostMethod | undefined;
  long_term_months: number;
}

/** The ledger's rows up to the market date and the rates they need; `check` may refuse the query first. */
async function readBookInputs(
  userId: string,
  deps: LedgerStoreDeps,
  check: (firstDate: string | undefined, marketDate: string) => void = () => undefined,
) {
  const reading = deps.market.readMarket();
  const marketDate = reading.marketDate.date;
  const ledger = await loadLedger(userId, deps, reading);
  const rows = analysedRows(ledger.transactions, marketDate);
  check(rows[0]?.date, marketDate);
  const lookups = await loadLedgerLookups(deps.engine, rows, {
    baseCurrency: ledger.base_currency,
    to: marketDate,
    indexSymbol: null,
  });
  return { marketDate, ledger, rows, lookups };
}

async function readRealisedGains(
  userId: string,
  query: RealisedGainsQuery,
  deps: LedgerStoreDeps,
): Promise<{ marketDate: string; report: RealisedGainsReport }> {
  const { marketDate, ledger, rows, lookups } = await readBookInputs(userId, deps, (firstDate, date) => {
    if (query.year !== undefined) checkYear('year', query.year, firstDate, date);
  });
  const report = asConflict(() =>
    realisedGains(rows, {
      baseCurrency: ledger.base_currency,
      costMethod: query.method ?? ledger.cost_method,
      fx: lookups.fx,
      date: marketDate,
      year: query.year ?? null,
      longTermMonths: query.long_term_months,
    }),
  );
  return { marketDate, report };
}

export async function getRealisedGains(
  userId: string,
  query: RealisedGainsQuery,
  deps: LedgerStoreDeps,
): Promise<RealisedGainsResponse> {
  const { marketDate, report } = await readRealisedGains(userId, query, deps);
  return { market_date: marketDate, ...report };
}

export async function exportRealisedGains(
  userId: string,
  query: RealisedGainsQuery,
  language: Language,
  deps: LedgerStoreDeps,
): Promise<RealisedGainsExportResponse> {
  const { marketDate, report } = await readRealisedGains(userId, query, deps);
  const csvLanguage: ReportLanguage = language;
  return {
    filename: `realised-gains-${query.year ?? 'all'}-${marketDate}.csv`,
    content: realisedGainsCsv(report, csvLanguage, (key) => termOf(`realisedGainsCsv.${key}`, language)),
  };
}

export async function getDividendIncome(
  userId: string,
  deps: LedgerStoreDeps,
): Promise<DividendIncomeResponse> {
  const { marketDate, ledger, rows, lookups } = await readBookInputs(userId, deps);
  const { date, ...report } = asConflict(() =>
    dividendIncome(rows, {
      baseCurrency: ledger.base_currency,
      costMethod: ledger.cost_method,
      fx: lookups.fx,
      date: marketDate,
    }),
  );
  return { market_date: date, ...report };
}
