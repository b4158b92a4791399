import { getConfig, type Config } from '../config';
import { logger } from '../platform/observability';
import type { MarketEngine } from '../market-data/market-engine';
import { createRateLimiter } from '../market-data/providers/http';
import {
  combineNewsProviders,
  createRssNewsProvider,
  type RssFeedConfig,
} from '../market-data/providers/rss';
import {
  createSecEdgarNewsProvider,
  createStoredFilingsNewsProvider,
} from '../market-data/providers/sec-edgar';
import { createMarketView, createTimelineForEngine } from './market-view';
import { createOfflineNewsProvider, loadOfflineHeadlines } from '../market-data/providers/replay';
import type { CatalystRouteDeps } from './news-scoring';
import type { NewsProvider } from '../market-data/news-provider';
import { createFundamentalsRepository } from '../data/fundamentals-repository';
import { createSeriesRepository } from '../data/series-repository';
import { createMarketDayRepository, type MarketDayRepository } from '../data/market-day-repository';
import { createDocumentClient } from '../platform/dynamo-client';

/** SEC EDGAR fair-access policy: at most 10 requests per second. */
export const EDGAR_MAX_REQUESTS_PER_SECOND = 10;

/** `name|url` or `name|url|TICKER`, comma-separated (NEWS_RSS_FEEDS). */
export function parseRssFeedSetting(value: string): RssFeedConfig[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, url, ticker] = entry.split('|').map((part) => part.trim());
      if (!name || !url || !/^https:\/\//.test(url)) {
        throw new Error(`NEWS_RSS_FEEDS entry '${entry}' must be name|https-url[|TICKER]`);
      }
      return { name, url, ...(ticker ? { tickers: [ticker.toUpperCase()] } : {}) };
    });
}

/**
 * Dependencies of the three catalyst routes, built once per cold start. Replay: the offline
 * headline set on the replay timeline (and its curated demo selection). Live: the 8-K filings the
 * ingestion worker stored for the tracked companies, EDGAR's current-8-K feed for the newest of any
 * company, and the configured RSS feeds (one rate limiter for the requests); no curated set
 * (demo_mode then serves the live data).
 */
export function createCatalystRouteDeps(options: {
  engine: MarketEngine;
  config: Pick<
    Config,
    'SEC_EDGAR_USER_AGENT' | 'SEC_FILES_BASE_URL' | 'NEWS_RSS_FEEDS' | 'NEWS_HTTP_TIMEOUT_MS'
  >;
  /** Live: the filings the ingestion worker stored (read first; the current-8-K feed adds the newest). */
  storedFilings?: NewsProvider;
  /** Replay: the graded market days, so a date's analyses are read, not graded again per symbol. */
  marketDay?: Pick<MarketDayRepository, 'getDay'>;
  now?: () => Date;
  reportError: (message: string, error: unknown) => void;
}): CatalystRouteDeps {
  const now = options.now ?? (() => new Date());
  const timeline = createTimelineForEngine(options.engine);
  const market = createMarketView(options.engine, timeline, options.marketDay);
  if (timeline) {
    const offline = createOfflineNewsProvider({ headlines: loadOfflineHeadlines(), timeline, now });
    return { news: offline, curated: offline, market, now, reportError: options.reportError };
  }
  const fetchOptions = {
    userAgent: options.config.SEC_EDGAR_USER_AGENT,
    timeoutMs: options.config.NEWS_HTTP_TIMEOUT_MS,
    limiter: createRateLimiter({ maxRequests: EDGAR_MAX_REQUESTS_PER_SECOND, intervalMs: 1_000 }),
  };
  const providers = [
    ...(options.storedFilings ? [options.storedFilings] : []),
    createSecEdgarNewsProvider({ fetchOptions, now, filesBaseUrl: options.config.SEC_FILES_BASE_URL }),
    ...(options.config.NEWS_RSS_FEEDS
      ? [
          createRssNewsProvider({
            feeds: parseRssFeedSetting(options.config.NEWS_RSS_FEEDS),
            fetchOptions,
            now,
          }),
        ]
      : []),
  ];
  return {
    news: combineNewsProviders(providers, options.reportError),
    curated: null,
    market,
    now,
    reportError: options.reportError,
  };
}

const depsByEngine = new WeakMap<MarketEngine, CatalystRouteDeps>();

/**
 * The catalyst route deps for an area's engine, built once per engine (the market area's cold start)
 * from the process configuration; failures are logged with the route's context.
 */
export function getCatalystRouteDeps(engine: MarketEngine, now: () => Date): CatalystRouteDeps {
  let deps = depsByEngine.get(engine);
  if (!deps) {
    const config = getConfig();
    const client = createDocumentClient(config);
    deps = createCatalystRouteDeps({
      engine,
      config,
      storedFilings: createStoredFilingsNewsProvider({
        series: createSeriesRepository(client, config.TABLE_MARKET),
        fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
        now,
      }),
      marketDay: createMarketDayRepository(client, config.TABLE_MARKET),
      now,
      reportError: (message, error) =>
        logger.error(message, { error: error instanceof Error ? error : new Error(String(error)) }),
    });
    depsByEngine.set(engine, deps);
  }
  return deps;
}
