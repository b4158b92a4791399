import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@app/web/lib/api-client';

/** Part 2 section 9: the admin price monitor refreshes every 30 s. */
export const PRICE_MONITOR_REFRESH_MS = 30_000;

/** GET /api/admin/price-monitoring: feed health per ticker as the price poll recorded it. */
export function getPriceMonitoring() {
  return api.call(contract.admin.priceMonitoring);
}

export const priceMonitoringQueryKey = ['admin', 'price-monitoring'] as const;

export function priceMonitoringQueryOptions() {
  return queryOptions({
    queryKey: priceMonitoringQueryKey,
    queryFn: getPriceMonitoring,
    refetchInterval: PRICE_MONITOR_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}

export function usePriceMonitoring() {
  return useQuery(priceMonitoringQueryOptions());
}
