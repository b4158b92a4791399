import { adminRoutes } from './routes-admin';
import { aiRoutes } from './routes-ai';
import { portfolioRoutes } from './routes-portfolio';
import { authRoutes, publicRoutes } from './routes-public-auth';
import { subscriptionRoutes } from './routes-subscription';
import { routeKeyOf, type RouteDefinition, type ServiceArea } from './route';

/** The HTTP contract: one entry per endpoint, grouped by service area. The single source of truth. */
export const contract = {
  public: publicRoutes,
  auth: authRoutes,
  ai: aiRoutes,
  subscription: subscriptionRoutes,
  portfolio: portfolioRoutes,
  admin: adminRoutes,
} as const satisfies Record<ServiceArea, Record<string, RouteDefinition>>;

export type Contract = typeof contract;

/** Every route, flat, in a stable order. */
export const ROUTES: readonly RouteDefinition[] = Object.values(contract).flatMap((area) =>
  Object.values(area as Record<string, RouteDefinition>),
);

export function routesOfArea(area: ServiceArea): RouteDefinition[] {
  return ROUTES.filter((route) => route.area === area);
}

/** API Gateway HTTP API paths cannot end in `/`, so the cloud sends `GET /api` for the contract's `GET /api/`. */
function withoutTrailingSlash(routeKey: string): string {
  return routeKey.length > 1 ? routeKey.replace(/(?<=.)\/+$/, '') : routeKey;
}

const byKey = new Map(ROUTES.map((route) => [withoutTrailingSlash(routeKeyOf(route)), route]));

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return byKey.get(withoutTrailingSlash(routeKey));
}
