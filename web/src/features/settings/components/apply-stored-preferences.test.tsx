import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@app/shared/domain/entities/user';
import { usePreferences } from '@/kit/preferences/preferences';
import { renderWithProviders } from '@/kit/test/render';
import { PREFERENCES_SYNCED_USER_KEY, useApplyStoredPreferences } from './apply-stored-preferences';

const USER: User = {
  id: 'user-1',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'es',
  theme: 'dark',
  created_at: '2026-11-20T08:00:00.000Z',
};

function Probe({ user, save }: { user: User; save: (changes: object) => void }) {
  useApplyStoredPreferences(user, save);
  const { language, theme, setLanguage, setTheme } = usePreferences();
  return (
    <>
      <p data-testid="preferences">{`${language} ${theme}`}</p>
      <button onClick={() => void setLanguage('fr')}>fr</button>
      <button onClick={() => setTheme('light')}>light</button>
    </>
  );
}

afterEach(() => window.localStorage.clear());

describe('useApplyStoredPreferences at sign-in', () => {
  it("keeps the visitor's chosen language and theme and saves them to the profile", async () => {
    window.localStorage.setItem('language', 'fr');
    window.localStorage.setItem('theme', 'light');
    const save = vi.fn();

    const view = await renderWithProviders(<Probe user={USER} save={save} />, { language: 'fr' });

    await waitFor(() => expect(save).toHaveBeenCalledWith({ language: 'fr', theme: 'light' }));
    expect(view.getByTestId('preferences').textContent).toBe('fr light');
    expect(window.localStorage.getItem(PREFERENCES_SYNCED_USER_KEY)).toBe('user-1');
  });

  it("applies the profile's preferences where the visitor chose nothing", async () => {
    const save = vi.fn();

    const view = await renderWithProviders(<Probe user={USER} save={save} />);

    await waitFor(() => expect(view.getByTestId('preferences').textContent).toBe('es dark'));
    expect(save).not.toHaveBeenCalled();
  });

  it('does nothing for a user this browser has already taken on', async () => {
    window.localStorage.setItem(PREFERENCES_SYNCED_USER_KEY, 'user-1');
    const save = vi.fn();

    const view = await renderWithProviders(<Probe user={USER} save={save} />);

    expect(view.getByTestId('preferences').textContent).toBe('en dark');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a later choice of language or theme to the profile at once, so mails follow (issue 46)', async () => {
    window.localStorage.setItem(PREFERENCES_SYNCED_USER_KEY, 'user-1');
    const save = vi.fn();
    const view = await renderWithProviders(<Probe user={USER} save={save} />, { language: 'es' });
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(view.getByRole('button', { name: 'fr' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ language: 'fr' }));
    fireEvent.click(view.getByRole('button', { name: 'light' }));

    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ theme: 'light' }));
    expect(save).toHaveBeenCalledTimes(2);
  });
});
