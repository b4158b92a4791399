import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CounterfactualsResponse } from '@app/shared/domain/entities/counterfactuals';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { CounterfactualsPanel } from './counterfactuals-panel';

const answer: CounterfactualsResponse = {
  symbol: 'AAPL',
  market_date: '2017-01-01',
  grade: 'A+',
  composite: 86.2,
  universe_size: 560,
  factors: [
    {
      factor: 'financial_health',
      input: 'profit_margin',
      unit: 'percent',
      current: null,
      range: { low: -20, high: 40 },
      up: null,
      down: null,
    },
    {
      factor: 'risk',
      input: 'volatility_1month',
      unit: 'percent',
      current: 18.2,
      range: { low: 8, high: 60 },
      up: null,
      down: {
        outcome: 'reachable',
        grade: 'A',
        value: 27.4,
        text: 'The grade would reach A if the annualised 1-month volatility were 27.4 % instead of 18.2 %.',
      },
    },
  ],
};

describe('CounterfactualsPanel', () => {
  it("shows the server's sentence per direction, and why a direction has none", async () => {
    installFakeApi((request) =>
      request.path === '/api/ai/counterfactuals/AAPL' ? { body: answer } : undefined,
    );

    await renderWithProviders(withQueryClient(<CounterfactualsPanel symbol="AAPL" />));

    const panel = await screen.findByTestId('counterfactuals');
    const risk = panel.querySelector('[data-factor="risk"]') as HTMLElement;
    expect(within(risk).getByText(/27\.4 % instead of 18\.2 %/)).toBeTruthy();
    expect(within(risk).getByText(/Already the highest grade/)).toBeTruthy();
    const health = panel.querySelector('[data-factor="financial_health"]') as HTMLElement;
    expect(within(health).getAllByText(/no figure for this input/)).toHaveLength(2);
  });
});
