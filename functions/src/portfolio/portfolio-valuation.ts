import { EARLIEST_DATE } from '@app/shared/domain/entities/common';
import { LedgerError } from '@app/shared/domain/ledger/ledger-errors';
import type { PositionState } from '@app/shared/domain/ledger/ledger-book';
import { analysePortfolio, type LedgerAnalysis } from '@app/shared/domain/ledger/portfolio-analysis';
import type { HoldingValuation } from '@app/shared/domain/ledger/holdings';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { StoredLedger } from '../data/ledger-repository';
import type { MarketReading } from '../market-data/market-quotes';
import type { UniverseAsset } from '../market-data/universe/build-universe';
import { ConflictError } from '../platform/errors';
import { loadLedgerLookups, UNIVERSE_CURRENCY, type LedgerMarketLookups } from './ledger-market';
import { checkLedger, ledgerMessage } from './ledger-rules';
import { loadLedger, type LedgerStoreDeps } from './ledger-store';
import type { AssetMarketData } from './portfolio-market';
import { createValuationCache } from './valuation-cache';

/**
 * The one valuation every money figure is read from (docs/product.md "One valuation"):
 * the ledger as of the market date, each open position valued at its last close on or before that
 * date within the market clock's rule (engine/market-dates.ts MAX_BAR_AGE_DAYS, the quote the rest of
 * the app shows), never at a later or undated price. A position without such a close is `unpriced`:
 * its rows are left out of the analysis, so it counts in no total, no return and no chart, and the
 * screens say it has no price. The portfolio route (portfolio-view.ts), the performance route
 * (performance-service.ts) and the dashboard (which reads both) all call `readPortfolioValuation`;
 * in replay a valuation is computed once per ledger version and market date (valuation-cache.ts).
 */

export interface ValuedPosition {
  symbol: string;
  asset: UniverseAsset | null;
  /** The open position as the ledger holds it at the market date (quantity, open lots). */
  position: PositionState;
  /** The market's data at the market date: a dated quote, or none. */
  data: AssetMarketData;
  /** The ledger's valuation of the position; null when it has no dated price (`unpriced`). */
  valuation: HoldingValuation | null;
  /** The id of the position's first row (the holding's id when it was migrated from one). */
  firstRowId: string;
}

export interface PortfolioValuationReadModel {
  marketDate: string;
  ledger: StoredLedger;
  /** The analysis of every priced position's rows (and cash rows) up to the market date. */
  analysis: LedgerAnalysis;
  lookups: LedgerMarketLookups;
  /** Open positions at the market date, in the order they were first bought. */
  positions: ValuedPosition[];
  /** The rows the analysis read (priced positions and cash, up to the market date): the reports'. */
  rows: LedgerTransaction[];
}

const NO_DATA: AssetMarketData = { quote: null, bars: [], analysis: null };

/**
 * Rows as the analysis reads them: none after the market date (stored before a replay's wrap, not
 * valued yet), and a row stored before the calendar's first day (entities/common.ts, legacy rows from
 * before requests were bounded) as if on that day, so the daily walk never spans more than the
 * calendar the API accepts.
 */
export function analysedRows<Row extends { date: string }>(rows: readonly Row[], marketDate: string): Row[] {
  return rows
    .filter((row) => row.date <= marketDate)
    .map((row) => (row.date < EARLIEST_DATE ? { ...row, date: EARLIEST_DATE } : row));
}

const symbolOf = (row: LedgerTransaction): string | null =>
  'symbol' in row && row.symbol ? row.symbol : null;

/** A dated quote is a price; an undated snapshot (a listing's last trade, date unknown) is not. */
async function marketDataAt(
  asset: UniverseAsset | null,
  reading: MarketReading,
  deps: Pick<LedgerStoreDeps, 'market'>,
): Promise<AssetMarketData> {
  if (!asset || asset.price_source === 'snapshot') return NO_DATA;
  const data = await deps.market.marketDataOf(asset, reading);
  return data.quote?.as_of ? data : NO_DATA;
}

const replayValuations = createValuationCache<PortfolioValuationReadModel>();

export async function readPortfolioValuation(
  userId: string,
  deps: LedgerStoreDeps,
  options: { reading?: MarketReading; indexSymbol?: string | null } = {},
): Promise<PortfolioValuationReadModel> {
  const reading = options.reading ?? deps.market.readMarket();
  const ledger = await loadLedger(userId, deps, reading);
  const indexSymbol = options.indexSymbol ?? null;
  // Kept only once the replayed date is graded: before, its grades are still being written.
  if (reading.mode !== 'replay' || !(await reading.graded())) {
    return valueLedger(ledger, reading, indexSymbol, deps);
  }
  const key = { userId, ledgerVersion: ledger.version, marketDate: reading.marketDate.date, indexSymbol };
  const model = await replayValuations.read(key, () => valueLedger(ledger, reading, indexSymbol, deps));
  // Callers get their own lists: the kept valuation is shared by every later read.
  return {
    ...model,
    rows: model.rows.slice(),
    positions: model.positions.slice(),
    ledger: { ...model.ledger, transactions: model.ledger.transactions.slice() },
  };
}

async function valueLedger(
  ledger: StoredLedger,
  reading: MarketReading,
  indexSymbol: string | null,
  deps: LedgerStoreDeps,
): Promise<PortfolioValuationReadModel> {
  const marketDate = reading.marketDate.date;
  const rows = analysedRows(ledger.transactions, marketDate);
  const book = checkLedger(rows, ledger.cost_method, 'conflict');
  const order = [...new Set(rows.flatMap((row) => symbolOf(row) ?? []))];
  const open = order.flatMap((symbol) => {
    const position = book.positions.get(symbol);
    return position?.quantity.gt(0) ? [position] : [];
  });
  const described = await Promise.all(
    open.map(async (position) => {
      const asset = await deps.market.findAsset(position.symbol);
      return { position, asset, data: await marketDataAt(asset, reading, deps) };
    }),
  );
  const unpriced = new Set(
    described.filter(({ data }) => !data.quote).map(({ position }) => position.symbol),
  );
  const priced = rows.filter((row) => !unpriced.has(symbolOf(row) ?? ''));
  const lookups = await loadLedgerLookups(deps.engine, priced, {
    baseCurrency: ledger.base_currency,
    to: marketDate,
    indexSymbol,
  });
  // The quote the rest of the app shows is the price on its own date (live: the poll's price today).
  const quotes = new Map(
    described.flatMap(({ position, data }) => (data.quote ? [[position.symbol, data.quote]] : [])),
  );
  const prices = (symbol: string, date: string) => {
    const quote = quotes.get(symbol);
    return quote && quote.as_of === date ? quote.price : lookups.prices(symbol, date);
  };
  let analysis: LedgerAnalysis;
  try {
    analysis = analysePortfolio(priced, {
      baseCurrency: ledger.base_currency,
      costMethod: ledger.cost_method,
      fx: lookups.fx,
      prices,
      date: marketDate,
      benchmark: indexSymbol
        ? { index: lookups.index, indexCurrency: UNIVERSE_CURRENCY, period: 'MAX' }
        : undefined,
    });
  } catch (error: unknown) {
    // A row the stored history has no rate for (a cash row dated before the FX history): say which.
    if (error instanceof LedgerError) throw new ConflictError(ledgerMessage(error));
    throw error;
  }
  const valued = new Map(analysis.valuation.holdings.map((holding) => [holding.symbol, holding]));
  return {
    marketDate,
    ledger,
    analysis,
    lookups: { ...lookups, prices },
    rows: priced,
    positions: described.map(({ position, asset, data }) => ({
      symbol: position.symbol,
      asset,
      position,
      data,
      valuation: data.quote ? (valued.get(position.symbol) ?? null) : null,
      firstRowId: rows.find((row) => symbolOf(row) === position.symbol)?.id as string,
    })),
  };
}
