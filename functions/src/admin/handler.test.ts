import { routes } from '@app/shared/api/areas/admin';
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES, routeKeyOf } from '@app/shared/api';
import { createAreaHandler } from '../platform/http-handler';
import type { HttpEvent } from '../platform/http-event';
import { activeSessions, event as httpEvent } from '../testing/http-event.test-support';
import { logger } from '../platform/observability';
import { adminImplementations, type AdminDeps } from './handler';

const context = { awsRequestId: 'req-1' } as Context;

function event(routeKey: string, claims?: Record<string, unknown>): HttpEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  const base = httpEvent(routeKey, {
    pathParameters: path.includes('{id}') ? { id: '01JD0000000000000000000001' } : undefined,
    body: method === 'POST' ? JSON.stringify({ status: 'APPROVED' }) : undefined,
  });
  return claims
    ? { ...base, requestContext: { ...base.requestContext, authorizer: { jwt: { claims, scopes: null } } } }
    : base;
}

/** Deps that must never be reached: the platform refuses the caller before any route runs. */
const unreachable = new Proxy({} as AdminDeps, {
  get: () => {
    throw new Error('admin deps reached by a refused caller');
  },
});

const handler = createAreaHandler('admin', routes, adminImplementations, {
  createDeps: () => unreachable,
  readSessionState: activeSessions,
});
const adminRoutes = ROUTES.filter((route) => route.area === 'admin');

describe('admin area access', () => {
  it('covers every admin route of the contract, each admin-only', () => {
    expect(adminRoutes.length).toBe(10);
    expect(adminRoutes.every((route) => route.access === 'admin')).toBe(true);
  });

  it.each(adminRoutes.map((route) => routeKeyOf(route)))(
    '%s: 401 anonymous, 403 investor (logged with the caller id)',
    async (routeKey) => {
      const warn = vi.spyOn(logger, 'warn');
      const anonymous = await handler(event(routeKey), context);
      expect(anonymous.statusCode).toBe(401);
      const investor = await handler(
        event(routeKey, { sub: 'investor-7', token_use: 'access', client_id: 'web', 'cognito:groups': '[]' }),
        context,
      );
      expect(investor.statusCode).toBe(403);
      expect(warn).toHaveBeenCalledWith('admin route refused', { caller_id: 'investor-7' });
      warn.mockRestore();
    },
  );
});
