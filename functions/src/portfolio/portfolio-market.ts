import { message } from '@app/shared/messages/message';
import type { PricesRepository } from '../data/prices-repository';
import type { StoredQuote } from '../data/stored-prices';
import type { MarketDayRepository } from '../data/market-day-repository';
import type { MarketEngine } from '../market-data/market-engine';
import { readMarketAt, type MarketReading } from '../market-data/market-quotes';
import type { SourceQuote, Bar, SymbolAnalysis, SymbolInfo } from '../engine/types';
import { UnknownSymbolError } from '../market-data/provider-errors';
import type { UniverseAsset } from '../market-data/universe/build-universe';
import { searchUniverse, type UniverseIndex } from '../market-data/universe/search-universe';
import { ServiceUnavailableError } from '../platform/errors';
import { logger } from '../platform/observability';
import type { AssetQuote } from './valuation';

/**
 * What the portfolio needs from the market: the universe (search, symbol lookup) and, per asset, a
 * quote, recent bars and the engine's analysis, at one reading of the market clock per request.
 * Quoted symbols are priced like everywhere else in the app (market-data/market-quotes.ts: the
 * replay at the clock's date, live the quote the price poll stored) and analysed as of that quote;
 * a replayed series with no bar near the date has no price on it (`quote` null). Snapshot-only
 * listings carry their undated snapshot price, no history and no analysis (the engine needs bars).
 */
export interface AssetMarketData {
  /** Null when the asset has no price on the market date. */
  quote: AssetQuote | null;
  /** Dated daily bars up to the quote's bar, ascending; empty for snapshot-only listings. */
  bars: readonly Bar[];
  analysis: SymbolAnalysis | null;
}

export interface PortfolioMarket {
  findAsset(symbol: string): Promise<UniverseAsset | null>;
  search(query: string, limit: number): Promise<UniverseAsset[]>;
  /** One reading of the market clock: every price of a request is read at its date. */
  readMarket(): MarketReading;
  marketDataOf(asset: UniverseAsset, reading: MarketReading): Promise<AssetMarketData>;
}

/** The snapshot's 1-day change as an amount: price - previous close, previous close = price / (1 + pct/100). */
export function snapshotQuoteOf(asset: UniverseAsset): AssetQuote {
  const price = asset.snapshot_price as number;
  const percent = asset.snapshot_change_percent;
  const previousClose = percent === null || percent <= -100 ? null : price / (1 + percent / 100);
  return {
    price,
    as_of: null,
    change: previousClose === null ? null : price - previousClose,
    change_percent: previousClose === null ? null : percent,
    source: 'snapshot',
  };
}

export function assetQuoteOf(quote: SourceQuote): AssetQuote {
  return {
    price: quote.price,
    as_of: quote.as_of,
    change: quote.change,
    change_percent: quote.change_percent,
    source: quote.mode,
  };
}

interface QuoteWaiter {
  resolve: (quote: StoredQuote | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces the stored-quote reads that arrive in one turn of the event loop (a portfolio values all
 * its holdings concurrently) into one BatchGetItem instead of one GetItem per holding.
 */
export function createStoredQuoteBatcher(
  repository: Pick<PricesRepository, 'getQuotes'>,
): (symbol: string) => Promise<StoredQuote | null> {
  let pending: { symbol: string; waiter: QuoteWaiter }[] | null = null;

  async function flush(batch: { symbol: string; waiter: QuoteWaiter }[]): Promise<void> {
    try {
      const quotes = await repository.getQuotes(batch.map(({ symbol }) => symbol));
      for (const { symbol, waiter } of batch) waiter.resolve(quotes.get(symbol) ?? null);
    } catch (error: unknown) {
      for (const { waiter } of batch) waiter.reject(error);
    }
  }

  return (symbol) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        const batch: { symbol: string; waiter: QuoteWaiter }[] = [];
        pending = batch;
        // After the current microtasks: every concurrent caller of this turn has joined the batch.
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      pending.push({ symbol, waiter: { resolve, reject } });
    });
}

export interface PortfolioMarketOptions {
  engine: MarketEngine;
  /** Quotes stored by the price poll (live mode); the same prices the market area's routes show. */
  storedQuotes: Pick<PricesRepository, 'getQuotes'>;
  now: () => Date;
  /**
   * Replay: the graded market days. A reading then takes the date's quotes from the graded day (the
   * prices every other screen shows) and knows the date is graded, which the valuation cache needs.
   */
  marketDay?: Pick<MarketDayRepository, 'getDay'>;
  /** Built on first use: reading the snapshot costs about half a second, so only requests that need it pay. */
  loadUniverse: () => Promise<UniverseIndex>;
}

/** Live mode: the search index is rebuilt this often (the SEC and coin lists change daily). */
export const UNIVERSE_REFRESH_MS = 10 * 60_000;

/** The market a stored series is listed on, as the universe names it (build-universe.ts). */
function storedMarketOf(info: SymbolInfo): string {
  if (info.asset_type === 'crypto') return 'CRYPTO';
  if (info.symbol.endsWith('=X')) return 'FX';
  if (info.symbol.endsWith('=F')) return 'FUTURES';
  return info.symbol.startsWith('^') ? 'INDEX' : 'US';
}

export function createPortfolioMarket(options: PortfolioMarketOptions): PortfolioMarket {
  // A portfolio values all its holdings concurrently: their stored-quote reads become one BatchGet.
  const batched = createStoredQuoteBatcher(options.storedQuotes);
  const prices: Pick<PricesRepository, 'getQuotes'> = {
    async getQuotes(symbols) {
      const found = await Promise.all(
        symbols.map(async (symbol) => [symbol, await batched(symbol)] as const),
      );
      return new Map(found.flatMap(([symbol, quote]) => (quote ? [[symbol, quote] as const] : [])));
    },
  };
  let universe: { at: number; index: Promise<UniverseIndex> } | undefined;
  const getUniverse = () => {
    // Live mode: the reference lists the index includes are refreshed daily, and fetched after a cold start.
    const expired =
      options.engine.dataMode === 'live' && universe && Date.now() - universe.at >= UNIVERSE_REFRESH_MS;
    if (!universe || expired) {
      const index = options.loadUniverse();
      universe = { at: Date.now(), index };
      index.catch(() => (universe = undefined));
    }
    return universe.index;
  };
  /**
   * Live mode: the index is built at cold start, and an on-demand backfill stores symbols afterwards.
   * A symbol the store now holds is quoted (its stored, dated price), whether or not the index had it.
   */
  async function withStoredQuote(
    wanted: string,
    indexed: UniverseAsset | null,
  ): Promise<UniverseAsset | null> {
    if (options.engine.dataMode !== 'live' || indexed?.price_source === 'quoted') return indexed;
    let stored: SymbolInfo;
    try {
      stored = await options.engine.describe(wanted);
    } catch (error: unknown) {
      if (error instanceof UnknownSymbolError) return indexed;
      throw error;
    }
    return {
      symbol: stored.symbol,
      name: indexed?.name ?? stored.name,
      market: indexed?.market ?? storedMarketOf(stored),
      asset_type: indexed?.asset_type ?? stored.asset_type,
      market_cap: indexed?.market_cap ?? null,
      price_source: 'quoted',
      snapshot_price: null,
      snapshot_change_percent: null,
      sector: indexed?.sector ?? null,
      industry: indexed?.industry ?? null,
    };
  }

  return {
    async findAsset(symbol) {
      const wanted = symbol.trim().toUpperCase();
      return withStoredQuote(wanted, (await getUniverse()).bySymbol.get(wanted) ?? null);
    },
    async search(query, limit) {
      const found = searchUniverse(await getUniverse(), query, limit);
      return Promise.all(found.map(async (asset) => (await withStoredQuote(asset.symbol, asset)) ?? asset));
    },
    readMarket: () =>
      readMarketAt(
        { engine: options.engine, prices, ...(options.marketDay ? { marketDay: options.marketDay } : {}) },
        options.now(),
      ),
    async marketDataOf(asset, reading) {
      if (asset.price_source === 'snapshot') {
        // A listed instrument not fetched yet has no price at all.
        const quote = asset.snapshot_price === null ? null : snapshotQuoteOf(asset);
        return { quote, bars: [], analysis: null };
      }
      try {
        const quote = await reading.quote(asset.symbol);
        if (!quote) return { quote: null, bars: [], analysis: null };
        const result = await options.engine.analyze(asset.symbol, { quote });
        return { quote: assetQuoteOf(result.quote), bars: result.bars, analysis: result.analysis };
      } catch (error: unknown) {
        logger.warn('no quote for a held symbol', { symbol: asset.symbol, error: error as Error });
        throw new ServiceUnavailableError(message('PORTFOLIO_PRICE_UNAVAILABLE', { symbol: asset.symbol }));
      }
    },
  };
}
