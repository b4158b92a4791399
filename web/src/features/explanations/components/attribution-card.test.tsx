import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortfolioAttributionResponse } from '@app/shared/domain/entities/portfolio-attribution';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { AttributionCard } from './attribution-card';

const contributions = (points: number[]) =>
  (['financial_health', 'growth_quality', 'value', 'momentum', 'risk'] as const).map((factor, index) => ({
    factor,
    points: points[index] as number,
  }));

// Two holdings, 75 % and 25 % of the value: 50 + 17.1 + 4.275 = 71.375.
const answer: PortfolioAttributionResponse = {
  market_date: '2017-01-01',
  score: 71.375,
  grade: 'B+',
  neutral: 50,
  holdings: [
    {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      weight_percent: 75,
      composite: 72.8,
      grade: 'B+',
      contributions: contributions([0, 0, 0, 3.5121, 13.5879]),
      points: 17.1,
      text: 'Apple Inc. fait monter la note de votre portefeuille de 13,6 points (75,0 % de la valeur). Le risque : 21,0/100.',
    },
    {
      symbol: 'TSLA',
      name: 'Tesla',
      weight_percent: 25,
      composite: 67.1,
      grade: 'B+',
      contributions: contributions([1.375, 0.6188, 0, 0.4688, -1.8125]),
      points: 0.65,
      text: 'Tesla fait baisser la note de votre portefeuille de 1,8 point (25,0 % de la valeur). Le risque : 79,0/100.',
    },
  ],
  factors: contributions([1.375, 0.6188, 0, 3.9809, 11.7754]),
  unscored: ['MSFT'],
};

describe('AttributionCard', () => {
  it('gives the chart its table: a row per holding, a column per factor, totals, in French numbers', async () => {
    installFakeApi((request) =>
      request.path === '/api/portfolio/attribution' ? { body: answer } : undefined,
    );

    await renderWithProviders(withQueryClient(<AttributionCard />), { language: 'fr' });

    const table = await screen.findByTestId('attribution-table');
    const tesla = within(table).getByText('Tesla').closest('tr') as HTMLElement;
    const cells = within(tesla)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 1.375 -> 1,4; 0.6188 -> 0,6; 0; 0.4688 -> 0,5; -1.8125 -> -1,8; total 0.65 -> 0,7 (0,65 rounds half up).
    expect(cells).toEqual(['1,4', '0,6', '0', '0,5', '-1,8', '0,7']);
    const totals = table.querySelector('tfoot tr') as HTMLElement;
    // 1.375 + 0.6188 + 0 + 3.9809 + 11.7754 = 17.7501 -> 17,8.
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,4', '0,6', '0', '4', '11,8', '17,8']);
    expect(screen.getByText(answer.holdings[1]!.text)).toBeTruthy();
    expect(screen.getByText(/Non comptées .* MSFT/)).toBeTruthy();
    expect(screen.getByText(/71,4, note B\+/)).toBeTruthy();
  });
});
