import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

const UPGRADED = {
  message: 'Welcome to Premium!',
  tier: 'PREMIUM',
  previous_tier: 'FREE',
  expires_at: '2030-01-01T00:00:00.000Z',
  invoice: {
    id: 'inv_1',
    tier: 'PREMIUM',
    amount: 79,
    currency: 'USD',
    status: 'paid',
    gateway: 'sandbox',
    created_at: '2029-12-01T00:00:00.000Z',
    period_end: '2030-01-01T00:00:00.000Z',
  },
};

describe('FeatureGate', () => {
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

  it('upgrades with an Idempotency-Key, closes the dialog, toasts and rechecks access', async () => {
    let upgraded = false;
    const requests = installFakeApi((request) => {
      if (request.method === 'POST' && request.path === '/api/subscription/upgrade/PREMIUM') {
        upgraded = true;
        return { body: UPGRADED };
      }
      if (request.path.startsWith('/api/subscription/check-feature/')) return { body: access(upgraded) };
      return undefined;
    });
    await renderWithProviders(
      withQueryClient(<FeatureGate feature="advanced_analytics">Secret</FeatureGate>),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(screen.getByRole('dialog').textContent).toContain('30-day money-back guarantee');
    expect(screen.getByRole('dialog').textContent).toContain('25 portfolio assets');

    fireEvent.click(screen.getByTestId('upgrade-to-PREMIUM'));

    expect(await screen.findByText('Upgrade Successful!')).toBeTruthy();
    expect(screen.getByText('Welcome to Premium!')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Secret')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    const upgrade = requests.find((request) => request.method === 'POST');
    expect(upgrade?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      requests.filter((request) => request.path.includes('check-feature')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows the server detail when the upgrade fails', async () => {
    installFakeApi((request) =>
      request.method === 'POST'
        ? { status: 409, body: { error: 'Conflict', code: 'CONFLICT', detail: 'Another change came first' } }
        : { body: access(false) },
    );
    await renderWithProviders(
      withQueryClient(<FeatureGate feature="advanced_analytics">Secret</FeatureGate>),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    fireEvent.click(screen.getByTestId('upgrade-to-PRO'));
    expect(await screen.findByText('Upgrade Failed')).toBeTruthy();
    expect(screen.getByText('Another change came first')).toBeTruthy();
  });
});
