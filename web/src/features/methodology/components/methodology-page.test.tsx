import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GLOSSARY_TERMS } from '@app/shared/domain/rules/score-glossary';
import { renderWithProviders } from '@/kit/test/render';
import { MethodologyPage } from './methodology-page';

describe('MethodologyPage', () => {
  it('states each factor with the engine weight (0.25, 0.15, 0.20, 0.15, 0.25) and lists the whole glossary', async () => {
    await renderWithProviders(<MethodologyPage />, { language: 'fr' });
    const weights = screen
      .getAllByTestId('factor-weight')
      .map((item) => item.querySelector('p')?.textContent);
    expect(weights).toEqual([
      'Santé financière : 25 % du score composite',
      'Qualité de la croissance : 15 % du score composite',
      'Valorisation : 20 % du score composite',
      'Dynamique : 15 % du score composite',
      'Niveau de risque : 25 % du score composite',
    ]);
    expect(document.querySelectorAll('[data-glossary-entry]')).toHaveLength(GLOSSARY_TERMS.length);
    expect(document.getElementById('glossary-accumulation-distribution')?.textContent).toContain(
      'actions (total cumulé)',
    );
  });
});
