import { describe, expect, it } from 'vitest';
import { contract, ROUTES } from '@app/shared/api/contract';
import { policyOf, ROUTE_POLICIES, routeIdsOf } from './route-policies';

describe('route policies', () => {
  it('name only routes of the contract', () => {
    for (const route of ROUTE_POLICIES.keys()) expect(ROUTES).toContain(route);
  });

  it('give cache settings to reads only and invalidations to writes only', () => {
    for (const [route, policy] of ROUTE_POLICIES) {
      const isRead = route.method === 'GET';
      const readFields = policy.staleTime !== undefined || policy.retry !== undefined;
      const writeFields = policy.invalidates !== undefined || policy.replaces !== undefined;
      expect({ route: route.id, misplaced: isRead ? writeFields : readFields }).toEqual({
        route: route.id,
        misplaced: false,
      });
    }
  });

  it('invalidate and replace reads, never writes', () => {
    for (const policy of ROUTE_POLICIES.values()) {
      if (policy.replaces) expect(policy.replaces.method).toBe('GET');
      if (policy.invalidates && policy.invalidates !== 'everything') {
        for (const id of routeIdsOf(policy.invalidates))
          expect(ROUTES.some((route) => route.id === id)).toBe(true);
      }
    }
  });

  it('expand an area to every route in it', () => {
    const ids = routeIdsOf([contract.subscription, contract.portfolio.list]);
    expect(ids).toEqual(
      new Set([...Object.values(contract.subscription).map((route) => route.id), 'portfolio.listHoldings']),
    );
  });

  it('default to nothing for a route without an entry', () => {
    expect(policyOf(contract.public.health)).toEqual({});
  });
});
