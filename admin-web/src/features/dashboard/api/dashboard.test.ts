import { describe, expect, it } from 'vitest';
import { ApiError } from '@app/web/kit/api-client';
import { dashboardErrorKey } from './dashboard';

describe('dashboardErrorKey (docs/product.md "Errors and empty results")', () => {
  it.each([
    [new ApiError(401, null), 'toasts.authFailed'],
    [new ApiError(403, null), 'toasts.authFailed'],
    [new ApiError(500, null), 'toasts.serverError'],
    [new ApiError(0, null, 'network'), 'toasts.cannotConnect'],
    [new ApiError(0, null, 'timeout'), 'toasts.cannotConnect'],
    [new ApiError(502, null), 'toasts.dashboardLoadFailedBody'],
    [new ApiError(200, null, 'invalid-response'), 'toasts.dashboardLoadFailedBody'],
    [new Error('boom'), 'toasts.dashboardLoadFailedBody'],
  ])('%s -> %s', (error, key) => {
    expect(dashboardErrorKey(error)).toBe(key);
  });
});
