import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERK_IDS } from '@app/shared/domain/catalogue/plan-perks';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { renderWithProviders } from '@/kit/test/render';
import { FeaturesPage } from './features-page';

/** The card's plan rows as "plan: line". */
function rowsOf(perk: string): string[] {
  return [...screen.getByTestId(`feature-${perk}`).querySelectorAll('.app-features__plan')].map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );
}

describe('features page: what each plan includes, from the tier catalogue', () => {
  it('is no longer a coming-soon placeholder: one card per delivered perk', async () => {
    await renderWithProviders(<FeaturesPage />);
    expect(document.body.textContent).not.toContain('Coming Soon');
    expect(screen.getAllByTestId(/^feature-/)).toHaveLength(PERK_IDS.length);
  });

  it("states each plan's figure as the catalogue enforces it, and what a plan does not include", async () => {
    await renderWithProviders(<FeaturesPage />);
    const free = TIER_CATALOGUE.FREE.features;
    expect(rowsOf('portfolio_assets')[0]).toBe(`Free: Up to ${free.portfolio_assets} portfolio assets`);
    expect(rowsOf('priority_support')).toEqual([
      'Free: Not included',
      'Premium: Priority support: your messages answered first',
      'Platinum: Priority support: your messages answered first',
    ]);
    // The Free plan's grades and factor scores are never gated (issue 46).
    expect(rowsOf('grades_and_scores')[0]).toBe('Free: Grade, score and factor scores on every analysis');
  });

  it.each([
    ['fr', 'Fonctionnalités', 'Gratuit: Non inclus'],
    ['es', 'Funciones', 'Gratis: No incluido'],
  ] as const)('reads in %s', async (language, title, freeAdvanced) => {
    await renderWithProviders(<FeaturesPage />, { language });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(rowsOf('advanced_analytics')[0]).toBe(freeAdvanced);
  });
});
