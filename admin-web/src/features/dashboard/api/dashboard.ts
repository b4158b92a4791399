import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api, isApiError } from '@app/web/lib/api-client';

/** GET /api/admin/dashboard: AI statistics, platform health and market data. */
export function getDashboard() {
  return api.call(contract.admin.dashboard);
}

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

export function dashboardQueryOptions() {
  // No silent retry: a failure shows its toast at once (part 2 section 8).
  return queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard, retry: false });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

export type DashboardErrorKey =
  'toasts.authFailed' | 'toasts.serverError' | 'toasts.cannotConnect' | 'toasts.dashboardLoadFailedBody';

/**
 * Part 2 section 8, 'Dashboard Load Failed': 401 or 403 -> authentication (the session ends and the
 * login shows after 2 s), 500 -> server error, no answer -> cannot connect, anything else -> generic.
 */
export function dashboardErrorKey(error: unknown): DashboardErrorKey {
  if (!isApiError(error)) return 'toasts.dashboardLoadFailedBody';
  if (error.status === 401 || error.status === 403) return 'toasts.authFailed';
  if (error.status === 500) return 'toasts.serverError';
  if (error.status === 0) return 'toasts.cannotConnect';
  return 'toasts.dashboardLoadFailedBody';
}
