import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@app/shared/domain/entities/user';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { SettingsPage } from './settings-page';

/** Lazy chunks and the fake server under a loaded CI machine: waits longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

const USER: User = {
  id: 'user-1',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'en',
  theme: 'dark',
  created_at: '2026-11-20T08:00:00.000Z',
};

const select = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;
const noSession = async () => undefined;

/** Issue 46: choosing a language in Settings did nothing until the profile's Save was pressed. */
describe('SettingsPage preferences apply on change', () => {
  it("switches a visitor's page to the chosen language at once, without Save", async () => {
    installFakeApi(() => undefined);
    await renderWithProviders(withQueryClient(<SettingsPage user={null} onSessionEnded={noSession} />));

    fireEvent.change(select('Language'), { target: { value: 'es' } });

    await screen.findByRole('heading', { level: 1, name: 'Ajustes' }, SLOW);
    await waitFor(() => expect(document.documentElement.lang).toBe('es'), SLOW);
  });

  it("applies a signed-in user's theme at once, without Save", async () => {
    installFakeApi(() => undefined);
    await renderWithProviders(withQueryClient(<SettingsPage user={USER} onSessionEnded={noSession} />));

    fireEvent.change(select('Theme'), { target: { value: 'light' } });

    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'), SLOW);
  });
});
