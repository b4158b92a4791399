import type { RouteDefinition } from '@app/shared/api/route';
import type { CallInput } from './api-client';

/** What identifies one answer of a route: its path parameters and its query (never headers or a body). */
export type RouteRequest<Route extends RouteDefinition> = Pick<CallInput<Route>, 'params' | 'query'>;

/** `[route id]` or `[route id, { params?, query? }]`: every cached answer of a route starts with its id. */
export type RouteQueryKey = readonly [routeId: string, request?: { params?: object; query?: object }];

function withoutUndefined(values: unknown): Record<string, unknown> | undefined {
  if (!values || typeof values !== 'object') return undefined;
  const defined = Object.entries(values).filter(([, value]) => value !== undefined);
  return defined.length > 0 ? Object.fromEntries(defined) : undefined;
}

/**
 * The TanStack Query key of one request of a route. Values the client leaves out of the URL
 * (undefined) are left out of the key, so `{ from: undefined }` and `{}` share one cache entry.
 */
export function routeQueryKey<Route extends RouteDefinition>(
  route: Route,
  request?: RouteRequest<Route>,
): RouteQueryKey {
  const params = withoutUndefined(request?.params);
  const query = withoutUndefined(request?.query);
  if (!params && !query) return [route.id];
  return [route.id, { ...(params ? { params } : {}), ...(query ? { query } : {}) }];
}
