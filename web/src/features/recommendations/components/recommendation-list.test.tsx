import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { buildRecommendation } from '../test/fixtures';
import { RecommendationList, recommendationsForTab } from './recommendations-page';
import { UpsellCard } from './upsell-card';
import { UsageCard } from './usage-card';

const recommendations = [
  buildRecommendation(),
  buildRecommendation({ id: 'rec-btc', symbol: 'BTC-USD', name: 'Bitcoin', asset_type: 'crypto' }),
];

function card(symbol: string) {
  const element = screen
    .getAllByTestId('recommendation-card')
    .find((candidate) => candidate.getAttribute('data-symbol') === symbol);
  if (!element) throw new Error(`no card for ${symbol}`);
  return within(element);
}

const listProps = { customAlerts: false, canWrite: true, onAdd: vi.fn(async () => undefined) };

describe('RecommendationList', () => {
  it('shows every figure of a card: price, target, confidence, expected return, risk level, timeframe', async () => {
    await renderWithProviders(
      <RecommendationList recommendations={recommendations} advanced {...listProps} />,
    );

    const aapl = card('AAPL');
    expect(aapl.getByText('$100.00')).toBeTruthy();
    expect(aapl.getByText('$112.50')).toBeTruthy();
    const confidence = aapl.getByText('85%');
    expect(confidence.className).toContain('rec-tone--green');
    expect(aapl.getByText('+12.5%')).toBeTruthy();
    expect(aapl.getByText('3/10 · Low')).toBeTruthy();
    expect(aapl.getByText('3-6 months')).toBeTruthy();
    expect(aapl.getByText('Buy')).toBeTruthy();
  });

  it('opens one detail at a time', async () => {
    await renderWithProviders(
      <RecommendationList recommendations={recommendations} advanced {...listProps} />,
    );

    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));
    expect(card('AAPL').getByRole('region', { name: 'Analysis of AAPL' })).toBeTruthy();

    fireEvent.click(card('BTC-USD').getByRole('button', { name: /Show analysis/ }));
    expect(card('BTC-USD').getByRole('region', { name: 'Analysis of BTC-USD' })).toBeTruthy();
    expect(card('AAPL').queryByRole('region')).toBeNull();

    fireEvent.click(card('BTC-USD').getByRole('button', { name: /Hide analysis/ }));
    expect(screen.queryAllByRole('region', { name: /Analysis of/ })).toHaveLength(0);
  });

  it('with advanced_recommendations: reasoning in the chosen language, Add (Rational), alert locked', async () => {
    await renderWithProviders(
      <RecommendationList recommendations={recommendations} advanced {...listProps} />,
      {
        language: 'fr',
      },
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Afficher l’analyse/ }));

    expect(screen.getByText('Raisonnement en français')).toBeTruthy();
    expect(card('AAPL').getByRole('button', { name: 'Ajouter (rationnel)' })).toBeTruthy();
    expect(
      card('AAPL')
        .getByRole('button', { name: /alerte/i })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('without the feature: the basic text and an Upgrade button, no reasoning', async () => {
    await renderWithProviders(
      <RecommendationList recommendations={recommendations} advanced={false} {...listProps} />,
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));

    expect(screen.queryByText('Raisonnement en français')).toBeNull();
    expect(card('AAPL').getByText(/Basic analysis: this asset is graded B\+/)).toBeTruthy();
    expect(card('AAPL').getByRole('button', { name: /Upgrade/ })).toBeTruthy();
    expect(card('AAPL').queryByRole('button', { name: 'Add (Rational)' })).toBeNull();
  });

  it('adds the symbol with the typed shares and refuses 0', async () => {
    const onAdd = vi.fn(async () => undefined);
    await renderWithProviders(
      <RecommendationList recommendations={recommendations} advanced {...listProps} onAdd={onAdd} />,
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));
    const shares = card('AAPL').getByLabelText('Shares');

    fireEvent.change(shares, { target: { value: '0' } });
    fireEvent.click(card('AAPL').getByRole('button', { name: 'Add (Rational)' }));
    expect(await card('AAPL').findByRole('alert')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    fireEvent.change(shares, { target: { value: '2.5' } });
    fireEvent.click(card('AAPL').getByRole('button', { name: 'Add (Rational)' }));
    await vi.waitFor(() => expect(onAdd).toHaveBeenCalledWith(recommendations[0], 2.5));
  });

  it('shows the empty state when a tab has nothing', async () => {
    await renderWithProviders(
      <RecommendationList
        recommendations={recommendationsForTab(recommendations, 'alternatives')}
        advanced
        {...listProps}
      />,
    );
    expect(screen.getByText('No Analysis Available')).toBeTruthy();
  });

  it('filters tabs by asset_type', () => {
    expect(recommendationsForTab(recommendations, 'crypto').map((item) => item.symbol)).toEqual(['BTC-USD']);
    expect(recommendationsForTab(recommendations, 'stocks').map((item) => item.symbol)).toEqual(['AAPL']);
    expect(recommendationsForTab(recommendations, 'all')).toHaveLength(2);
  });
});

describe('tier trimming display', () => {
  it('the upsell counts the recommendations the tier cap hid', async () => {
    await renderWithProviders(<UpsellCard hiddenCount={1} />);
    expect(screen.getByText('1 additional recommendation with Premium')).toBeTruthy();
  });

  it('no upsell when nothing was hidden', async () => {
    await renderWithProviders(<UpsellCard hiddenCount={0} />);
    expect(screen.queryByTestId('recommendations-upsell')).toBeNull();
  });

  it('the usage card shows used/limit and the infinity sign for -1', async () => {
    const { unmount } = await renderWithProviders(<UsageCard used={2} limit={3} />);
    expect(screen.getByText('Used: 2/3 since 00:00 UTC')).toBeTruthy();
    expect(screen.getByText('Remaining: 1')).toBeTruthy();
    unmount();

    await renderWithProviders(<UsageCard used={7} limit={-1} />);
    expect(screen.getByText('Used: 7/∞ since 00:00 UTC')).toBeTruthy();
    expect(screen.getByText('Remaining: ∞')).toBeTruthy();
  });
});
