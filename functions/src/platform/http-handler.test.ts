import { message } from '@app/shared/messages/message';
import { contract } from '@app/shared/api/contract';
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { createAreaHandler } from './http-handler';
import { activeSessions, event } from '../testing/http-event.test-support';
import { ConflictError, QuotaExceededError } from './errors';
import type { VerifyAccessToken } from './token-verifier';
import { UNUSED_ACCOUNT_ROUTES, user } from '../testing/auth-area.fixtures';

const context = { awsRequestId: 'req-1' } as Context;

const investorClaims = { sub: 'user-1', token_use: 'access', client_id: 'web', 'cognito:groups': '[]' };

function buildHandler(
  overrides: Partial<Parameters<typeof createAreaHandler<typeof contract.auth, object>>[2]> = {},
  verifier?: VerifyAccessToken,
) {
  return createAreaHandler(
    'auth',
    contract.auth,
    {
      ...UNUSED_ACCOUNT_ROUTES,
      register: async () => ({ accepted: true }),
      confirmRegistration: async ({ body }) => ({
        reply: {
          status: 201,
          body: { access_token: 'a', id_token: 'i', expires_in: 1, user: { ...user, email: body.email } },
        },
      }),
      login: async () => {
        throw new Error('boom: table nugget-prod-users arn:aws:dynamodb:us-east-1:123:table/x');
      },
      me: async ({ auth }) => ({ ...user, id: auth.kind === 'user' ? auth.userId : 'anonymous' }),
      updateMe: async () => {
        throw new QuotaExceededError(
          message('PLAN_FEATURE_FROM_TIER', { feature: 'advanced_analytics', tier: 'PREMIUM' }),
          'PREMIUM',
          'FREE',
        );
      },
      requestPasswordReset: async () => Promise.reject(new Error('not used')),
      confirmPasswordReset: async () => Promise.reject(new Error('not used')),
      requestEmailChange: async () => Promise.reject(new Error('not used')),
      confirmEmailChange: async () => Promise.reject(new Error('not used')),
      health: async () => ({ status: 'ok', service: 'auth', version: 'x', time: 'now' }),
      ...overrides,
    },
    { createDeps: () => ({}), readSessionState: activeSessions, ...(verifier ? { verifier } : {}) },
  );
}

const parse = (body: string | undefined) => JSON.parse(body ?? '{}') as Record<string, unknown>;

describe('createAreaHandler', () => {
  it('validates the body with the contract and names every bad field', async () => {
    const result = await buildHandler()(
      event('POST /api/auth/register', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nope', password: '1', first_name: '', admin: true }),
      }),
      context,
    );
    expect(result.statusCode).toBe(400);
    const body = parse(result.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect((body.issues as { path: string }[]).map((issue) => issue.path).sort()).toEqual([
      'body.admin',
      'body.email',
      'body.first_name',
      'body.password',
    ]);
  });

  it("words the error in the caller's Accept-Language", async () => {
    const result = await buildHandler()(
      event('POST /api/auth/register', {
        headers: { 'content-type': 'application/json', 'accept-language': 'fr-FR,fr;q=0.9' },
        body: JSON.stringify({ email: 'nope', password: 'Passw0rd!', first_name: 'Ana' }),
      }),
      context,
    );
    expect(parse(result.body).message_code).toBe('REQUEST_INVALID');
    expect(parse(result.body).error).toMatch(/^Requête invalide : Adresse e-mail : saisissez/);
  });

  it('answers malformed JSON and a wrong content type with a 400 naming the body', async () => {
    const handler = buildHandler();
    const malformed = await handler(
      event('POST /api/auth/register', {
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      }),
      context,
    );
    const wrongType = await handler(
      event('POST /api/auth/register', { headers: { 'content-type': 'text/plain' }, body: '{}' }),
      context,
    );
    expect(malformed.statusCode).toBe(400);
    expect(parse(malformed.body).issues).toEqual([
      {
        path: 'body',
        message: 'The request body is not valid JSON.',
        message_code: 'REQUEST_BODY_NOT_JSON',
        params: {},
      },
    ]);
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses a body nested 20,000 deep with a 400 naming the body, in the caller’s language', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const result = await buildHandler()(
      event('POST /api/auth/register', {
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        body: `{"email":${deep}}`,
      }),
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(parse(result.body).issues).toEqual([
      {
        path: 'body',
        message: 'Le corps de la requête imbrique des objets et des tableaux sur plus de 64 niveaux.',
        message_code: 'REQUEST_BODY_TOO_DEEP',
        params: { maximum: 64 },
      },
    ]);
  });

  it('refuses a body over the size limit with 413', async () => {
    const result = await buildHandler()(
      event('POST /api/auth/register', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100_000), first_name: 'A' }),
      }),
      context,
    );
    expect(result.statusCode).toBe(413);
  });

  it('hides a real fault behind a 500 with a request id and no internals', async () => {
    const result = await buildHandler()(
      event('POST /api/auth/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      }),
      context,
    );
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toMatch(/boom|nugget-prod|arn:|stack|at /);
    expect(parse(result.body)).toMatchObject({ code: 'INTERNAL_ERROR', request_id: 'req-1' });
  });

  it('maps a domain error to its status with its detail', async () => {
    const result = await buildHandler()(
      event('PATCH /api/auth/me', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'fr' }),
        requestContext: {
          ...event('PATCH /api/auth/me').requestContext,
          authorizer: { jwt: { claims: investorClaims } },
        },
      }),
      context,
    );
    expect(result.statusCode).toBe(403);
    expect(parse(result.body).detail).toEqual({
      upgrade_message: 'Advanced analytics is available from the Premium plan. Upgrade to Premium to use it.',
      required_tier: 'PREMIUM',
      user_tier: 'FREE',
    });
  });

  it('answers a dependency outage with 503 and a retry hint', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    const handler = buildHandler({
      health: async () => {
        throw refused;
      },
    });
    const result = await handler(event('GET /api/auth/health'), context);
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['Retry-After']).toBe('5');
  });

  it('maps a conflict to 409', async () => {
    const handler = buildHandler({
      health: async () => {
        throw new ConflictError(message('ADMIN_ALREADY_APPROVED'));
      },
    });
    expect((await handler(event('GET /api/auth/health'), context)).statusCode).toBe(409);
  });

  it('builds the caller from the authorizer claims, including groups as API Gateway passes them', async () => {
    const result = await buildHandler()(
      event('GET /api/auth/me', {
        requestContext: {
          ...event('GET /api/auth/me').requestContext,
          authorizer: { jwt: { claims: investorClaims } },
        },
      }),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(parse(result.body).id).toBe('user-1');
  });

  it('refuses a user route without claims, and claims of an ID token', async () => {
    const handler = buildHandler();
    const none = await handler(event('GET /api/auth/me'), context);
    const idToken = await handler(
      event('GET /api/auth/me', {
        requestContext: {
          ...event('GET /api/auth/me').requestContext,
          authorizer: { jwt: { claims: { ...investorClaims, token_use: 'id' } } },
        },
      }),
      context,
    );
    expect(none.statusCode).toBe(401);
    expect(idToken.statusCode).toBe(401);
  });

  it('never trusts identity sent in headers', async () => {
    const handler = buildHandler();
    const spoofed = await handler(
      event('GET /api/auth/me', { headers: { 'x-user-id': 'user-1', 'x-role': 'ADMIN' } }),
      context,
    );
    expect(spoofed.statusCode).toBe(401);
  });

  it('fails with a 500 when an implementation breaks the response contract', async () => {
    const handler = buildHandler({ health: async () => ({ status: 'fine' }) as never });
    const result = await handler(event('GET /api/auth/health'), context);
    expect(result.statusCode).toBe(500);
  });

  it('sets the no-store, nosniff and JSON charset headers on every answer', async () => {
    const ok = await buildHandler()(event('GET /api/auth/health'), context);
    const refused = await buildHandler()(event('GET /api/auth/me'), context);
    for (const result of [ok, refused]) {
      expect(result.headers).toMatchObject({
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    }
  });

  it('404s a route key of another area', async () => {
    const result = await buildHandler()(event('GET /api/subscription/tiers'), context);
    expect(result.statusCode).toBe(404);
  });
});

describe('optional-user routes (verified in the Lambda)', () => {
  it('treats a token-less caller as anonymous, verifies a token when one is sent, and refuses a bad one', async () => {
    const verifier = vi.fn<VerifyAccessToken>(async (token) =>
      token === 'good'
        ? { ok: true, claims: investorClaims }
        : { ok: false, reason: 'the token has expired' },
    );
    const seen: string[] = [];
    const handler = createAreaHandler(
      'subscription',
      contract.subscription,
      {
        // Every other route of the area: never called here.
        ...(Object.fromEntries(Object.keys(contract.subscription).map((key) => [key, () => null])) as Record<
          keyof typeof contract.subscription,
          () => never
        >),
        mySubscription: async ({ auth }) => {
          seen.push(auth.kind === 'user' ? auth.userId : 'anonymous');
          throw new ConflictError(message('ADMIN_ALREADY_APPROVED'));
        },
      },
      { createDeps: () => ({}), readSessionState: activeSessions, verifier },
    );
    const key = 'GET /api/subscription/my-subscription';
    await handler(event(key), context);
    await handler(event(key, { headers: { authorization: 'Bearer good' } }), context);
    const bad = await handler(event(key, { headers: { authorization: 'Bearer bad' } }), context);
    expect(seen).toEqual(['anonymous', 'user-1']);
    expect(bad.statusCode).toBe(401);
    expect(parse(bad.body).message_code).toBe('AUTH_TOKEN_INVALID');
  });
});
