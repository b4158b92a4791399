import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { configureApiClient, createApiClient } from '@/kit/api/api-client';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { FeatureGate } from './feature-gate';

function access(allowed: boolean, requiredTier: 'PREMIUM' | 'PRO' | null = 'PREMIUM') {
  return {
    feature: 'advanced_analytics',
    access: {
      allowed,
      upgrade_message: null,
      required_tier: requiredTier,
      limit: null,
      used: null,
      remaining: null,
    },
    user_tier: 'FREE',
    demo: false,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

describe('FeatureGate', () => {
  it('shows a spinner and neither the content nor the limited view while the check is on its way', async () => {
    configureApiClient(
      createApiClient({
        apiUrl: '/api',
        getAccessToken: async () => 'token',
        onUnauthorized: () => undefined,
        fetch: () => new Promise<Response>(() => undefined),
      }),
    );
    await renderWithProviders(
      withQueryClient(
        <FeatureGate feature="advanced_analytics" fallback={<p>Limited</p>}>
          Secret
        </FeatureGate>,
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('Checking access...');
    expect(screen.queryByText('Secret')).toBeNull();
    expect(screen.queryByText('Limited')).toBeNull();
  });

  it('shows the children when the server allows the feature', async () => {
    installFakeApi(() => ({ body: access(true) }));
    await renderWithProviders(
      withQueryClient(<FeatureGate feature="advanced_analytics">Secret</FeatureGate>),
    );
    expect(await screen.findByText('Secret')).toBeTruthy();
    expect(screen.queryByText('Premium Feature')).toBeNull();
  });

  it('blurs the content under the overlay with the server’s required tier when denied', async () => {
    installFakeApi(() => ({ body: access(false, 'PRO') }));
    await renderWithProviders(
      withQueryClient(
        <FeatureGate feature="custom_alerts" fallback={<p>Limited</p>}>
          Secret
        </FeatureGate>,
      ),
    );
    expect(await screen.findByText('Premium Feature')).toBeTruthy();
    expect(screen.getByTestId('required-tier').textContent).toBe('Platinum required');
    expect(screen.getByText('Limited').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Limited Access' })).toBeTruthy();
  });

  it('treats a failed check as not allowed, without the limited-access button when there is no fallback', async () => {
    installFakeApi(() => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }));
    await renderWithProviders(
      withQueryClient(<FeatureGate feature="advanced_analytics">Secret</FeatureGate>),
    );
    expect(await screen.findByText('Premium Feature')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Limited Access' })).toBeNull();
  });

  it('over a preview: blurs only the preview, its upgrade box first, and offers no Continue (issue 46)', async () => {
    installFakeApi(() => ({ body: access(false) }));
    await renderWithProviders(
      withQueryClient(
        <FeatureGate feature="advanced_recommendations" fallback={null} preview={<p>Outline</p>}>
          Secret
        </FeatureGate>,
      ),
    );
    const box = await screen.findByTestId('gate-upgrade-box');
    expect(screen.getByText('Outline').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByText('Secret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Limited Access' })).toBeNull();
    expect(box.textContent).toContain('Premium required');
  });

  it('inline: the limited view plainly under an upgrade box, nothing blurred (issue 46)', async () => {
    installFakeApi(() => ({ body: access(false, 'PRO') }));
    await renderWithProviders(
      withQueryClient(
        <FeatureGate feature="custom_alerts" variant="inline" fallback={<p>Limited</p>}>
          Secret
        </FeatureGate>,
      ),
    );
    const box = await screen.findByTestId('gate-upgrade-box');
    const limited = screen.getByText('Limited');
    expect(limited.closest('[aria-hidden="true"]')).toBeNull();
    expect(document.querySelector('[aria-hidden="true"] p')).toBeNull();
    expect(box.compareDocumentPosition(limited) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('required-tier').textContent).toBe('Platinum required');
    expect(screen.queryByText('Secret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Limited Access' })).toBeNull();
  });

  it('shows the limited view plainly after Continue with Limited Access', async () => {
    installFakeApi(() => ({ body: access(false, 'PRO') }));
    await renderWithProviders(
      withQueryClient(
        <FeatureGate feature="custom_alerts" fallback={<p>Limited</p>}>
          Secret
        </FeatureGate>,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Limited Access' }));

    expect(screen.getByText('Limited').closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByText('Premium Feature')).toBeNull();
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('Upgrade offers the plans with the catalogue’s perks; choosing one opens the checkout, charging nothing', async () => {
    const requests = installFakeApi(() => ({ body: access(false) }));
    await renderWithProviders(
      withQueryClient(
        <Routes>
          <Route path="/" element={<FeatureGate feature="advanced_analytics">Secret</FeatureGate>} />
          <Route path="/subscription" element={<LocationProbe />} />
        </Routes>,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(screen.getByRole('dialog').textContent).toContain('30-day money-back guarantee');
    expect(screen.getByRole('dialog').textContent).toContain('Up to 25 portfolio assets');

    fireEvent.click(screen.getByTestId('upgrade-to-PREMIUM'));

    expect((await screen.findByTestId('location')).textContent).toBe(
      '/subscription?plan=PREMIUM&cycle=monthly',
    );
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
