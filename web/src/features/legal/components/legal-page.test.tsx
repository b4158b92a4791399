import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { LegalPage } from './legal-page';

describe('privacy policy and terms of service (docs/accounts.md "Download my data", "Delete my account")', () => {
  it.each([
    ['en', 'Privacy Policy', 'Download my data', 'ten years'],
    ['fr', 'Politique de confidentialité', 'Télécharger mes données', 'dix ans'],
    ['es', 'Política de privacidad', 'Descargar mis datos', 'diez años'],
  ] as const)(
    'the privacy policy reads in %s: export, deletion, invoices kept',
    async (language, title, exportLabel, years) => {
      await renderWithProviders(<LegalPage page="privacy" operator={null} />, { language });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getByTestId('legal-rights').textContent).toContain(exportLabel);
      expect(screen.getByTestId('legal-retention').textContent).toContain(years);
      // The processors the product uses, named as they are (docs/product.md "Accounts and e-mail").
      const where = screen.getByTestId('legal-where').textContent ?? '';
      for (const processor of ['DynamoDB', 'Cognito', 'SES', 'Stripe', 'Amazon Bedrock']) {
        expect(where).toContain(processor);
      }
    },
  );

  it('names no company when none is configured, and the operator when one is', async () => {
    const { unmount } = await renderWithProviders(<LegalPage page="terms" operator={null} />);
    expect(screen.getByTestId('legal-operator').textContent).toMatch(/^This page does not name a company/);
    unmount();
    await renderWithProviders(
      <LegalPage page="terms" operator={{ name: 'Example Ops Ltd', email: 'help@example.org' }} />,
      { language: 'es' },
    );
    expect(screen.getByTestId('legal-operator').textContent).toBe(
      'Este despliegue lo opera Example Ops Ltd, con quien puede contactar en help@example.org.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Condiciones de servicio');
  });

  it('the terms state the billing rules: upgrade at once, downgrade at the period end, 30 days back once', async () => {
    await renderWithProviders(<LegalPage page="terms" operator={null} />);
    const plans = screen.getByTestId('legal-plans').textContent ?? '';
    expect(plans).toContain('An upgrade takes effect at once');
    expect(plans).toContain('at the end of the period you paid for');
    expect(plans).toContain('once per customer');
    expect(plans).not.toContain('immediately');
  });
});
