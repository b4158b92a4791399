import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WatchlistsResponse } from '@app/shared/domain/entities/watchlists';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { WatchlistsPage } from './watchlists-page';

const ANSWER: WatchlistsResponse = {
  market_date: '2017-01-03',
  used: 1,
  limit: 1,
  symbols_limit: 20,
  lists: [
    {
      id: '01JLIST00000000000000000001',
      name: 'Tech',
      grade_alerts: true,
      created_at: '2026-11-01T00:00:00.000Z',
      used: 2,
      limit: 20,
      entries: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          added_at: '2026-11-01T00:00:00.000Z',
          added_market_date: '2016-12-01',
          added_grade: 'B',
          price: 116.15,
          change_percent: 1.2,
          grade: 'A',
          grade_change: 2,
        },
        {
          symbol: 'MSFT',
          name: 'Microsoft Corporation',
          added_at: '2026-11-02T00:00:00.000Z',
          added_market_date: '2016-12-02',
          added_grade: null,
          price: null,
          change_percent: null,
          grade: null,
          grade_change: null,
        },
      ],
    },
  ],
};

describe('WatchlistsPage', () => {
  it('shows the caps with their usage and each symbol with its grade change since added', async () => {
    installFakeApi((request) => (request.path === '/api/watchlists' ? { body: ANSWER } : undefined));

    await renderWithProviders(withQueryClient(<WatchlistsPage />));

    expect(await screen.findByText('Lists: 1 of 1')).toBeTruthy();
    expect(screen.getByTestId('watchlist-usage').textContent).toBe('2 of 20 symbols');
    const [apple, microsoft] = screen.getAllByTestId('watchlist-entry');
    // B to A is two steps up the scale (B, B+, A).
    expect(within(apple!).getByText('up 2 steps')).toBeTruthy();
    expect(within(microsoft!).getAllByText('n/a')).toHaveLength(5);
    // Added on the market date of the day it was added, never the wall clock's (a later date in replay).
    expect(apple!.textContent).toContain('Dec 1, 2016');
    expect(apple!.textContent).not.toContain('2026');
  });

  it('sends a new symbol upper-cased to the list, and refuses an empty name without a request', async () => {
    const requests = installFakeApi((request) => {
      if (request.path === '/api/watchlists' && request.method === 'GET') return { body: ANSWER };
      if (request.path.endsWith('/symbols')) return { status: 201, body: ANSWER.lists[0] };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<WatchlistsPage />));
    await screen.findByText('Lists: 1 of 1');

    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Give the list a name (1 to 60 characters).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Symbol to add'), { target: { value: 'jpm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.method === 'POST')
          .map((request) => [request.path, request.body]),
      ).toEqual([['/api/watchlists/01JLIST00000000000000000001/symbols', { symbol: 'JPM' }]]),
    );
  });
});
