import { adminRoutes } from './routes-admin';
import { marketRoutes } from './routes-market';
import { portfolioRoutes } from './routes-portfolio';
import { authRoutes } from './routes-auth';
import { publicRoutes } from './routes-public';
import { subscriptionRoutes } from './routes-subscription';
import { type RouteDefinition, type ServiceArea } from './route';
import { routeIndexOf } from './route-index';

/**
 * The HTTP contract: one entry per endpoint, the single source of truth. Routes are grouped as the spec
 * groups them: a group's key is its operation ids' prefix and its OpenAPI tag, and clients call through
 * it (`contract.ai.recommendations`). Each group is served by one area; every group but `ai` by the area
 * of its name, `ai` (`/api/ai/*`) by the market area (docs/glossary.md "Areas").
 */
export const contract = {
  public: publicRoutes,
  auth: authRoutes,
  ai: marketRoutes,
  subscription: subscriptionRoutes,
  portfolio: portfolioRoutes,
  admin: adminRoutes,
} as const satisfies Record<string, Record<string, RouteDefinition>>;

export type Contract = typeof contract;

/** Every route, flat, in a stable order. */
export const ROUTES: readonly RouteDefinition[] = Object.values(contract).flatMap((area) =>
  Object.values(area as Record<string, RouteDefinition>),
);

export function routesOfArea(area: ServiceArea): RouteDefinition[] {
  return ROUTES.filter((route) => route.area === area);
}

const findByKey = routeIndexOf(ROUTES);

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return findByKey(routeKey);
}
