import { loadConfig, type Config } from '@app/functions/config';
import {
  createIngestionDeps,
  type IngestionDeps,
  type IngestionOverrides,
} from '@app/functions/jobs/ingestion-deps';
import { runIngestionPlanner } from '@app/functions/jobs/ingestion-planner';
import { processIngestionEvent } from '@app/functions/jobs/ingestion-worker';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createPricesRepository } from '@app/functions/data/prices-repository';
import type { StoredBar } from '@app/functions/data/stored-prices';
import { createSeriesRepository, type SeriesState } from '@app/functions/data/series-repository';
import { createProviderStateRepository } from '@app/functions/data/provider-state-repository';
import { createTables, localDynamoClient } from '@app/infra/local/dynamodb-local';
import { findFreePort } from '@app/infra/local/processes';
import { startQueueConsumer, type QueueConsumer } from '@app/infra/local/queue-consumer';
import {
  createQueues,
  localQueueClient,
  startQueueServer,
  type LocalQueueUrls,
} from '@app/infra/local/queue-server';
import { tableName } from '@app/infra/lib/table-definitions';
import type { ManagedProcess } from '@app/infra/local/processes';
import { startProviderSimulator, type ProviderSimulator } from '../provider-simulator/simulator';
import type { SimulatedInstrument } from '../provider-simulator/instruments';

/**
 * The ingestion path as the local stack runs it, for one test file: the shared DynamoDB Local with
 * tables of the file's own stage, a fauxqs server of its own, the provider simulator, and workers fed
 * by the local queue consumer (Lambda's event source mapping).
 */
export interface IngestionHarness {
  simulator: ProviderSimulator;
  config: Config;
  /** The environment a worker process needs (the redelivery test spawns one). */
  environment: Record<string, string>;
  queueUrls: LocalQueueUrls;
  /** The first worker's deps (its guards are the first worker's). */
  deps: IngestionDeps;
  /** A worker: one more consumer with its own deps (its own guards, as another Lambda instance). */
  startWorker(overrides?: IngestionOverrides): QueueConsumer;
  plan(): ReturnType<typeof runIngestionPlanner>;
  /** Plans, then waits for the workers to empty the queues. */
  planAndDrain(timeoutMs?: number): Promise<boolean>;
  drain(timeoutMs?: number): Promise<boolean>;
  series(symbol: string): Promise<SeriesState | null>;
  storedBars(symbol: string, from?: string, to?: string): Promise<StoredBar[]>;
  breaker(provider: string): ReturnType<ReturnType<typeof createProviderStateRepository>['getBreaker']>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  stage: string;
  dynamoEndpoint: string;
  instruments: SimulatedInstrument[];
  watched: string[];
  /** The clock of both the simulator and the workers (a split test moves it). */
  now?: () => Date;
  environment?: Record<string, string>;
  visibilitySeconds?: number;
}

export async function startIngestionHarness(options: HarnessOptions): Promise<IngestionHarness> {
  const simulator = await startProviderSimulator({
    instruments: options.instruments,
    ...(options.now ? { now: options.now } : {}),
  });
  const dynamoPort = Number(new URL(options.dynamoEndpoint).port);
  await createTables(localDynamoClient(dynamoPort), options.stage);
  const queuePort = await findFreePort();
  const queueServer: ManagedProcess = await startQueueServer(queuePort);
  const queueClient = localQueueClient(queuePort);
  const queueUrls = await createQueues(queueClient, options.visibilitySeconds ?? 3);
  const environment: Record<string, string> = {
    ...simulator.env,
    DATA_MODE: 'live',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: options.dynamoEndpoint,
    TABLE_MARKET: tableName(options.stage, 'market'),
    SQS_ENDPOINT: `http://127.0.0.1:${queuePort}`,
    INGESTION_QUEUE_URL: queueUrls.normal,
    INGESTION_PRIORITY_QUEUE_URL: queueUrls.priority,
    INGESTION_JITTER_SECONDS: '0',
    WATCHED_SYMBOLS: options.watched.join(','),
    YAHOO_REQUESTS_PER_SECOND: '10',
    COINGECKO_REQUESTS_PER_SECOND: '10',
    SEC_REQUESTS_PER_SECOND: '10',
    PROVIDER_BREAKER_FAILURES: '3',
    PROVIDER_BREAKER_OPEN_SECONDS: '2',
    SEC_EDGAR_USER_AGENT: 'Nugget ingestion tests (contact: tests@example.test)',
    LOCAL_QUEUE_VISIBILITY_SECONDS: String(options.visibilitySeconds ?? 3),
    LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_DISABLED: 'true',
    ...options.environment,
  };
  const config = loadConfig(environment);
  const overrides = (extra: IngestionOverrides = {}): IngestionOverrides => ({
    ...(options.now ? { now: options.now } : {}),
    ...extra,
  });
  const deps = createIngestionDeps(config, overrides());
  const consumers: QueueConsumer[] = [];
  const startWorker = (extra?: IngestionOverrides) => {
    const workerDeps =
      consumers.length === 0 && !extra ? deps : createIngestionDeps(config, overrides(extra));
    const consumer = startQueueConsumer({
      client: queueClient,
      queueUrls: [queueUrls.priority, queueUrls.normal],
      handle: (event) => processIngestionEvent(workerDeps, event),
      visibilitySeconds: options.visibilitySeconds ?? 3,
    });
    consumers.push(consumer);
    return consumer;
  };
  const drainer = () =>
    startQueueConsumer({
      client: queueClient,
      queueUrls: [queueUrls.priority, queueUrls.normal],
      handle: async () => ({ batchItemFailures: [] }),
      pollers: 0,
    });
  const client = createDocumentClient(config);
  const prices = createPricesRepository(client, config.TABLE_MARKET);
  const series = createSeriesRepository(client, config.TABLE_MARKET);
  const providerState = createProviderStateRepository(client, config.TABLE_MARKET);
  const drain = (timeoutMs = 45_000) => drainer().drain(timeoutMs);
  return {
    simulator,
    config,
    environment,
    queueUrls,
    deps,
    startWorker,
    plan: () => runIngestionPlanner(deps, (options.now ?? (() => new Date()))()),
    async planAndDrain(timeoutMs) {
      await runIngestionPlanner(deps, (options.now ?? (() => new Date()))());
      return drain(timeoutMs);
    },
    drain,
    series: (symbol) => series.getSeries(symbol),
    storedBars: (symbol, from = '1990-01-01', to = '2100-01-01') => prices.getStoredBars(symbol, from, to),
    breaker: (provider) => providerState.getBreaker(provider),
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await queueServer.stop();
      await simulator.stop();
    },
  };
}
