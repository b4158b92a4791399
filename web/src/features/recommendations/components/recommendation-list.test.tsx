import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CounterfactualsResponse } from '@app/shared/domain/entities/counterfactuals';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { FeatureGateContext } from '@/kit/ui/feature-gate-slot';
import { basicDetailOf, buildRecommendation, factSheetOf } from '../test/fixtures';
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

const counterfactualText = 'The grade would reach A if the 1-year drawdown were under 18 % instead of 31 %.';

/** What would move AAPL's grade, as the server states it. */
const counterfactuals: CounterfactualsResponse = {
  symbol: 'AAPL',
  market_date: '2018-01-30',
  grade: 'B+',
  composite: 70,
  universe_size: 500,
  factors: [
    {
      factor: 'risk',
      input: 'max_drawdown',
      unit: 'percent',
      current: -31,
      range: { low: -80, high: -5 },
      up: { outcome: 'reachable', grade: 'A', value: -18, text: counterfactualText },
      down: null,
    },
  ],
};

const listProps = {
  listOwnerId: 'user-1',
  customAlerts: false,
  canWrite: true,
  onAdd: vi.fn(async () => undefined),
};

/**
 * The detail route and the symbol's fact sheet answer as the server would for a plan: 'full' (Premium)
 * or 'basic' (Free).
 */
function serveDetails(level: 'full' | 'basic') {
  return installFakeApi((request) => {
    const sheet = /^\/api\/ai\/fact-sheet\/([^/?]+)$/.exec(request.path);
    const symbol = recommendations.find((item) => item.symbol === decodeURIComponent(sheet?.[1] ?? ''));
    if (symbol) return { body: factSheetOf(symbol, level) };
    if (request.path === '/api/ai/counterfactuals/AAPL') return { body: counterfactuals };
    const match = /^\/api\/ai\/recommendations\/user-1\/([^/?]+)$/.exec(request.path);
    const found = recommendations.find((item) => item.symbol === decodeURIComponent(match?.[1] ?? ''));
    if (!found) return undefined;
    return {
      body: {
        recommendation: level === 'full' ? found : basicDetailOf(found),
        detail_quota: { counted: true, used: 1, limit: 3, remaining: 2 },
      },
    };
  });
}

describe('RecommendationList', () => {
  it('shows every figure of a card: price, target, confidence, expected return, risk level, timeframe', async () => {
    await renderWithProviders(
      withQueryClient(<RecommendationList recommendations={recommendations} {...listProps} />),
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
    serveDetails('full');
    await renderWithProviders(
      withQueryClient(<RecommendationList recommendations={recommendations} {...listProps} />),
    );

    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));
    expect(card('AAPL').getByRole('region', { name: 'Analysis of AAPL' })).toBeTruthy();

    fireEvent.click(card('BTC-USD').getByRole('button', { name: /Show analysis/ }));
    expect(card('BTC-USD').getByRole('region', { name: 'Analysis of BTC-USD' })).toBeTruthy();
    expect(card('AAPL').queryByRole('region')).toBeNull();

    fireEvent.click(card('BTC-USD').getByRole('button', { name: /Hide analysis/ }));
    expect(screen.queryAllByRole('region', { name: /Analysis of/ })).toHaveLength(0);
  });

  it("a 'full' detail (Premium): reasoning in the chosen language, Add (Rational), the alert button crowned", async () => {
    const requests = serveDetails('full');
    await renderWithProviders(
      withQueryClient(<RecommendationList recommendations={recommendations} {...listProps} />),
      {
        language: 'fr',
      },
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Afficher l’analyse/ }));

    // The reasoning is said once, factor by factor, in French: no separate reasoning paragraph.
    const factor = (await card('AAPL').findAllByTestId('factor-explanation')).find(
      (element) => element.getAttribute('data-factor') === 'momentum',
    );
    if (!factor) throw new Error('no momentum factor');
    // 58.3 with weight 0.375: 0.375 x (58.3 - 50) = 3.11, shown 3,1.
    expect(within(factor).getByTestId('factor-direction').textContent).toBe(
      'Tire la note vers le haut de 3,1 points',
    );
    expect(within(factor).getByTestId('factor-sentence').textContent).toBe(
      'Le momentum obtient 58,3 sur 100, au-dessus du neutre 50 : il fait monter la note.',
    );
    expect(
      within(factor)
        .getAllByTestId('factor-input-value')
        .map((element) => element.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      // formatPercent's one decimal: 1.39 -> 1,4; 3.04 -> 3,0, written 3.
      '+1,4 %',
      '+3 %',
    ]);
    expect(within(factor).getByRole('link', { name: 'Variation sur 1 semaine' }).getAttribute('href')).toBe(
      '/methodology#glossary-momentum-1w',
    );
    expect(screen.queryByText('Raisonnement en français')).toBeNull();
    const aapl = screen.getAllByTestId('recommendation-card')[0];
    expect(aapl?.textContent ?? '').not.toMatch(/momentum_1w|momentum_3m|pe_ratio/);
    // One detail request (the one the quota counts); the others are the pictures' reads, which count nothing.
    const paths = requests.map((request) => request.path);
    expect(paths.filter((path) => path.startsWith('/api/ai/recommendations/'))).toEqual([
      '/api/ai/recommendations/user-1/AAPL',
    ]);
    expect(paths.filter((path) => !path.startsWith('/api/ai/recommendations/')).sort()).toEqual([
      '/api/ai/counterfactuals/AAPL',
      '/api/ai/fact-sheet/AAPL',
      '/api/ai/price-history/AAPL?days=365',
      '/api/ai/score-history/AAPL',
      '/api/portfolio',
    ]);
    expect(card('AAPL').getByRole('button', { name: 'Ajouter (rationnel)' })).toBeTruthy();
    // Premium lacks custom_alerts: the button stays usable and leads to the gate on /alerts.
    const alert = card('AAPL').getByRole('button', { name: /alerte/i });
    expect(alert.hasAttribute('disabled')).toBe(false);
    expect(alert.getAttribute('title')).toBe('Les alertes personnalisées nécessitent une offre supérieure');
  });

  it("a 'basic' detail (Free): the grade, scores and sentences plainly, the gate over an outline only, no reasoning, inputs or risk", async () => {
    serveDetails('basic');
    await renderWithProviders(
      withQueryClient(
        // The app provides the real FeatureGate (its states: gating/feature-gate.test.tsx).
        <FeatureGateContext.Provider
          value={({ feature, fallback, preview }) => (
            <div data-testid={`gate-${feature}`}>{preview ?? fallback}</div>
          )}
        >
          <RecommendationList recommendations={recommendations} {...listProps} />
        </FeatureGateContext.Provider>,
      ),
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));

    expect(await card('AAPL').findByText(/Basic analysis: this asset is graded B\+/)).toBeTruthy();
    expect(screen.queryByText('Raisonnement en français')).toBeNull();
    expect(screen.queryByText('momentum_1w')).toBeNull();
    // FREE still reads each factor's score with one sentence (docs/product.md "Plans that keep their promises").
    expect(
      card('AAPL')
        .getAllByTestId('factor-sentence')
        .map((element) => element.textContent),
    ).toEqual([
      'Momentum scores 58.3 out of 100, above the neutral 50, so it lifts the grade.',
      'There are no figures for Valuation in the data, so it is left out of the grade.',
    ]);
    expect(card('AAPL').queryAllByTestId('factor-input')).toHaveLength(0);
    expect(screen.queryByTestId('volume-ratio-bar')).toBeNull();
    // Issue 46: what Free is promised (the grade, the scores, a sentence per factor) is outside the gate;
    // the gate covers the outline of the volume and risk card, with no figure in it.
    const gate = card('AAPL').getByTestId('gate-advanced_recommendations');
    expect(gate.contains(card('AAPL').getByTestId('basic-analysis'))).toBe(false);
    for (const sentence of card('AAPL').getAllByTestId('factor-sentence'))
      expect(gate.contains(sentence)).toBe(false);
    expect(gate.textContent).not.toMatch(/B\+|\d/);
    expect(within(gate).getByTestId('premium-preview').textContent).toContain('Volume');
    expect(card('AAPL').queryByRole('button', { name: 'Add (Rational)' })).toBeNull();
    // What would move the grade: every plan reads it (its route gates none), outside the gate.
    const moves = await card('AAPL').findByTestId('counterfactuals');
    expect(gate.contains(moves)).toBe(false);
    expect(moves.textContent).toContain(counterfactualText);
  });

  it('adds the symbol with the typed shares and refuses 0', async () => {
    const onAdd = vi.fn(async () => undefined);
    serveDetails('full');
    await renderWithProviders(
      withQueryClient(<RecommendationList recommendations={recommendations} {...listProps} onAdd={onAdd} />),
    );
    fireEvent.click(card('AAPL').getByRole('button', { name: /Show analysis/ }));
    const shares = await card('AAPL').findByLabelText('Shares');

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
