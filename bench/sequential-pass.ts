import type { LocalStack } from '@app/infra/local/local-stack';
import { callApi, prepareLoadUsers, type BenchUser, type LoadSetup } from './api-load';
import { readCostRecords, summariseConsumption, type RouteConsumption } from './dynamo-efficiency';
import { exerciseRoutes, exerciseSpecs } from './exercise-routes';
import type { InvocationSpec } from './area-invoker';

export interface SequentialPass {
  setup: LoadSetup;
  specs: InvocationSpec[];
  statuses: Record<string, Record<string, number>>;
  consumption: RouteConsumption[];
}

/**
 * Section 3's sequential pass: every listed route `rounds` times after one warm-up round (JIT, universe
 * load, JWKS), plus adding and removing a holding as the load test does; then the cost records of the
 * measured rounds, summed per route.
 */
export async function runSequentialPass(
  stack: LocalStack,
  admin: BenchUser,
  rounds: number,
): Promise<SequentialPass> {
  const baseUrl = stack.webUrl;
  const setup = await prepareLoadUsers(stack, admin);
  const specs = exerciseSpecs(setup.reader, admin);
  await exerciseRoutes(baseUrl, specs, 1);
  const measuredFrom = new Date().toISOString();
  const statuses = await exerciseRoutes(baseUrl, specs, rounds);
  for (let index = 0; index < rounds; index += 1) {
    const added = await callApi(baseUrl, 'POST', '/api/portfolio/holdings', {
      token: setup.reader.token,
      body: { symbol: 'MSFT', asset_type: 'stock', shares: 1 },
    });
    const id = (added.body as { asset?: { id?: string } }).asset?.id;
    if (id) await callApi(baseUrl, 'DELETE', `/api/portfolio/holdings/${id}`, { token: setup.reader.token });
  }
  // Cost records are batched off the request path: written now, then read.
  await stack.flushCostRecords();
  const consumption = summariseConsumption(await readCostRecords(measuredFrom, new Date().toISOString()));
  return { setup, specs, statuses, consumption };
}
