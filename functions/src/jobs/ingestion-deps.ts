import type { Config } from '../config';
import { createFundamentalsRepository } from '../data/fundamentals-repository';
import { createPricesRepository } from '../data/prices-repository';
import {
  createProviderStateRepository,
  type ProviderStateRepository,
} from '../data/provider-state-repository';
import { createReferenceRepository, type ReferenceRepository } from '../data/reference-repository';
import { createSeriesRepository, type SeriesRepository } from '../data/series-repository';
import type { BarsProvider } from '../market-data/bars-provider';
import { createIngestionQueue, type IngestionQueue } from '../market-data/ingestion/ingestion-queue';
import type { BarProviderName } from '../market-data/ingestion/ingestion-messages';
import { liveSeed, type InstrumentSeed } from '../market-data/ingestion/instruments';
import type { IngestionWorkerDeps } from '../market-data/ingestion/process-message';
import {
  createSharedProviderGuard,
  type SharedProviderGuard,
} from '../market-data/ingestion/shared-provider-guard';
import { createCoinGeckoProvider } from '../market-data/providers/coingecko/coingecko-provider';
import { createSecCompanyData } from '../market-data/providers/sec-edgar/sec-company-data';
import { createYahooBarsProvider } from '../market-data/providers/yahoo/yahoo-bars-provider';
import { createDocumentClient } from '../platform/dynamo-client';
import { createQueueClient } from '../platform/queue-client';

/*
 * What the ingestion planner and worker stand on, built from the configuration once per cold start
 * (and by the local stack, and by the bench): the market table's repositories, one shared guard per
 * provider (rate limit and breaker in the table), the providers behind them, the queues.
 */

export type IngestionConfig = Pick<
  Config,
  | 'AWS_REGION'
  | 'DYNAMODB_ENDPOINT'
  | 'TABLE_MARKET'
  | 'DATA_MODE'
  | 'WATCHED_SYMBOLS'
  | 'LIVE_QUOTE_BASE_URL'
  | 'COINGECKO_BASE_URL'
  | 'SEC_DATA_BASE_URL'
  | 'SEC_FILES_BASE_URL'
  | 'SEC_EDGAR_USER_AGENT'
  | 'SQS_ENDPOINT'
  | 'INGESTION_QUEUE_URL'
  | 'INGESTION_PRIORITY_QUEUE_URL'
  | 'YAHOO_REQUESTS_PER_SECOND'
  | 'COINGECKO_REQUESTS_PER_SECOND'
  | 'SEC_REQUESTS_PER_SECOND'
  | 'INGESTION_JITTER_SECONDS'
  | 'PROVIDER_BREAKER_FAILURES'
  | 'PROVIDER_BREAKER_OPEN_SECONDS'
>;

export interface IngestionOverrides {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Extra bar providers (the replay, tests). */
  barProviders?: Partial<Record<BarProviderName, BarsProvider>>;
  /** The instruments the planner tracks without being asked (default: WATCHED_SYMBOLS in live mode). */
  seeds?: () => InstrumentSeed[];
  symbolConcurrency?: number;
}

export interface IngestionDeps {
  worker: IngestionWorkerDeps;
  series: SeriesRepository;
  reference: ReferenceRepository;
  queue: IngestionQueue;
  providerState: ProviderStateRepository;
  seeds: () => InstrumentSeed[];
  live: boolean;
  jitterSeconds: number;
}

export function createIngestionDeps(
  config: IngestionConfig,
  overrides: IngestionOverrides = {},
): IngestionDeps {
  const client = createDocumentClient(config);
  const providerState = createProviderStateRepository(client, config.TABLE_MARKET);
  const now = overrides.now ?? (() => new Date());
  const guard = (provider: string, requestsPerSecond: number): SharedProviderGuard =>
    createSharedProviderGuard({
      provider,
      state: providerState,
      requestsPerSecond,
      failures: config.PROVIDER_BREAKER_FAILURES,
      openMs: config.PROVIDER_BREAKER_OPEN_SECONDS * 1000,
      now: () => now().getTime(),
    });
  const guards = {
    yahoo: guard('yahoo', config.YAHOO_REQUESTS_PER_SECOND),
    coingecko: guard('coingecko', config.COINGECKO_REQUESTS_PER_SECOND),
    sec: guard('sec-edgar', config.SEC_REQUESTS_PER_SECOND),
  };
  const fetchOption = overrides.fetch ? { fetch: overrides.fetch } : {};
  const coingecko = createCoinGeckoProvider({
    baseUrl: config.COINGECKO_BASE_URL,
    guard: guards.coingecko,
    now,
    ...fetchOption,
  });
  const providers: Partial<Record<BarProviderName, BarsProvider>> = {
    yahoo: createYahooBarsProvider({
      baseUrl: config.LIVE_QUOTE_BASE_URL,
      guard: guards.yahoo,
      now,
      ...fetchOption,
    }),
    coingecko,
    ...overrides.barProviders,
  };
  const live = config.DATA_MODE === 'live';
  const series = createSeriesRepository(client, config.TABLE_MARKET);
  const reference = createReferenceRepository(client, config.TABLE_MARKET);
  return {
    series,
    reference,
    worker: {
      prices: createPricesRepository(client, config.TABLE_MARKET),
      series,
      fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
      reference,
      barsProvider: (name) => providers[name] ?? null,
      coingecko,
      sec: createSecCompanyData({
        filesBaseUrl: config.SEC_FILES_BASE_URL,
        dataBaseUrl: config.SEC_DATA_BASE_URL,
        userAgent: config.SEC_EDGAR_USER_AGENT,
        guard: guards.sec,
        ...fetchOption,
      }),
      guards: Object.values(guards),
      now,
      symbolConcurrency: overrides.symbolConcurrency ?? 3,
    },
    queue: createIngestionQueue(createQueueClient(config), {
      normal: config.INGESTION_QUEUE_URL,
      priority: config.INGESTION_PRIORITY_QUEUE_URL,
    }),
    providerState,
    seeds:
      overrides.seeds ??
      (() => (live ? config.WATCHED_SYMBOLS.map((symbol) => liveSeed(symbol, 'watchlist')) : [])),
    live,
    jitterSeconds: config.INGESTION_JITTER_SECONDS,
  };
}
