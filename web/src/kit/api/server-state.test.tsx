import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import type * as AmplifyAuthModule from '../auth/amplify-auth';
import type { RuntimeConfig } from '../config/runtime-config';
import { renderWithProviders } from '../test/render';
import { api, createApiClient } from './api-client';
import { FollowLanguage, setUpServerAccess } from './server-state';
import { forgetWhenSessionEnds } from './session-expiry';

// Cognito stays out of it: a token to send, a sign-out that succeeds at once.
vi.mock('../auth/amplify-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AmplifyAuthModule>()),
  configureAmplifyAuth: vi.fn(),
  currentAccessToken: vi.fn(async () => 'token'),
  loadAmplifyAuth: vi.fn(async () => ({ signOut: async () => undefined })),
}));

const CONFIG: RuntimeConfig = {
  apiUrl: '/api',
  region: 'eu-west-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client-a',
  dataMode: 'replay',
  stage: 'test',
  investorSiteUrl: 'http://investor.test',
  adminSiteUrl: 'http://admin.test',
};

describe('the end of a session (a 401 with no sign-in-again dialog)', () => {
  it('forgets what the site kept for the account before it leaves for the home page', async () => {
    const unauthorized = {
      error: 'Sign in to continue.',
      code: 'UNAUTHORIZED',
      message_code: 'X',
      params: {},
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(unauthorized), { status: 401 }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    window.localStorage.setItem('keptForTheAccount', 'figures');
    const unregister = forgetWhenSessionEnds(() => window.localStorage.removeItem('keptForTheAccount'));
    setUpServerAccess(CONFIG);

    await api.call(contract.portfolio.list).catch(() => undefined);

    expect(window.localStorage.getItem('keptForTheAccount')).toBeNull();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    unregister();
    assign.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('FollowLanguage', () => {
  it('asks the API in the screens language and asks again when it changes, not when it stays', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
    const api = createApiClient({
      apiUrl: '/api',
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: fetchImpl,
    });
    const { i18n } = await renderWithProviders(<FollowLanguage client={client} />, { language: 'fr' });

    await api.call(contract.public.health).catch(() => undefined);
    // The language already in use, announced again (issue 48: it asked every active query twice).
    await act(() => i18n.changeLanguage('fr'));
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('es'));
    await api.call(contract.public.health).catch(() => undefined);

    const sent = fetchImpl.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Accept-Language'],
    );
    expect(sent).toEqual(['fr', 'es']);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
