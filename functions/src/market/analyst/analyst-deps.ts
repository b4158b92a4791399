import { getConfig } from '../../config';
import { createEntitlementsDeps } from '../../entitlements/entitlements';
import { createDocumentClient } from '../../platform/dynamo-client';
import type { AnalystDeps } from './analyst-service';
import { createModelWriter } from '../../analyst-model/model-writer';
import { createAnalystFallbacksRepository } from '../../data/analyst-fallbacks-repository';

let built: AnalystDeps | undefined;

/** The analyst's dependencies, built on its first question of a cold start (docs/product.md "The analyst"). */
export function analystDeps(): AnalystDeps {
  if (built) return built;
  const config = getConfig();
  const client = createDocumentClient(config);
  built = {
    entitlements: createEntitlementsDeps(client, config),
    modelWriter: createModelWriter(config),
    timeoutMs: config.ANALYST_MODEL_TIMEOUT_MS,
    fallbacks: createAnalystFallbacksRepository(client, config.TABLE_USAGE),
  };
  return built;
}
