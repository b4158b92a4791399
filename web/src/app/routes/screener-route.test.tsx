import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { ExplainedScore } from './screener-route';

const at = { as_of: '2016-12-30', source: 'engine' };

const sheet: SymbolFactSheet = {
  symbol: 'AAPL',
  name: 'Apple',
  market_date: '2017-01-01',
  detail_level: 'full',
  detail_quota: null,
  facts: [
    { id: 'score.grade', value: 'B+', unit: 'grade', ...at },
    { id: 'score.composite', value: 70.4, unit: 'score', ...at },
    { id: 'factor.value.score', value: 87.1, unit: 'score', ...at },
    { id: 'factor.value.weight', value: 0.2, unit: 'weight', ...at },
    { id: 'factor.value.input.pe_ratio', value: 13.87, unit: 'ratio', ...at },
    { id: 'factor.momentum.score', value: 59.1, unit: 'score', ...at },
    { id: 'factor.momentum.weight', value: 0.15, unit: 'weight', ...at },
  ],
  notes: { 'factor.value': 'Cheap for its earnings.' },
};

describe("the screener's explained score", () => {
  it("draws each factor of the symbol's fact sheet, with its score, sentence and figures", async () => {
    const requests = installFakeApi((request) =>
      request.path === '/api/ai/fact-sheet/AAPL' ? { body: sheet } : undefined,
    );

    await renderWithProviders(withQueryClient(<ExplainedScore symbol="AAPL" />));

    const factors = await screen.findAllByTestId('factor-explanation');
    expect(factors.map((factor) => factor.getAttribute('data-factor'))).toEqual(['value', 'momentum']);
    expect(screen.getAllByTestId('factor-score').map((score) => score.textContent)).toEqual([
      expect.stringContaining('87.1'),
      expect.stringContaining('59.1'),
    ]);
    expect(screen.getByText('Cheap for its earnings.')).toBeTruthy();
    expect(screen.getAllByTestId('factor-input-value').map((value) => value.textContent)).toEqual(['13.87']);
    expect(requests.map((request) => request.path)).not.toContain('/api/ai/nugget-analysis/AAPL');
  });
});
