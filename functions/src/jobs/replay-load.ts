import { getConfig } from '../config';
import { createPricesRepository } from '../data/prices-repository';
import { createReplayLoadRepository } from '../data/replay-load-repository';
import { createSeriesRepository } from '../data/series-repository';
import {
  loadReplayPhase,
  type ReplayLoadPhase,
  type ReplayLoadResult,
} from '../market-data/ingestion/load-replay';
import { loadReplayUniverseOnce } from '../market-data/price-source';
import { readReplayCatalogue, selectDailySeries } from '../market-data/providers/replay';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';

/*
 * The replay loader as a job (market-data/README.md "The replay provider"): the local stack runs the
 * `clock` phase before it answers and the `history` phase in the background; a cloud stage in replay
 * mode runs both once against its market table (`npm run replay:load`), so no Lambda bundles the data.
 */
export async function runReplayLoad(phase: ReplayLoadPhase): Promise<ReplayLoadResult> {
  const config = getConfig();
  const client = createDocumentClient(config);
  const universe = loadReplayUniverseOnce(config.REPLAY_DATA_FILE);
  const result = await loadReplayPhase(
    {
      prices: createPricesRepository(client, config.TABLE_MARKET),
      series: createSeriesRepository(client, config.TABLE_MARKET),
      loads: createReplayLoadRepository(client, config.TABLE_MARKET),
      now: () => new Date(),
    },
    readReplayCatalogue({ packaged: selectDailySeries(universe), symbols: config.REPLAY_SYMBOLS }),
    phase,
    { from: config.REPLAY_FROM, to: config.REPLAY_TO },
  );
  logger.info('replay data stored', { ...result });
  return result;
}
