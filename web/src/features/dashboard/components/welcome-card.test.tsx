import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { WelcomeCard } from './welcome-card';

const card = (isNewAccount: boolean, keptDate: string | null = null) => (
  <WelcomeCard
    name="Ana"
    aiLive
    aiPending={false}
    keptDate={keptDate}
    replayDate={null}
    isDemo={false}
    isNewAccount={isNewAccount}
  />
);

describe('WelcomeCard', () => {
  it('welcomes a brand-new account, and welcomes back a returning one', async () => {
    const first = await renderWithProviders(card(true));
    expect(screen.getByRole('heading').textContent).toBe('Welcome, Ana!');
    first.unmount();

    await renderWithProviders(card(false));
    expect(screen.getByRole('heading').textContent).toBe('Welcome back, Ana!');
  });

  it('welcomes a new account in French and in Spanish', async () => {
    const french = await renderWithProviders(card(true), { language: 'fr' });
    expect(screen.getByRole('heading').textContent).toBe('Bienvenue, Ana !');
    french.unmount();

    await renderWithProviders(card(true), { language: 'es' });
    expect(screen.getByRole('heading').textContent).toBe('¡Le damos la bienvenida, Ana!');
  });

  it("says the figures are the last visit's, with their market date, instead of claiming the AI's status", async () => {
    await renderWithProviders(card(false, '2026-11-27'));
    expect(screen.getByTestId('kept-answers').textContent).toBe("Last visit's figures, Nov 27, 2026");
    expect(screen.queryByTestId('ai-status')).toBeNull();
  });
});
