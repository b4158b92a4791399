import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScreenerResponse, ScreenerRow } from '@app/shared/domain/entities/screener';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { FeatureGateContext } from '@/kit/ui/feature-gate-slot';
import { ScreenerPage } from './screener-page';

const row = (symbol: string, figures: Partial<ScreenerRow> = {}): ScreenerRow => ({
  symbol,
  name: `${symbol} Corp`,
  asset_type: 'stock',
  etf_category: null,
  sector: 'Finance',
  grade: 'B',
  score: 61.4,
  risk_level: 4,
  financial_health: 70,
  growth_quality: 55,
  value: null,
  momentum: 48,
  momentum_3m: 5.2,
  dividend_yield: null,
  price: 12.5,
  change_percent: -1.25,
  as_of: '2016-12-30',
  ...figures,
});

function answer(rows: ScreenerRow[], total: number): ScreenerResponse {
  return {
    market_date: '2017-01-01',
    graded: true,
    total,
    universe: 567,
    page: 1,
    page_size: 25,
    rows,
    tier: 'PREMIUM',
    all_filters: true,
    etf_categories: ['bonds', 'gold'],
    sectors: ['Finance'],
    dividend_yield_note: 'Dividend yields are not shown (undated snapshot).',
  };
}

const screenerRequests = (requests: { path: string }[]) =>
  requests.filter((request) => request.path.startsWith('/api/ai/screener')).map((request) => request.path);

describe('ScreenerPage', () => {
  it('lists the page with the total, a missing factor as "No data", each symbol linking to its explained score', async () => {
    installFakeApi((request) =>
      request.path.startsWith('/api/ai/screener') ? { body: answer([row('JPM'), row('GS')], 60) } : undefined,
    );

    await renderWithProviders(withQueryClient(<ScreenerPage allFilters explanation={() => null} />));

    expect(await screen.findByText('60 matches of 567 graded assets')).toBeTruthy();
    // 60 matches at 25 a page: 3 pages.
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const first = screen.getAllByTestId('screener-row')[0]!;
    // Value and dividend yield have no data: two cells say so, no zero is invented.
    expect(within(first).getAllByText('No data')).toHaveLength(2);
    const link = within(first).getByRole('link', { name: 'Explain the score of JPM' });
    expect(link.getAttribute('href')).toBe('/screener?explain=JPM');
    expect(screen.getByText('Dividend yields are not shown (undated snapshot).')).toBeTruthy();
  });

  it('sends the filters set, and a header click sorts by its column (best first, then flipped)', async () => {
    const requests = installFakeApi((request) =>
      request.path.startsWith('/api/ai/screener') ? { body: answer([row('JPM')], 1) } : undefined,
    );
    // The app's gate, for a plan with the feature: the gated filters show.
    await renderWithProviders(
      withQueryClient(
        <FeatureGateContext.Provider value={({ children }) => children}>
          <ScreenerPage allFilters explanation={() => null} />
        </FeatureGateContext.Provider>,
      ),
    );
    await screen.findByText('1 match of 567 graded assets');

    fireEvent.change(screen.getByLabelText('Lowest grade'), { target: { value: 'B+' } });
    fireEvent.change(screen.getByLabelText('Risk level to'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screenerRequests(requests).at(-1)).toContain('grade_min=B%2B'));
    expect(screenerRequests(requests).at(-1)).toContain('risk_max=4');

    fireEvent.click(screen.getByRole('button', { name: 'Value' }));
    await waitFor(() => expect(screenerRequests(requests).at(-1)).toContain('sort=value&order=desc'));
    fireEvent.click(screen.getByRole('button', { name: /^Value/ }));
    await waitFor(() => expect(screenerRequests(requests).at(-1)).toContain('sort=value&order=asc'));
  });

  it('a plan without all filters sends only asset type and grade range', async () => {
    const requests = installFakeApi((request) =>
      request.path.startsWith('/api/ai/screener') ? { body: answer([row('JPM')], 1) } : undefined,
    );
    await renderWithProviders(withQueryClient(<ScreenerPage allFilters={false} explanation={() => null} />));
    await screen.findByText('1 match of 567 graded assets');

    fireEvent.change(screen.getByLabelText('Asset type'), { target: { value: 'etf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(screenerRequests(requests).at(-1)).toContain('asset_type=etf'));
    expect(screen.queryByLabelText('Sector')).toBeNull();
  });
});
