import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { Footer } from './footer';

describe('footer', () => {
  it('the footer links both pages, in French', async () => {
    await renderWithProviders(<Footer />, { language: 'fr' });
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('link', { name: "Conditions d'utilisation" }).getAttribute('href')).toBe(
      '/terms',
    );
  });
});
