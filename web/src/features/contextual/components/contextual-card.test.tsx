import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ContextualRecommendation } from '@app/shared/domain/entities/catalysts';
import { renderWithProviders } from '@/kit/test/render';
import { ContextualCard } from './contextual-view';

function item(overrides: Partial<ContextualRecommendation> = {}): ContextualRecommendation {
  return {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    action: 'BUY',
    confidence: 0.85,
    current_price: 100,
    target_price: 105,
    catalyst_type: 'earnings',
    catalyst_title: 'Apple beats estimates',
    catalyst_impact: 85,
    catalyst_sentiment: 0.6,
    catalyst_strength: 77,
    catalyst_url: 'https://example.test/a',
    sample: false,
    price_as_of: '2015-07-21',
    investment_grade: 'A',
    composite_score: 80,
    financial_health: 90,
    risk_score: 20,
    // The API words the reasoning in the caller's language (Accept-Language): here, French.
    reasoning: 'Pourquoi en français',
    keywords: [],
    published_date: '2015-07-21T12:00:00Z',
    source: 'Newsroom',
    risk_factors: ['Guidance risk'],
    time_sensitivity: 'HIGH',
    holding_period: '3-6 months',
    expected_return: 5,
    ...overrides,
  };
}

function TwoCards() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {['AAPL', 'BTC-USD'].map((symbol) => (
        <ContextualCard
          key={symbol}
          recommendation={item({ symbol })}
          expanded={open === symbol}
          onToggle={() => setOpen((current) => (current === symbol ? null : symbol))}
        />
      ))}
    </>
  );
}

describe('ContextualCard', () => {
  it('shows the catalyst, its strength, impact level, sentiment and the urgent, high-impact, high-confidence markers', async () => {
    await renderWithProviders(
      <ContextualCard recommendation={item()} expanded={false} onToggle={() => undefined} />,
    );
    expect(screen.getByText(/Apple beats estimates/)).toBeTruthy();
    expect(screen.getByText('77/100')).toBeTruthy();
    expect(screen.getByText('85 · High impact')).toBeTruthy();
    expect(screen.getByText('Positive (0.6)')).toBeTruthy();
    expect(screen.getByText('Urgent')).toBeTruthy();
    expect(screen.getByText('High impact')).toBeTruthy();
    expect(screen.getByText('High confidence')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Read the source article/ }).getAttribute('href')).toBe(
      'https://example.test/a',
    );
  });

  it('no markers at impact 80, confidence 0.8 and MEDIUM time sensitivity', async () => {
    await renderWithProviders(
      <ContextualCard
        recommendation={item({ catalyst_impact: 80, confidence: 0.8, time_sensitivity: 'MEDIUM' })}
        expanded={false}
        onToggle={() => undefined}
      />,
    );
    expect(screen.queryByText('Urgent')).toBeNull();
    expect(screen.queryByText('High impact')).toBeNull();
    expect(screen.queryByText('High confidence')).toBeNull();
    expect(screen.getByText('80 · Medium impact')).toBeTruthy();
  });

  it.each([
    ['en', 'Sample headline written for the product, not a real article', 'Price on Jul 22, 2015'],
    ['fr', 'Titre d’exemple rédigé pour le produit, pas un article réel', 'Cours du 22 juil. 2015'],
    ['es', 'Titular de ejemplo redactado para el producto, no un artículo real', 'Precio del 22 jul 2015'],
  ] as const)(
    'labels a sample headline as written for the product, with no link, in %s',
    async (language, label, price) => {
      await renderWithProviders(
        <ContextualCard
          recommendation={item({ sample: true, catalyst_url: '', price_as_of: '2015-07-22' })}
          expanded={false}
          onToggle={() => undefined}
        />,
        { language },
      );
      expect(screen.getByTestId('sample-headline').textContent).toBe(label);
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getByText(price)).toBeTruthy();
    },
  );

  it('opens the reasoning of one card at a time, in the chosen language', async () => {
    await renderWithProviders(<TwoCards />, { language: 'fr' });
    const [first, second] = screen.getAllByRole('button', { name: 'Afficher le raisonnement de l’IA' });
    fireEvent.click(first!);
    expect(screen.getAllByText('Pourquoi en français')).toHaveLength(1);
    fireEvent.click(second!);
    expect(screen.getAllByText('Pourquoi en français')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Masquer le raisonnement de l’IA' })).toHaveLength(1);
  });
});
