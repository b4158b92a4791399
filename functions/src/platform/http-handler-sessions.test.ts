import { contract } from '@app/shared/api/contract';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { message } from '@app/shared/messages/message';
import { ConflictError } from './errors';
import { createAreaHandler } from './http-handler';
import { event } from '../testing/http-event.test-support';
import type { SessionState } from './session-check';

/** The middleware's session check (session-check.ts) on a user route and an optional-user route. */

const context = { awsRequestId: 'req-1' } as Context;
const NOW_SECONDS = Math.floor(Date.now() / 1000);
const claimsOf = (sub: string, issuedAt: number) => ({
  sub,
  token_use: 'access',
  client_id: 'web',
  iat: issuedAt,
  'cognito:groups': '[]',
});

const STATES: Record<string, SessionState> = {
  'signed-out-1': { exists: true, revokedAt: NOW_SECONDS - 100 },
};

function subscriptionHandler() {
  // A caller let through reaches the route, which answers a 409 (no response schema to satisfy).
  const answer = async () => {
    throw new ConflictError(message('ADMIN_ALREADY_APPROVED'));
  };
  return createAreaHandler(
    'subscription',
    contract.subscription,
    {
      ...(Object.fromEntries(Object.keys(contract.subscription).map((key) => [key, () => null])) as Record<
        keyof typeof contract.subscription,
        () => never
      >),
      invoices: answer as never,
      mySubscription: answer as never,
    },
    {
      createDeps: () => ({}),
      readSessionState: async (userId) => STATES[userId] ?? { exists: false },
      // The optional-user route's token: whatever it says, verified.
      verifier: async (token) => ({ ok: true, claims: JSON.parse(token) as Record<string, unknown> }),
    },
  );
}

const onUserRoute = (claims: Record<string, unknown>) => {
  const base = event('GET /api/subscription/invoices');
  return { ...base, requestContext: { ...base.requestContext, authorizer: { jwt: { claims } } } };
};
const onOptionalRoute = (claims: Record<string, unknown>) =>
  event('GET /api/subscription/my-subscription', {
    headers: { authorization: `Bearer ${JSON.stringify(claims)}` },
  });

describe('the session check in the middleware', () => {
  it('refuses a deleted account’s token and an ended session’s token with 401 on both kinds of route', async () => {
    const handler = subscriptionHandler();
    const deleted = claimsOf('deleted-1', NOW_SECONDS);
    const ended = claimsOf('signed-out-1', NOW_SECONDS - 200);
    const newer = claimsOf('signed-out-1', NOW_SECONDS - 50);

    const statuses = [
      (await handler(onUserRoute(deleted), context)).statusCode,
      (await handler(onOptionalRoute(deleted), context)).statusCode,
      (await handler(onUserRoute(ended), context)).statusCode,
      (await handler(onOptionalRoute(ended), context)).statusCode,
      (await handler(onUserRoute(newer), context)).statusCode,
      (await handler(onOptionalRoute(newer), context)).statusCode,
    ];

    expect(statuses).toEqual([401, 401, 401, 401, 409, 409]);
  });
});
