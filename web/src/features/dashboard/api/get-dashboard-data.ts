import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api, type CallOutput } from '@/kit/api/api-client';
import { routeQueryKey } from '@/kit/api/route-key';

/**
 * docs/product.md "Business rules and limits": the dashboard shows the first 3 recommendations of the
 * signed-in area's one recommendations request (lib/recommendations-list.ts).
 */
export const DASHBOARD_RECOMMENDATIONS_SHOWN = 3;

/**
 * The market columns and the AI status in one query. docs/product.md "Screens", dashboard: enhanced prices
 * first; when that call fails, the plain prices (no grades, no groups). The enhanced answer's
 * status also stands for the AI health check (see the dashboard's request budget in dashboard-page.tsx).
 */
export type MarketSnapshot =
  | { kind: 'enhanced'; data: CallOutput<typeof contract.ai.enhancedPrices> }
  | { kind: 'plain'; data: CallOutput<typeof contract.ai.prices> };

export function useMarketSnapshot() {
  return useQuery(
    queryOptions({
      // Under the enhanced route's id: a change that invalidates it reloads the snapshot too.
      queryKey: [...routeQueryKey(contract.ai.enhancedPrices), 'or-plain-prices'],
      queryFn: async (): Promise<MarketSnapshot> => {
        try {
          return { kind: 'enhanced', data: await api.call(contract.ai.enhancedPrices) };
        } catch {
          return { kind: 'plain', data: await api.call(contract.ai.prices) };
        }
      },
      retry: false,
    }),
  );
}
