import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScoreHistoryResponse } from '@app/shared/domain/entities/score-history';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { buildRecommendation, factSheetOf } from '@/features/recommendations/test/fixtures';
import { RecommendationDetail } from '../recommendation-detail';

/*
 * The expanded card's pictures, fed by the fake API as the server answers: the radar draws exactly
 * the factor scores the symbol's fact sheet returned (the card reads its figures from the sheet) (read back from the drawn points), and the score
 * history shows the stored days, what changed and the distance to the next grades as the route sent them.
 */

// Figures unlike the shared fixture's, so a radar drawing anything else would be caught; the
// factors carry the same scores, as the server's sheet lays them out.
const SCORES = { financial_health: 71.4, growth_quality: 33.3, value: 88, momentum: 12.5, risk: 64.2 };
const baseScores = buildRecommendation().nugget_scores;
const apiAnswer = buildRecommendation({
  nugget_scores: {
    ...baseScores,
    financial_health_score: SCORES.financial_health,
    growth_quality_score: SCORES.growth_quality,
    value_score: SCORES.value,
    momentum_score: SCORES.momentum,
    risk_score: SCORES.risk,
    factors: Object.entries(SCORES).map(([name, score]) => ({ name, score, weight: 0.2, inputs: {} })),
  },
});

const history: ScoreHistoryResponse = {
  symbol: 'AAPL',
  from: '2017-01-30',
  to: '2018-01-30',
  market_date: '2018-01-30',
  detail_level: 'full',
  days: [
    { date: '2018-01-29', grade: 'B', composite: 58.2, price: 99, factors: [] },
    { date: '2018-01-30', grade: 'B+', composite: 66.1, price: 100, factors: [] },
  ],
  change: {
    from_date: '2018-01-29',
    to_date: '2018-01-30',
    grade_from: 'B',
    grade_to: 'B+',
    composite_from: 58.2,
    composite_to: 66.1,
    composite_delta: 7.9,
    factors: [
      {
        name: 'momentum',
        from: 40,
        to: 70,
        delta: 30,
        composite_points: 7.9,
        inputs: [{ name: 'momentum_3m', unit: 'percent', from: -2.5, to: 8, factor_points: 21 }],
      },
    ],
  },
  distance: {
    up: { grade: 'A', edge: 75, points: 8.9 },
    down: { grade: 'B', edge: 65, points: 1.1 },
    closest: { name: 'momentum', direction: 'down', factor_points: -4.2 },
  },
};

const bar = { open: null, high: null, low: null, volume: null };

function serve() {
  return installFakeApi((request) => {
    if (request.path === '/api/ai/recommendations/user-1/AAPL')
      return { body: { recommendation: apiAnswer, detail_quota: null } };
    if (request.path === '/api/ai/fact-sheet/AAPL') return { body: factSheetOf(apiAnswer, 'full') };
    if (request.path.startsWith('/api/ai/score-history/AAPL')) return { body: history };
    if (request.path.startsWith('/api/ai/price-history/AAPL'))
      return {
        body: {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          data_mode: 'replay',
          market_date: '2018-01-30',
          source: 'replay',
          bars: [
            { ...bar, date: '2017-08-01', close: 90 },
            { ...bar, date: '2018-01-30', close: 100 },
            // A bar after the card's as-of date is not drawn with it.
            { ...bar, date: '2018-01-31', close: 101 },
          ],
        },
      };
    if (request.path === '/api/portfolio')
      return {
        body: {
          market_date: '2018-01-30',
          currency: 'USD',
          demo: false,
          assets: [
            {
              id: 'h1',
              symbol: 'AAPL',
              name: 'Apple Inc.',
              asset_type: 'stock',
              shares: 2,
              current_price: 100,
              purchase_price: 80.25,
              purchase_date: '2017-09-15',
              total_value: 200,
              change_percent: null,
              change_amount: null,
              gain_amount: 39.5,
              gain_percent: 24.6,
              investment_grade: 'B+',
              rationality_score: 70,
              price_as_of: '2018-01-30',
              price_source: 'replay',
              no_data_on: null,
              created_at: '2018-01-01T00:00:00.000Z',
              updated_at: '2018-01-01T00:00:00.000Z',
            },
          ],
          summary: {
            total_value: 200,
            total_cost: 160.5,
            total_gain: 39.5,
            day_change_amount: 0,
            monthly_return_percent: null,
            monthly_return_period: null,
            asset_count: 1,
            by_type: {
              stock: { total_value: 200, count: 1, percent: 100 },
              crypto: { total_value: 0, count: 0, percent: 0 },
              alternative: { total_value: 0, count: 0, percent: 0 },
            },
          },
        },
      };
    return undefined;
  });
}

const props = { summary: apiAnswer, listOwnerId: 'user-1', canWrite: false, actions: null };

describe('the expanded card pictures', () => {
  it('draws the radar with the factor scores the fact sheet returned, one point each', async () => {
    serve();
    await renderWithProviders(withQueryClient(<RecommendationDetail {...props} />));

    await waitFor(() => expect(screen.getAllByTestId('radar-point')).toHaveLength(5), { timeout: 5000 });
    const drawn = Object.fromEntries(
      screen
        .getAllByTestId('radar-point')
        .map((point) => [point.getAttribute('data-factor'), Number(point.getAttribute('data-score'))]),
    );
    const scores = apiAnswer.nugget_scores;
    expect(drawn).toEqual({
      financial_health: scores.financial_health_score,
      growth_quality: scores.growth_quality_score,
      value: scores.value_score,
      momentum: scores.momentum_score,
      risk: scores.risk_score,
    });
    // The text alternative holds the same figures.
    const table = screen.getByRole('table', { name: /Factor scores on/ });
    expect(within(table).getByRole('row', { name: /Value 88/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Risk \(higher is riskier\) 64\.2/ })).toBeTruthy();
  });

  it('shows the stored history, what changed and the points to the grades around, in French', async () => {
    const requests = serve();
    await renderWithProviders(withQueryClient(<RecommendationDetail {...props} />), { language: 'fr' });

    const summary = await screen.findByTestId('score-history-summary');
    expect(summary.textContent).toContain('note B puis B+');
    expect(summary.textContent).toContain('2 jours enregistrés');
    expect(
      screen.getByText(/Dynamique : 40 puis 70 \(\+30\), \+7,9 points sur le score composite/),
    ).toBeTruthy();
    expect(
      screen.getByText(/Variation du cours sur 3 mois : -2,5 % puis 8 %, \+21 points sur le facteur/),
    ).toBeTruthy();
    const distance = screen.getByTestId('grade-distance');
    expect(distance.textContent).toContain('8,9 points jusqu’à la note A'.replace('’', "'"));
    expect(distance.textContent).toContain('Un mouvement de -4,2 points');
    expect(requests.some((request) => request.path === '/api/ai/score-history/AAPL')).toBe(true);
  });

  it("states the price chart in words: its dates, the last close, the rational target and a holder's purchase", async () => {
    serve();
    await renderWithProviders(withQueryClient(<RecommendationDetail {...props} canWrite />));

    const summary = await screen.findByTestId('price-target-summary');
    // Target 112.50 against the close 100: +12.5 %.
    expect(summary.textContent).toBe(
      'Closing prices from Aug 1, 2017 to Jan 30, 2018. Last close $100.00 on Jan 30, 2018; rational target $112.50 (+12.5%).',
    );
    expect((await screen.findByTestId('price-target-purchase')).textContent).toBe(
      'Bought on Sep 15, 2017 at $80.25.',
    );
  });
});
