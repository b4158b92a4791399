import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { ApiError, createApiClient } from './api-client';

const USER = {
  id: 'sub-1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'en',
  theme: 'dark',
  created_at: '2026-01-01T00:00:00.000Z',
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function clientWith(fetchImpl: typeof fetch, onUnauthorized = vi.fn()) {
  return {
    onUnauthorized,
    client: createApiClient({
      apiUrl: '/api',
      getAccessToken: async () => 'token-123',
      onUnauthorized,
      fetch: fetchImpl,
      timeoutMs: 50,
    }),
  };
}

describe('api client', () => {
  it('sends the bearer token on user routes and parses the response with the route schema', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse(200, USER));
    const { client } = clientWith(fetchImpl);

    const user = await client.call(contract.auth.me);

    expect(user.first_name).toBe('Ada');
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/me');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
  });

  it('sends no token on public routes and posts the body as JSON', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse(202, { accepted: true }));
    const { client } = clientWith(fetchImpl);

    await client.call(contract.auth.register, {
      body: { email: 'ada@example.com', password: 'secret1', first_name: 'Ada', last_name: '', role: 'USER' },
    });

    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(String(init?.body))).toMatchObject({ email: 'ada@example.com', role: 'USER' });
  });

  it('asks in the site language (Accept-Language), so the server words its messages in it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse(200, USER));
    let language = 'fr';
    const client = createApiClient({
      apiUrl: '/api',
      getAccessToken: async () => 'token-123',
      onUnauthorized: vi.fn(),
      fetch: fetchImpl,
      getLanguage: () => language,
    });

    await client.call(contract.auth.me);
    language = 'es';
    await client.call(contract.auth.me);

    const sent = fetchImpl.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Accept-Language'],
    );
    expect(sent).toEqual(['fr', 'es']);
  });

  it('throws a typed error with the API body, and ends the session on 401', async () => {
    const { client, onUnauthorized } = clientWith(async () =>
      jsonResponse(401, {
        error: 'Please sign in.',
        code: 'UNAUTHORIZED',
        message_code: 'AUTH_SIGN_IN_REQUIRED',
        params: {},
      }),
    );

    const failure = await client.call(contract.auth.me).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(onUnauthorized).toHaveBeenCalledWith(401);
  });

  it('does not end the session on other errors', async () => {
    const { client, onUnauthorized } = clientWith(async () =>
      jsonResponse(409, { error: 'Email taken', code: 'CONFLICT' }),
    );

    await expect(client.call(contract.auth.me)).rejects.toMatchObject({ status: 409 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after the timeout', async () => {
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const { client } = clientWith(never);

    await expect(client.call(contract.auth.me)).rejects.toMatchObject({ status: 0, reason: 'timeout' });
  });
});
