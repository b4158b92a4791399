import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import type { RuntimeConfig } from '@/kit/config/runtime-config';
import { ContactPage } from './contact-page';

const runtime: { operator: RuntimeConfig['operator'] } = { operator: undefined };

vi.mock('@/kit/config/runtime-config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/kit/config/runtime-config')>()),
  getRuntimeConfig: async () => ({ operator: runtime.operator }),
}));

describe('contact page: the operator from configuration', () => {
  beforeEach(() => {
    runtime.operator = undefined;
  });

  it('shows the configured operator, never a placeholder address', async () => {
    runtime.operator = {
      name: 'Example Ops Ltd',
      email: 'help@example.org',
      postalAddress: '1 Rue Test, Paris',
    };
    await renderWithProviders(withQueryClient(<ContactPage />));
    const contact = await screen.findByTestId('operator-contact');
    expect(contact.textContent).toContain('Example Ops Ltd');
    expect(screen.getByRole('link', { name: 'help@example.org' }).getAttribute('href')).toBe(
      'mailto:help@example.org',
    );
    expect(contact.textContent).toContain('1 Rue Test, Paris');
    expect(document.body.textContent).not.toMatch(/nuggetinvest\.example|Fifth Avenue/);
  });

  it('says plainly when none is configured', async () => {
    await renderWithProviders(withQueryClient(<ContactPage />));
    expect((await screen.findByTestId('operator-not-configured')).textContent).toBe(
      'This deployment has no contact details configured yet: the form on this page reaches the team.',
    );
  });
});
