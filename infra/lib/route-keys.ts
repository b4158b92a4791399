import type { RouteDefinition } from '@app/shared/api';

/**
 * The path API Gateway gets for a contract path. HTTP API route paths may not end with `/` (the
 * contract's root `GET /api/` becomes `GET /api`); API Gateway routes a request for `/api/` to it.
 */
export function apiGatewayPathOf(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The HTTP API route key of a contract entry, e.g. `GET /api/ai/rationality-score/{symbol}`. */
export function apiGatewayRouteKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${apiGatewayPathOf(route.path)}`;
}
