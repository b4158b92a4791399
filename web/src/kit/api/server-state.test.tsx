import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { renderWithProviders } from '../test/render';
import { createApiClient } from './api-client';
import { FollowLanguage } from './server-state';

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
