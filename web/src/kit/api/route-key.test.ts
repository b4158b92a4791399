import { describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { routeQueryKey } from './route-key';

describe('routeQueryKey', () => {
  it('is the route id alone for a route read without parameters', () => {
    expect(routeQueryKey(contract.portfolio.list)).toEqual(['portfolio.listHoldings']);
  });

  it('adds the path parameters and the query, and nothing else', () => {
    expect(
      routeQueryKey(contract.ai.recommendations, { params: { user: 'demo_user' }, query: { limit: 6 } }),
    ).toEqual(['ai.getRecommendations', { params: { user: 'demo_user' }, query: { limit: 6 } }]);
  });

  it('leaves out what the client leaves out of the URL, so one request has one key', () => {
    const empty = routeQueryKey(contract.admin.costs, { query: {} });
    const unset = routeQueryKey(contract.admin.costs, { query: { from: undefined, to: undefined } });
    expect(empty).toEqual(['admin.getCosts']);
    expect(unset).toEqual(empty);
    expect(routeQueryKey(contract.admin.costs, { query: { from: '2026-01-01', to: undefined } })).toEqual([
      'admin.getCosts',
      { query: { from: '2026-01-01' } },
    ]);
  });

  it('tells two requests of one route apart', () => {
    const analytics = routeQueryKey(contract.subscription.checkFeature, {
      params: { feature: 'advanced_analytics' },
    });
    const slots = routeQueryKey(contract.subscription.checkFeature, {
      params: { feature: 'portfolio_assets' },
    });
    expect(analytics).not.toEqual(slots);
    expect(analytics[0]).toBe(slots[0]);
  });
});
