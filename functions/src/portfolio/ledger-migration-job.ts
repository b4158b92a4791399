import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig, type Config } from '../config';
import { scanHoldingOwners } from '../data/holding-owners';
import { createHoldingsRepository } from '../data/holdings-repository';
import { createLedgerRepository } from '../data/ledger-repository';
import { createPricesRepository } from '../data/prices-repository';
import { createMarketEngine } from '../market-data/market-engine';
import { createPriceSource } from '../market-data/price-source';
import { indexAssetUniverse, loadSnapshotForUniverse } from '../market-data/universe/load-universe';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';
import {
  runLedgerMigration,
  type LedgerMigrationDeps,
  type LedgerMigrationOutcome,
} from './ledger-migration';
import { createPortfolioMarket } from './portfolio-market';

/** The job's dependencies over `client` (the tests pass one that fails on purpose). */
export function createLedgerMigrationDeps(
  config: Config,
  client: DynamoDBDocumentClient,
): LedgerMigrationDeps {
  const engine = createMarketEngine(createPriceSource(config));
  const now = () => new Date();
  const market = createPortfolioMarket({
    engine,
    storedQuotes: createPricesRepository(client, config.TABLE_MARKET),
    now,
    // A holding without a purchase price is valued at its day's close; the snapshot only when none.
    loadUniverse: async () =>
      indexAssetUniverse(await engine.listUniverse(), loadSnapshotForUniverse(config.REPLAY_DATA_FILE), []),
  });
  return {
    ledgers: createLedgerRepository(client, config.TABLE_HOLDINGS),
    holdings: createHoldingsRepository(client, {
      holdings: config.TABLE_HOLDINGS,
      usage: config.TABLE_USAGE,
    }),
    market,
    engine,
    now,
  };
}

/**
 * The ledger migration job's entry (infra/README.md "Ledger migration job"): a Lambda with no
 * schedule, invoked by hand once after the deployment that brings the ledger (`aws lambda invoke`),
 * and locally by `npm run migrate:ledger`. Re-running it is safe (portfolio/ledger-migration.ts):
 * it migrates only users who still have no ledger, and reports what it did.
 */
export async function handler(): Promise<LedgerMigrationOutcome> {
  const config = getConfig();
  const client = createDocumentClient(config);
  const outcome = await runLedgerMigration(
    scanHoldingOwners(client, config.TABLE_HOLDINGS),
    createLedgerMigrationDeps(config, client),
  );
  logger.info('ledger migration ran', { ...outcome });
  return outcome;
}
