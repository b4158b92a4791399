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
import {
  buildLiveProviders,
  liveSeriesProviders,
  type LiveProvidersConfig,
} from '../market-data/providers/registry';
import { createDocumentClient } from '../platform/dynamo-client';
import { createQueueClient } from '../platform/queue-client';

/*
 * What the ingestion planner and worker stand on, built from the configuration once per cold start
 * (and by the local stack, and by the bench): the market table's repositories, one shared guard per
 * provider (rate limit and breaker in the table), the providers behind them, the queues.
 */

/** The ingestion's own settings and every live provider's (their descriptors' `configKeys`). */
export type IngestionConfig = LiveProvidersConfig &
  Pick<
    Config,
    | 'AWS_REGION'
    | 'DYNAMODB_ENDPOINT'
    | 'TABLE_MARKET'
    | 'DATA_MODE'
    | 'WATCHED_SYMBOLS'
    | 'SQS_ENDPOINT'
    | 'INGESTION_QUEUE_URL'
    | 'INGESTION_PRIORITY_QUEUE_URL'
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
  const guards: SharedProviderGuard[] = [];
  const clients = buildLiveProviders(config, (provider, settings) => {
    const guard = createSharedProviderGuard({
      provider,
      state: providerState,
      requestsPerSecond: settings.requestsPerSecond,
      failures: settings.breaker.failures ?? config.PROVIDER_BREAKER_FAILURES,
      openMs: (settings.breaker.openSeconds ?? config.PROVIDER_BREAKER_OPEN_SECONDS) * 1000,
      now: () => now().getTime(),
    });
    guards.push(guard);
    return { guard, now, ...(overrides.fetch ? { fetch: overrides.fetch } : {}) };
  });
  const providers: Partial<Record<BarProviderName, BarsProvider>> = {
    ...liveSeriesProviders(clients),
    ...overrides.barProviders,
  };
  const liveMode = config.DATA_MODE === 'live';
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
      coingecko: clients.coingecko,
      sec: clients['sec-edgar'],
      guards,
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
      (() => (liveMode ? config.WATCHED_SYMBOLS.map((symbol) => liveSeed(symbol, 'watchlist')) : [])),
    live: liveMode,
    jitterSeconds: config.INGESTION_JITTER_SECONDS,
  };
}
