import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { renderWithProviders } from '@/kit/test/render';
import { PricingPage } from './pricing-page';

function plan(id: string) {
  return within(screen.getByTestId(`plan-${id}`));
}

describe('PricingPage', () => {
  it('shows monthly prices by default, without the saving badge', async () => {
    await renderWithProviders(<PricingPage />);

    expect(plan('free').getByTestId('plan-price').textContent).toBe('$0');
    expect(plan('premium').getByTestId('plan-price').textContent).toBe('$79');
    expect(plan('platinum').getByTestId('plan-price').textContent).toBe('$199');
    expect(plan('premium').getByTestId('plan-billing').textContent).toBe('Billed monthly');
    expect(screen.queryByTestId('save-badge')).toBeNull();
  });

  it('applies the annual rule: monthly x 0.8 rounded, billed line 12 x that ($756 and $1,908)', async () => {
    await renderWithProviders(<PricingPage />);

    fireEvent.click(screen.getByRole('button', { name: 'Annual' }));

    expect(screen.getByTestId('save-badge').textContent).toBe('Save 20%');
    expect(plan('free').getByTestId('plan-price').textContent).toBe('$0');
    expect(plan('premium').getByTestId('plan-price').textContent).toBe('$63');
    expect(plan('platinum').getByTestId('plan-price').textContent).toBe('$159');
    // 12 x round(0.8 x 79) = 12 x 63 = 756; 12 x round(0.8 x 199) = 12 x 159 = 1,908: what annual billing charges.
    expect(plan('premium').getByTestId('plan-billing').textContent).toBe('$756 billed annually');
    expect(plan('platinum').getByTestId('plan-billing').textContent).toBe('$1,908 billed annually');
  });

  it('marks one plan as most popular and shows names and features in the language', async () => {
    await renderWithProviders(<PricingPage />, { language: 'es' });

    expect(screen.getAllByText('El más popular')).toHaveLength(1);
    expect(plan('premium').getByText('El más popular')).toBeTruthy();
    expect(plan('platinum').getByRole('heading', { name: 'Platinum' })).toBeTruthy();
    expect(plan('platinum').getByText(/^Hasta 50 reglas de alerta personalizadas/)).toBeTruthy();
    // es-ES puts the currency after the amount, after a no-break space (issue 46: Spanish read "$79").
    expect(plan('premium').getByTestId('plan-price').textContent).toBe('79\u00a0US$');
  });

  it.each([
    ['en', /immediately/i, /end of the paid period/],
    ['fr', /immédiatement/i, /fin de la période payée/],
    ['es', /de inmediato/i, /final del periodo pagado/],
  ] as const)(
    'says in %s what the billing rules do: upgrades at once, downgrades and cancellations at the period end (issue 46)',
    async (language, everyChangeAtOnce, periodEnd) => {
      await renderWithProviders(<PricingPage />, { language });

      const subtitle = document.querySelector('.app-hero__subtitle')?.textContent ?? '';

      expect(subtitle).not.toMatch(everyChangeAtOnce);
      expect(subtitle).toMatch(periodEnd);
      // The FAQ's plan-change answer too (it also said every change took effect immediately).
      const { question } = resources[language].pricing.faq.items.changePlan;
      // French typography may put a no-break space before the question mark: compare words only.
      const words = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
      const item = [...document.querySelectorAll('details')].find(
        (details) => words(details.querySelector('summary')?.textContent ?? '') === words(question),
      );
      const answer = item?.querySelector('p')?.textContent ?? '';
      expect(answer).toMatch(periodEnd);
      expect(answer).not.toMatch(/every change|toute modification|cualquier cambio/i);
    },
  );

  it('formats prices the French way', async () => {
    await renderWithProviders(<PricingPage />, { language: 'fr' });

    expect(plan('premium').getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toBe('79 $US');
  });

  it('has the four FAQ items and the reassurance badges', async () => {
    const { container } = await renderWithProviders(<PricingPage />);

    expect(container.querySelectorAll('details')).toHaveLength(4);
    expect(screen.getByText('No card needed')).toBeTruthy();
    expect(screen.getByText('Cancel anytime')).toBeTruthy();
    expect(screen.getByText('Every grade explained')).toBeTruthy();
  });
});

describe('get started', () => {
  it('leads each plan to sign-up for it: Free to the dashboard, a paid plan to its checkout in the chosen cycle', async () => {
    await renderWithProviders(<PricingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Annual' }));

    const target = (id: string) =>
      plan(id)
        .getByRole('link', { name: /Get Started/i })
        .getAttribute('href');
    expect(target('free')).toBe('/dashboard?signup=1');
    expect(target('premium')).toBe('/subscription?plan=PREMIUM&cycle=annual&signup=1');
    expect(target('platinum')).toBe('/subscription?plan=PRO&cycle=annual&signup=1');
  });
});
