import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** Part 1 section 9: the dashboard asks for 6 recommendations and shows the first 3. */
export const DASHBOARD_RECOMMENDATIONS_LIMIT = 6;
export const DASHBOARD_RECOMMENDATIONS_SHOWN = 3;
/** Part 1 section 3: the default user id of the AI calls, the public demo. */
export const DEMO_USER_ID = 'demo_user';

/** GET /api/ai/recommendations/{user}?limit=6: the signed-in user's own list, or the demo user's. */
export function getDashboardRecommendations(userId: string) {
  return api.call(contract.ai.recommendations, {
    params: { user: userId },
    query: { limit: DASHBOARD_RECOMMENDATIONS_LIMIT },
  });
}

export function dashboardRecommendationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['ai', 'recommendations', userId, DASHBOARD_RECOMMENDATIONS_LIMIT],
    queryFn: () => getDashboardRecommendations(userId),
    retry: false,
  });
}

export function useDashboardRecommendations(userId: string) {
  return useQuery(dashboardRecommendationsQueryOptions(userId));
}

/**
 * The market columns and the AI status in one call. Part 1 section 4: enhanced prices first; when
 * that call fails, the plain real-time prices (no grades, no groups). The enhanced answer's status
 * also stands for the AI health check (see the dashboard's request budget in dashboard-page.tsx).
 */
export type MarketSnapshot =
  | {
      kind: 'enhanced';
      data: Awaited<ReturnType<typeof getEnhancedPrices>>;
    }
  | {
      kind: 'plain';
      data: Awaited<ReturnType<typeof getPlainPrices>>;
    };

export function getEnhancedPrices() {
  return api.call(contract.ai.enhancedPrices);
}

export function getPlainPrices() {
  return api.call(contract.ai.prices);
}

export async function getMarketSnapshot(): Promise<MarketSnapshot> {
  try {
    return { kind: 'enhanced', data: await getEnhancedPrices() };
  } catch {
    return { kind: 'plain', data: await getPlainPrices() };
  }
}

export function marketSnapshotQueryOptions() {
  return queryOptions({ queryKey: ['ai', 'market-snapshot'], queryFn: getMarketSnapshot, retry: false });
}

export function useMarketSnapshot() {
  return useQuery(marketSnapshotQueryOptions());
}

/** GET /api/portfolio: the caller's holdings and their summary (the demo portfolio without a token). */
export function getPortfolioSummary() {
  return api.call(contract.portfolio.list);
}

export function portfolioSummaryQueryOptions() {
  // Same key as the portfolio screen's list: one cache entry for one route.
  return queryOptions({ queryKey: ['portfolio', 'list'], queryFn: getPortfolioSummary });
}

export function usePortfolioSummary() {
  return useQuery(portfolioSummaryQueryOptions());
}
