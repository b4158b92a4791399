import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { buildRecommendation, factSheetOf } from '../test/fixtures';
import { RecommendationDetail } from './recommendation-detail';

/** What the detail route answers: the recommendation list's figures (grade B+, composite 70, ...). */
const routed = buildRecommendation();

/** The symbol's fact sheet, with figures the route does not have, so the test sees which one is drawn. */
const sheet = factSheetOf(
  buildRecommendation({
    nugget_scores: {
      ...routed.nugget_scores,
      investment_grade: 'A',
      composite_rationality_score: 81.2,
      risk_reward_ratio: 2.25,
      factors: [
        { name: 'financial_health', score: 91.5, weight: 0.25 },
        { name: 'momentum', score: 64.2, weight: 0.3, inputs: { momentum_1w: 2.46 } },
        { name: 'risk', score: 72, weight: 0.2 },
      ],
    },
    risk_metrics: { ...routed.risk_metrics, max_drawdown: -12.5, sharpe_estimation: 1.75 },
  }),
  'full',
);

/** The <dd> of a labelled figure of the nugget card. */
function nuggetValue(label: string): string {
  const card = screen.getByRole('heading', { name: 'Nugget Analysis' }).closest('.rec-nugget');
  if (!(card instanceof HTMLElement)) throw new Error('no nugget card');
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe("a recommendation's detail", () => {
  it("draws the grade, composite, factors and risk measures from the symbol's fact sheet, not the detail route", async () => {
    installFakeApi((request) => {
      if (request.path === '/api/ai/fact-sheet/AAPL') return { body: sheet };
      if (request.path === '/api/ai/recommendations/user-1/AAPL')
        return { body: { recommendation: routed, detail_quota: null } };
      return undefined;
    });

    await renderWithProviders(
      withQueryClient(<RecommendationDetail summary={routed} listOwnerId="user-1" canWrite actions={null} />),
    );

    await screen.findByRole('heading', { name: 'Why this grade' });
    expect(nuggetValue('Investment grade')).toBe('A');
    expect(nuggetValue('Composite rationality score')).toBe('81.2');
    expect(nuggetValue('Financial health')).toBe('91.5');
    // The sheet's risk factor scores 72: level 7 of 10 (the route's 30 would read 3/10 · Low).
    expect(nuggetValue('Risk level')).toBe('7/10 · High');
    expect(nuggetValue('Risk/reward ratio')).toBe('2.25');
    const factors = screen.getAllByTestId('factor-explanation');
    expect(factors.map((factor) => factor.getAttribute('data-factor'))).toEqual([
      'financial_health',
      'momentum',
      'risk',
    ]);
    const momentum = factors[1];
    if (!momentum) throw new Error('no momentum factor');
    expect(within(momentum).getByTestId('factor-score').textContent).toContain('64.2');
    expect(within(momentum).getAllByTestId('factor-input-value')[0]?.textContent).toBe('+2.5%');
    const drawdown = document.querySelector('[data-glossary-row="max_drawdown"] dd');
    expect(drawdown?.textContent).toContain('12.5');
    const sharpe = document.querySelector('[data-glossary-row="sharpe_estimation"] dd');
    expect(sharpe?.textContent).toContain('1.75');
  });
});
