import { describe, expect, it } from 'vitest';
import { contract, findRouteByKey, ROUTES } from './contract';
import { matchRoute } from './match-route';
import { buildPath, pathParamNames, routeKeyOf } from './route';

/**
 * Every endpoint the screens call (docs/product.md "Endpoints the screens call"), with the paths we designed.
 */
const SPEC_ENDPOINTS = [
  'GET /api/',
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/auth/me',
  'GET /api/auth/health',
  'GET /api/ai/health',
  'POST /api/ai/analyze/stock',
  'GET /api/ai/rationality-score/{symbol}',
  'POST /api/ai/analyze/portfolio',
  'GET /api/ai/recommendations/{user}',
  'GET /api/ai/portfolio-history/{user}',
  'GET /api/ai/alerts',
  'GET /api/ai/nugget-analysis/{symbol}',
  'GET /api/ai/enhanced-prices/real-time',
  'GET /api/ai/prices/real-time',
  'GET /api/ai/contextual-recommendations',
  'GET /api/ai/market-catalysts',
  'GET /api/ai/live-market-alerts',
  'GET /api/subscription/tiers',
  'GET /api/subscription/my-subscription',
  'GET /api/subscription/check-feature/{feature}',
  'POST /api/subscription/use-feature/{feature}',
  'GET /api/subscription/usage-stats',
  'GET /api/admin/dashboard',
  'GET /api/admin/recommendations/pending',
  'POST /api/admin/recommendations/{id}/review',
  'GET /api/admin/content/social-studio',
  'POST /api/admin/content/{id}/moderate',
  'GET /api/admin/price-monitoring',
  'GET /api/admin/health',
  // Paths we designed for calls the screens make (docs/product.md "Endpoints the screens call", and the
  // issues' additions).
  'GET /api/portfolio/search',
  'GET /api/portfolio',
  'POST /api/portfolio/holdings',
  'PATCH /api/portfolio/holdings/{holdingId}',
  'DELETE /api/portfolio/holdings/{holdingId}',
  'GET /api/portfolio/analysis',
  'PATCH /api/auth/me',
  'GET /api/admin/costs',
  // Plans are bought through a checkout with a confirmation step, not a one-click upgrade
  // (functions/src/subscription/README.md "Billing routes").
  'POST /api/subscription/billing/plan',
  'GET /api/subscription/billing/quote',
  'POST /api/subscription/billing/refund',
];

describe('contract', () => {
  it.each(SPEC_ENDPOINTS)('has an entry for %s', (routeKey) => {
    expect(findRouteByKey(routeKey)).toBeDefined();
  });

  it('has unique operation ids and route keys', () => {
    const ids = ROUTES.map((route) => route.id);
    const keys = ROUTES.map(routeKeyOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(ROUTES.map((route) => [routeKeyOf(route), route] as const))(
    '%s: path parameters and params schema agree',
    (_key, route) => {
      const names = pathParamNames(route.path);
      const shape = route.params ? Object.keys((route.params as unknown as { shape: object }).shape) : [];
      expect(shape.sort()).toEqual([...names].sort());
      expect(route.path.startsWith('/api/')).toBe(true);
    },
  );

  it('names each route by its group and serves each group from one area (docs/glossary.md "Areas")', () => {
    const areaOfGroup: Record<string, string[]> = {};
    for (const [group, routes] of Object.entries(contract)) {
      for (const route of Object.values(routes)) expect(route.id.startsWith(`${group}.`)).toBe(true);
      areaOfGroup[group] = [...new Set(Object.values(routes).map((route) => route.area))];
    }
    expect(areaOfGroup).toEqual({
      public: ['public'],
      auth: ['auth'],
      ai: ['market'],
      subscription: ['subscription'],
      portfolio: ['portfolio'],
      admin: ['admin'],
    });
  });

  it('keeps admin routes admin-only and under /api/admin', () => {
    for (const route of ROUTES) {
      expect(route.path.startsWith('/api/admin/')).toBe(route.access === 'admin');
    }
  });
});

describe('matchRoute', () => {
  it('prefers a literal segment over a parameter', () => {
    const match = matchRoute('POST', '/api/ai/nugget-analysis/batch');
    expect(match && 'route' in match && match.route.id).toBe('ai.getNuggetBatch');
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute('GET', '/api/ai/rationality-score/BRK.B');
    expect(match && 'route' in match ? match.pathParameters : undefined).toEqual({ symbol: 'BRK.B' });
    const encoded = matchRoute('GET', `/api/ai/rationality-score/${encodeURIComponent('^GSPC')}`);
    expect(encoded && 'route' in encoded ? encoded.pathParameters : undefined).toEqual({ symbol: '^GSPC' });
  });

  it('keeps a malformed escape as typed instead of throwing', () => {
    const match = matchRoute('GET', '/api/ai/rationality-score/%E0%A4%A');
    expect(match && 'route' in match ? match.pathParameters.symbol : undefined).toBe('%E0%A4%A');
  });

  it('finds the root route with or without its trailing slash, as the cloud sends it', () => {
    expect(findRouteByKey('GET /api')?.id).toBe('public.getRoot');
    expect(findRouteByKey('GET /api/')?.id).toBe('public.getRoot');
    const match = matchRoute('GET', '/api');
    expect(match && 'route' in match && match.route.id).toBe('public.getRoot');
    expect(findRouteByKey('GET /api/health/')?.id).toBe('public.getHealth');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('DELETE', '/api/subscription/tiers')).toEqual({ methodNotAllowed: true });
    expect(matchRoute('GET', '/api/nothing-here')).toBeUndefined();
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/ai/rationality-score/{symbol}', { symbol: '^GSPC' })).toBe(
      '/api/ai/rationality-score/%5EGSPC',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/alerts/{id}/dismiss')).toThrow(/missing path parameter id/);
  });
});
