import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { DividendIncomeSection } from './dividend-income-section';

/*
 * Issue 44, dividend income ahead: the calendar says what it shows and keeps every month and holding in
 * a table; the projection table gives each holding its income and yield on cost, and says "none" for
 * a holding without a recorded dividend, in the reader's language.
 */
const INCOME = {
  market_date: '2024-06-30',
  base_currency: 'EUR',
  trailing_from: '2023-07-01',
  calendar: [
    {
      year: 2023,
      month: 9,
      symbol: 'ACME',
      payments: 1,
      gross_base: 50,
      fees_base: 1,
      withholding_base: 7.5,
      net_base: 41.5,
    },
    {
      year: 2024,
      month: 3,
      symbol: 'ACME',
      payments: 1,
      gross_base: 60,
      fees_base: 0,
      withholding_base: 9,
      net_base: 51,
    },
  ],
  projection: [
    {
      symbol: 'ACME',
      quantity: 250,
      cost_base: 6505,
      trailing_payments: 2,
      trailing_dividends_per_share_base: 0.55,
      projected_income_base: 137.5,
      yield_on_cost: 137.5 / 6505,
    },
    {
      symbol: 'NODV',
      quantity: 5,
      cost_base: 100,
      trailing_payments: 0,
      trailing_dividends_per_share_base: null,
      projected_income_base: null,
      yield_on_cost: null,
    },
  ],
  projected_income_base: 137.5,
  yield_on_cost: 137.5 / 6505,
};
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('DividendIncomeSection', () => {
  it('shows the calendar, its table and the projection with yield on cost, in French', async () => {
    installFakeApi((request) => (request.path === '/api/portfolio/dividends' ? { body: INCOME } : undefined));

    await renderWithProviders(withQueryClient(<DividendIncomeSection />), { language: 'fr' });

    const projection = await screen.findByTestId('ledger-income-projection');
    const [, acme, nodv] = within(projection).getAllByRole('row');
    // A holding may be a coin or a fund: the quantity column names no "actions" (issue 45).
    expect(within(projection).getAllByRole('columnheader')[1]?.textContent).toBe('Quantité détenue');
    expect(
      within(acme!)
        .getAllByRole('cell')
        .map((cell) => spaces(cell.textContent)),
    ).toEqual(['250', '2', '0,55 €', '137,50 €', '6 505,00 €', '2,11 %']);
    expect(nodv!.textContent).toContain('Aucun dividende enregistré sur les 12 derniers mois');
    // 41.50 + 51 = 92.50 received, most in March 2024.
    expect(spaces(screen.getByTestId('ledger-income-calendar').getAttribute('aria-label'))).toMatch(
      /92,50 € au total, le plus en mars 2024 \(51,00 €\)/,
    );
    const calendar = screen.getByTestId('ledger-income-table');
    expect(within(calendar).getAllByRole('row')).toHaveLength(3);
  });
});
