import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { renderWithProviders } from '@/kit/test/render';
import { CurrentPlanCard } from './current-plan';

/** Platinum as /api/subscription/my-subscription describes it: the catalogue's monthly list price. */
const PLATINUM = {
  subscription: {
    tier: 'PRO',
    status: 'active',
    started_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2027-03-01T10:00:00.000Z',
    limits: {
      portfolio_assets: { limit: -1, used: 0 },
      ai_recommendations: { limit: -1, used: 0 },
      market_alerts: { limit: -1, used: 0 },
    },
  },
  tier_info: {
    ...TIER_CATALOGUE.PRO,
    display_name: 'Platinum',
    description: '',
    description_localized: { en: '', fr: '', es: '' },
  },
  demo: false,
} as never;

describe('CurrentPlanCard', () => {
  it('reads an annual plan in its own cycle: $1,908.00/year (12 x $159), not $199.00/month', async () => {
    await renderWithProviders(
      <CurrentPlanCard subscription={PLATINUM} isDemo={false} plan={{ tier: 'PRO', cycle: 'annual' }} />,
    );

    expect(screen.getByTestId('current-plan-price').textContent).toBe('$1,908.00/year');
  });

  it('reads a monthly plan per month, in French too', async () => {
    await renderWithProviders(
      <CurrentPlanCard subscription={PLATINUM} isDemo={false} plan={{ tier: 'PRO', cycle: 'monthly' }} />,
      { language: 'fr' },
    );

    expect(screen.getByTestId('current-plan-price').textContent?.replace(/\s/g, ' ')).toBe('199,00 $US/mois');
  });
});
