import { ulid } from 'ulid';
import type { Config } from '../config';
import type { AlertRule, AlertRuleInput } from '@app/shared/domain/entities/alert-rules';
import { createAlertRulesRepository, type AlertRulesRepository } from '../data/alert-rules-repository';
import { createAlertsRepository, type AlertsRepository } from '../data/alerts-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { createHoldingsRepository } from '../data/holdings-repository';
import { createLedgerRepository, type LedgerRepository } from '../data/ledger-repository';
import {
  createImportMappingsRepository,
  type ImportMappingsRepository,
} from '../data/import-mappings-repository';
import { createPricesRepository } from '../data/prices-repository';
import { createUsersRepository } from '../data/users-repository';
import { createPriceSource } from '../market-data/price-source';
import { createReferenceRepository } from '../data/reference-repository';
import { createSeriesRepository } from '../data/series-repository';
import { createIngestionQueue } from '../market-data/ingestion/ingestion-queue';
import { createOnDemandBackfill, type OnDemandBackfill } from '../market-data/ingestion/on-demand';
import { createQueueClient } from '../platform/queue-client';
import { createMarketEngine, type MarketEngine } from '../market-data/market-engine';
import { indexAssetUniverse, loadSnapshotForUniverse } from '../market-data/universe/load-universe';
import { loadReferenceListings } from '../market-data/universe/reference-listings';
import { createIdempotentOperation } from '../platform/idempotency';
import type { AddHoldingRequest, AddHoldingResult, HoldingsDeps } from './holdings-service';
import { createPortfolioMarket } from './portfolio-market';
import type { ImportResult } from './ledger-import-service';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { createMarketDayRepository } from '../data/market-day-repository';
import { createWatchlistsRepository } from '../data/watchlists-repository';
import { readMarketAt } from '../market-data/market-quotes';
import { createScoreHistoryRepository } from '../data/score-history-repository';
import { addCalendarDays } from '../engine/point-in-time';
import type { WatchlistsDeps } from './watchlists-service';

export interface PortfolioDeps extends HoldingsDeps, Omit<WatchlistsDeps, 'market'> {
  engine: MarketEngine;
  /** Runs an add at most once per Idempotency-Key (same key, same body: the first answer again). */
  addOnce: ReturnType<typeof createIdempotentOperation<AddHoldingRequest, AddHoldingResult>>;
  /** The transactions ledger: a head and one item per transaction (data/ledger-repository.ts). */
  ledgers: LedgerRepository;
  /** Column mappings saved per CSV layout (portfolio/import-mapping-service.ts). */
  importMappings: ImportMappingsRepository;
  /** One new transaction per Idempotency-Key. */
  addTransactionOnce: ReturnType<typeof createIdempotentOperation<JSONValue, JSONValue>>;
  /** One import per Idempotency-Key. */
  importOnce: ReturnType<typeof createIdempotentOperation<JSONValue, ImportResult>>;
  /** The caller's alerts (routes in user-alerts/user-alerts-service.ts). */
  alerts: AlertsRepository;
  /** The seeded demo investor shown to visitors without a token. */
  demoUserId: string | null;
  /** Custom alert rules (routes in user-alerts/alert-rules-service.ts). */
  alertRules: AlertRulesRepository;
  /** The symbols the price poll watches (a rule on another could never fire). */
  watchedSymbols: () => Promise<readonly string[]>;
  /** Creates a rule at most once per Idempotency-Key. */
  createRuleOnce: ReturnType<typeof createIdempotentOperation<AlertRuleInput, AlertRule>>;
  /** Live mode: the on-demand backfill of a listed symbol the store does not hold (null in replay). */
  onDemand: OnDemandBackfill | null;
}

/** Live mode with an ingestion queue: the backfills a person asks for go to the priority queue. */
function onDemandOf(config: Config, client: ReturnType<typeof createDocumentClient>, now: () => Date) {
  if (config.DATA_MODE !== 'live') return null;
  if (!config.INGESTION_PRIORITY_QUEUE_URL && !config.INGESTION_QUEUE_URL) return null;
  return createOnDemandBackfill({
    series: createSeriesRepository(client, config.TABLE_MARKET),
    reference: createReferenceRepository(client, config.TABLE_MARKET),
    queue: createIngestionQueue(createQueueClient(config), {
      normal: config.INGESTION_QUEUE_URL,
      priority: config.INGESTION_PRIORITY_QUEUE_URL,
    }),
    now,
  });
}

/** Everything the portfolio area uses, built once per cold start from the config. */
export function createPortfolioDeps(config: Config): PortfolioDeps {
  const client = createDocumentClient(config);
  const engine = createMarketEngine(createPriceSource(config));
  const now = () => new Date();
  return {
    holdings: createHoldingsRepository(client, {
      holdings: config.TABLE_HOLDINGS,
      usage: config.TABLE_USAGE,
    }),
    users: createUsersRepository(client, config.TABLE_USERS),
    market: createPortfolioMarket({
      engine,
      storedQuotes: createPricesRepository(client, config.TABLE_MARKET),
      marketDay: createMarketDayRepository(client, config.TABLE_MARKET),
      now,
      loadUniverse: async () =>
        indexAssetUniverse(
          await engine.listUniverse(),
          loadSnapshotForUniverse(config.REPLAY_DATA_FILE),
          config.DATA_MODE === 'live'
            ? await loadReferenceListings(createReferenceRepository(client, config.TABLE_MARKET))
            : [],
        ),
    }),
    engine,
    now,
    newId: () => ulid(),
    addOnce: createIdempotentOperation({
      operation: 'portfolio.addHolding',
      client,
      tableName: config.TABLE_IDEMPOTENCY,
    }),
    ledgers: createLedgerRepository(client, config.TABLE_HOLDINGS),
    importMappings: createImportMappingsRepository(client, config.TABLE_HOLDINGS),
    addTransactionOnce: createIdempotentOperation({
      operation: 'portfolio.addTransaction',
      client,
      tableName: config.TABLE_IDEMPOTENCY,
    }),
    importOnce: createIdempotentOperation({
      operation: 'portfolio.importTransactions',
      client,
      tableName: config.TABLE_IDEMPOTENCY,
    }),
    alerts: createAlertsRepository(client, { holdings: config.TABLE_HOLDINGS, usage: config.TABLE_USAGE }),
    demoUserId: config.DEMO_USER_ID ?? null,
    alertRules: createAlertRulesRepository(client, config.TABLE_HOLDINGS),
    watchedSymbols: async () => (await engine.listUniverse()).map((info) => info.symbol),
    createRuleOnce: createIdempotentOperation({
      operation: 'portfolio.createAlertRule',
      client,
      tableName: config.TABLE_IDEMPOTENCY,
    }),
    onDemand: onDemandOf(config, client, now),
    watchlists: createWatchlistsRepository(client, config.TABLE_HOLDINGS),
    latestGrades: async (symbols, date) => {
      const history = createScoreHistoryRepository(client, config.TABLE_MARKET);
      const days = await Promise.all(
        symbols.map(
          async (symbol) =>
            [symbol, await history.listDays(symbol, addCalendarDays(date, -7), date)] as const,
        ),
      );
      return new Map(
        days.flatMap(([symbol, kept]) => (kept.length > 0 ? [[symbol, kept.at(-1)!.grade] as const] : [])),
      );
    },
    readWatchlistMarket: () =>
      readMarketAt(
        {
          engine,
          prices: createPricesRepository(client, config.TABLE_MARKET),
          marketDay: createMarketDayRepository(client, config.TABLE_MARKET),
        },
        now(),
      ),
  };
}
