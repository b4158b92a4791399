import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import { LedgerError } from '@app/shared/domain/ledger/ledger-errors';
import { analysePortfolio } from '@app/shared/domain/ledger/portfolio-analysis';
import { message } from '@app/shared/messages/message';
import { ConflictError, fieldError } from '../platform/errors';
import { loadLedger, type LedgerStoreDeps } from './ledger-store';
import { ledgerMessage } from './ledger-rules';
import { loadLedgerLookups, UNIVERSE_CURRENCY } from './ledger-market';

/**
 * The performance route: the ledger analysed at the market clock's date (shared/src/domain/ledger:
 * holdings with gains split into price and currency effect, TWR and XIRR per period, the index over
 * the same days), every price read from the same source as the rest of the app.
 */

async function checkedIndex(symbol: string, deps: Pick<LedgerStoreDeps, 'market'>): Promise<string> {
  const asset = await deps.market.findAsset(symbol);
  if (!asset || asset.market !== 'INDEX') {
    throw fieldError(
      'query.benchmark',
      message('PORTFOLIO_BENCHMARK_NOT_INDEX', { field: 'benchmark', symbol }),
    );
  }
  return asset.symbol;
}

export async function getPerformance(
  userId: string,
  benchmark: string,
  deps: LedgerStoreDeps,
): Promise<PerformanceResponse> {
  const indexSymbol = await checkedIndex(benchmark, deps);
  const reading = deps.market.readMarket();
  const date = reading.marketDate.date;
  const ledger = await loadLedger(userId, deps, reading);
  // Rows after the market date (stored before a replay's wrap) are not valued yet.
  const rows = ledger.transactions.filter((row) => row.date <= date);
  const lookups = await loadLedgerLookups(deps.engine, rows, {
    baseCurrency: ledger.base_currency,
    to: date,
    indexSymbol,
  });
  try {
    const analysis = analysePortfolio(rows, {
      baseCurrency: ledger.base_currency,
      costMethod: ledger.cost_method,
      fx: lookups.fx,
      prices: lookups.prices,
      date,
      benchmark: { index: lookups.index, indexCurrency: UNIVERSE_CURRENCY, period: 'MAX' },
    });
    const { valuation, returns } = analysis;
    return {
      market_date: date,
      base_currency: ledger.base_currency,
      cost_method: ledger.cost_method,
      cash_tracked: valuation.cash_tracked,
      distinct_symbols_held: valuation.distinct_symbols_held,
      holdings: valuation.holdings.map(
        ({ lots: _lots, rate: _rate, value_local: _v, cost_local: _c, trade_fees_base: _t, ...holding }) =>
          holding,
      ),
      totals: {
        value_base: valuation.totals.value_base,
        securities_value_base: valuation.totals.securities_value_base,
        cash_value_base: valuation.totals.cash_value_base,
        cost_base: valuation.totals.cost_base,
        unrealised: valuation.totals.unrealised,
        realised: valuation.totals.realised,
        dividends_base: valuation.totals.dividends_base,
        fees_paid_base: valuation.totals.fees_paid_base,
        total_gain_base: valuation.totals.total_gain_base,
      },
      returns: returns.map(({ series: _series, ...period }) => period),
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
  } catch (error: unknown) {
    // A row the stored history has no rate for (a cash row dated before the FX history): say which.
    if (error instanceof LedgerError) throw new ConflictError(ledgerMessage(error));
    throw error;
  }
}
