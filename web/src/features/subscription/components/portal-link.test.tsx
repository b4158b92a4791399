import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { PortalLink } from './portal-link';

describe('PortalLink', () => {
  it("asks the API for a one-time link and goes to Stripe's customer portal", async () => {
    const requests = installFakeApi((request) =>
      request.method === 'POST' && request.path === '/api/subscription/billing/portal'
        ? { body: { url: 'https://billing.stripe.com/p/session/test_abc' } }
        : undefined,
    );
    const navigate = vi.fn();
    await renderWithProviders(withQueryClient(<PortalLink navigate={navigate} />), { language: 'fr' });

    fireEvent.click(screen.getByRole('button', { name: 'Cartes et factures sur Stripe' }));

    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_abc'),
    );
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/subscription/billing/portal',
    ]);
  });
});
