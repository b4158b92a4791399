import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { FeatureGateContext } from '@/kit/ui/feature-gate-slot';
import { PortfolioPage } from './portfolio-page';

const LIMITS = (used: number, limit: number) => ({
  subscription: {
    tier: 'FREE',
    status: 'active',
    started_at: null,
    expires_at: null,
    limits: {
      portfolio_assets: { limit, used },
      ai_recommendations: { limit: 3, used: 0 },
      market_alerts: { limit: 5, used: 0 },
    },
  },
  tier_info: {
    tier: 'FREE',
    display_name: 'Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    description: 'd',
    description_localized: { en: 'd', fr: 'd', es: 'd' },
    features: { portfolio_assets: limit, ai_recommendations: 3, market_alerts: 5, price_updates: 'delayed' },
  },
  demo: false,
});

const denied = (feature: string) => ({
  feature,
  access: {
    allowed: false,
    upgrade_message: 'Upgrade to Premium',
    required_tier: 'PREMIUM',
    limit: null,
    used: null,
    remaining: 0,
  },
  user_tier: 'FREE',
  demo: false,
});

const EMPTY = {
  currency: 'USD',
  assets: [],
  summary: {
    total_value: 0,
    total_cost: null,
    total_gain: null,
    day_change_amount: 0,
    monthly_return_percent: null,
    asset_count: 0,
    by_type: {
      stock: { total_value: 0, count: 0, percent: 0 },
      crypto: { total_value: 0, count: 0, percent: 0 },
      alternative: { total_value: 0, count: 0, percent: 0 },
    },
  },
  demo: false,
};

function renderPage() {
  return renderWithProviders(
    withQueryClient(
      // The app provides the real FeatureGate (its states: gating/components/feature-gate.test.tsx); here the
      // gate shows which feature it guards and the limited view it was given.
      <FeatureGateContext.Provider
        value={({ feature, fallback }) => <div data-testid={`gate-${feature}`}>{fallback}</div>}
      >
        <PortfolioPage isDemo={false} renderUpgradeDialog={() => null} />
      </FeatureGateContext.Provider>,
    ),
  );
}

describe('PortfolioPage', () => {
  it('shows the error banner and the toast Error / Failed to load portfolio data', async () => {
    installFakeApi((request) =>
      request.path === '/api/portfolio'
        ? { status: 500, body: { error: 'Database unavailable', code: 'INTERNAL' } }
        : request.path.includes('my-subscription')
          ? { body: LIMITS(0, 5) }
          : { body: denied('advanced_analytics') },
    );
    await renderPage();
    expect((await screen.findByTestId('portfolio-error')).textContent).toContain('Database unavailable');
    // The toast is drawn by a chunk that loads with the first toast (kit/ui/toast.tsx).
    expect(await screen.findByText('Failed to load portfolio data')).toBeTruthy();
  });

  it('marks Analysis with a crown, opening the gate over the limited view; disables Add Asset at the limit', async () => {
    installFakeApi((request) => {
      if (request.path === '/api/portfolio') return { body: EMPTY };
      if (request.path.includes('my-subscription')) return { body: LIMITS(5, 5) };
      if (request.path.includes('check-feature/portfolio_assets'))
        return { body: denied('portfolio_assets') };
      return { body: denied('advanced_analytics') };
    });
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('add-asset-usage').textContent).toBe('5/5'));
    await waitFor(() => expect(screen.getByTestId('add-asset-button').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('analysis-button').textContent).toContain('♛');
    expect(screen.getByTestId('plan-remaining').textContent).toBe('0');

    fireEvent.click(screen.getByTestId('analysis-button'));

    const gate = await screen.findByTestId('gate-advanced_analytics');
    expect(gate.textContent).toContain('Concentration, volatility, drawdown and speculation exposure');
  });

  it('warns when 1 to 3 slots remain, and shows infinity for an unlimited plan', async () => {
    installFakeApi((request) => {
      if (request.path === '/api/portfolio') return { body: EMPTY };
      if (request.path.includes('my-subscription')) return { body: LIMITS(3, 5) };
      return { body: denied('advanced_analytics') };
    });
    const { unmount } = await renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('slots-banner').textContent).toContain(
        'Only 2 slots left. Upgrade to track more assets.',
      ),
    );
    unmount();
    installFakeApi((request) => {
      if (request.path === '/api/portfolio') return { body: EMPTY };
      if (request.path.includes('my-subscription')) return { body: LIMITS(3, -1) };
      return { body: denied('advanced_analytics') };
    });
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('plan-remaining').textContent).toBe('∞'));
    expect(screen.queryByTestId('slots-banner')).toBeNull();
    expect(screen.queryByTestId('add-asset-usage')).toBeNull();
  });
});
