import { routeKeyOf, type RouteDefinition } from './route';

/** API Gateway HTTP API paths cannot end in `/`, so the cloud sends `GET /api` for the contract's `GET /api/`. */
function withoutTrailingSlash(routeKey: string): string {
  return routeKey.length > 1 ? routeKey.replace(/(?<=.)\/+$/, '') : routeKey;
}

/** Looks routes up by their API Gateway route key (`GET /api/ai/health`), with or without a trailing slash. */
export function routeIndexOf(
  routes: Iterable<RouteDefinition>,
): (routeKey: string) => RouteDefinition | undefined {
  const byKey = new Map([...routes].map((route) => [withoutTrailingSlash(routeKeyOf(route)), route]));
  return (routeKey) => byKey.get(withoutTrailingSlash(routeKey));
}
