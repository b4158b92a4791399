import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/subscription/usage-stats: the daily recommendations quota of the current UTC day. */
export function getUsageStats() {
  return api.call(contract.subscription.usageStats);
}

export function usageStatsQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'usage-stats'], queryFn: getUsageStats });
}

export function useUsageStats() {
  return useQuery(usageStatsQueryOptions());
}
