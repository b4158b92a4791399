import type { Config } from '../config';
import { createFundamentalsRepository, type FundamentalsRepository } from '../data/fundamentals-repository';
import { createPricesRepository, type PricesRepository } from '../data/prices-repository';
import { createSeriesRepository, type SeriesRepository } from '../data/series-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { runBacktest, type BacktestResult, type BacktestSymbol } from '../engine/backtest';
import type { IsoDate } from '../engine/types';
import { REFERENCE_INDEX } from './ingestion/ingest-series';
import { secFundamentalsAsOf } from './providers/sec-edgar';
import { UNCONFIRMED_MOVE } from './quality/bar-validation';

/*
 * The backtest on whatever the stored market holds (`npm run backtest -- --live --universe <file>`):
 * each symbol's stored daily bars (closed, confirmed), graded at every month-end with the bars up to
 * that day and the SEC facts filed by then, and compared with the S&P 500's stored bars over the same
 * windows. Kept apart from the replay's backtest: another period, other symbols, another data source.
 */

export interface StoredBacktestDeps {
  prices: Pick<PricesRepository, 'getStoredBars'>;
  series: Pick<SeriesRepository, 'getManySeries'>;
  fundamentals: Pick<FundamentalsRepository, 'listConcepts'>;
}

export interface StoredBacktest {
  result: BacktestResult;
  /** Symbols of the universe the store has no active series for. */
  missing: string[];
}

const EARLIEST: IsoDate = '1990-01-01';

/** The stored market's repositories the backtest reads, from the configuration (script and tests). */
export function storedBacktestDepsOf(
  config: Pick<Config, 'AWS_REGION' | 'DYNAMODB_ENDPOINT' | 'TABLE_MARKET'>,
): StoredBacktestDeps {
  const client = createDocumentClient(config);
  return {
    prices: createPricesRepository(client, config.TABLE_MARKET),
    series: createSeriesRepository(client, config.TABLE_MARKET),
    fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
  };
}

export async function runStoredBacktest(
  deps: StoredBacktestDeps,
  symbols: readonly string[],
  today: IsoDate,
): Promise<StoredBacktest> {
  const wanted = [...new Set(symbols.map((symbol) => symbol.trim().toUpperCase()).filter(Boolean))];
  const states = await deps.series.getManySeries(wanted);
  const barsOf = async (symbol: string) =>
    (await deps.prices.getStoredBars(symbol, EARLIEST, today)).filter(
      (bar) => bar.closed && !bar.flags?.includes(UNCONFIRMED_MOVE),
    );
  const entries: BacktestSymbol[] = [];
  const missing: string[] = [];
  for (const symbol of wanted) {
    const state = states.get(symbol);
    const bars = state?.status === 'active' ? await barsOf(symbol) : [];
    if (!state || bars.length === 0) {
      missing.push(symbol);
      continue;
    }
    const concepts = state.cik ? await deps.fundamentals.listConcepts(state.cik) : [];
    entries.push({
      symbol,
      assetType: state.asset_type,
      bars,
      fundamentalsAt: (date) => (concepts.length > 0 ? secFundamentalsAsOf(symbol, concepts, date) : null),
    });
  }
  const result = runBacktest({ symbols: entries, benchmarkBars: await barsOf(REFERENCE_INDEX) });
  return { result, missing };
}
