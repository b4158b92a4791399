import { adminRoutes } from './routes-admin';
import { aiRoutes } from './routes-ai';
import { portfolioRoutes } from './routes-portfolio';
import { authRoutes } from './routes-auth';
import { publicRoutes } from './routes-public';
import { subscriptionRoutes } from './routes-subscription';
import { type RouteDefinition, type ServiceArea } from './route';
import { routeIndexOf } from './route-index';

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

const findByKey = routeIndexOf(ROUTES);

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return findByKey(routeKey);
}
