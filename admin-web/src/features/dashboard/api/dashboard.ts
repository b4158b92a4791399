import { isApiError } from '@app/web/kit/api-client';

export type DashboardErrorKey =
  'toasts.authFailed' | 'toasts.serverError' | 'toasts.cannotConnect' | 'toasts.dashboardLoadFailedBody';

/**
 * docs/product.md "Errors and empty results", 'Dashboard Load Failed': 401 or 403 -> authentication (the
 * session ends and the login shows after 2 s), 500 -> server error, no answer -> cannot connect, anything
 * else -> generic.
 */
export function dashboardErrorKey(error: unknown): DashboardErrorKey {
  if (!isApiError(error)) return 'toasts.dashboardLoadFailedBody';
  if (error.status === 401 || error.status === 403) return 'toasts.authFailed';
  if (error.status === 500) return 'toasts.serverError';
  if (error.status === 0) return 'toasts.cannotConnect';
  return 'toasts.dashboardLoadFailedBody';
}
