import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/alerts: the caller's alerts (dismissed ones included); the spec's samples without a token. */
export function getAlerts() {
  return api.call(contract.portfolio.alerts);
}

export const ALERTS_QUERY_KEY = ['alerts'] as const;

export function alertsQueryOptions() {
  return queryOptions({ queryKey: ALERTS_QUERY_KEY, queryFn: getAlerts });
}

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
