import { contract, type ServiceArea } from '@app/shared/api';
import { message } from '@app/shared/messages/message';
import { NotImplementedError } from './errors';

/**
 * Implementations for every route of an area whose service is still being built: each answers 501
 * naming the route (never a fake answer). Replaced route by route as the area lands.
 */
export function notYetBuilt<A extends ServiceArea>(
  area: A,
): Record<keyof (typeof contract)[A], () => Promise<never>> {
  const routes = contract[area] as Record<string, { method: string; path: string }>;
  return Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      async () => {
        throw new NotImplementedError(
          message('REQUEST_NOT_BUILT', { route: `${route.method} ${route.path}` }),
        );
      },
    ]),
  ) as Record<keyof (typeof contract)[A], () => Promise<never>>;
}
