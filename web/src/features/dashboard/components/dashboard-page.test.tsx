import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { configureApiClient, createApiClient } from '@/kit/api/api-client';
import { DashboardPage } from './dashboard-page';
import {
  ENHANCED,
  holding,
  PERFORMANCE_RETURNS,
  performanceWith,
  PORTFOLIO,
  RECOMMENDATIONS,
} from '../test/fixtures';

/**
 * The cards below the first screen load their code after the first paint (lazy chunks): under a loaded CI
 * machine, waits for them are longer than Testing Library's 1 s.
 */
const SLOW = { timeout: 10_000 };

type Answer = { status?: number; body: unknown };

/** The fake API; an override may be a promise the test settles (an answer held back). */
function serve(overrides: Partial<Record<string, Answer | Promise<Answer>>> = {}) {
  return installFakeApi((request: RecordedRequest) => {
    const path = request.path.split('?')[0] ?? '';
    if (overrides[path]) return overrides[path];
    if (path === '/api/') return { body: { message: 'hello', version: '1', data_mode: 'replay' } };
    if (path === '/api/portfolio') return { body: PORTFOLIO };
    if (path.startsWith('/api/ai/recommendations/')) return { body: RECOMMENDATIONS };
    if (path === '/api/ai/enhanced-prices/real-time') return { body: ENHANCED };
    if (path === '/api/ai/prices/real-time')
      return {
        body: {
          status: 'success',
          data_mode: 'replay',
          market_date: '2008-12-30',
          no_data: [],
          prices: {
            '^GSPC': {
              symbol: '^GSPC',
              name: 'S&P 500',
              price: 890.64,
              change_percent: 2.44,
              as_of: '2008-12-30',
              market_date: '2008-12-30',
              data_mode: 'replay',
              stale: false,
            },
          },
          updated_at: 'x',
        },
      };
    return undefined;
  });
}

function renderDashboard(isDemo = true, userId = 'user-1') {
  return renderWithProviders(
    withQueryClient(
      <DashboardPage name="Dana" isDemo={isDemo} recommendationsUserId={isDemo ? 'demo_user' : userId} />,
    ),
  );
}

/**
 * A signed-in user's first screen: the one dashboard route's answer with `totalValue` as the total, read at
 * `marketDate` (the fixtures' 2008-12-30 unless given).
 */
function firstScreenWith(totalValue: number, marketDate = PORTFOLIO.market_date) {
  return {
    body: {
      portfolio: {
        ...PORTFOLIO,
        demo: false,
        market_date: marketDate,
        summary: { ...PORTFOLIO.summary, total_value: totalValue },
      },
      performance: performanceWith(PERFORMANCE_RETURNS),
    },
  };
}

/** A signed-in visit that ends with every answer in (so the page keeps them for the next visit). */
async function visitOnce(userId: string, totalValue: number) {
  serve({ '/api/portfolio/dashboard': firstScreenWith(totalValue) });
  const visit = await renderDashboard(false, userId);
  await waitFor(() => expect(screen.getByTestId('ai-status').textContent).toBe('AI · Replay'), SLOW);
  visit.unmount();
}

describe('DashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads a demo visitor in 4 requests: root, portfolio, recommendations and enhanced prices', async () => {
    const requests = serve();
    await renderDashboard();
    expect(await screen.findByText('AI Nugget Recommendations', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$7,392.77'));
    // The user's graded holdings, value-weighted (65, computed beside PORTFOLIO), not the picks' 76.
    expect(screen.getByTestId('dashboard-score').textContent).toBe('65/100');
    expect(screen.getByText('Weighted by value over your 2 graded holdings')).toBeTruthy();
    expect(screen.getByTestId('dashboard-asset-count').textContent).toBe('2 of 3');
    // Over replayed history nothing says live or today: every label names the market date.
    expect(screen.getByTestId('ai-status').textContent).toBe('AI · Replay');
    expect(
      screen.getByText(
        'Here is your rational overview of the market on Dec 30, 2008, replayed, free of hype and noise.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Top picks of the rational analysis on Dec 30, 2008')).toBeTruthy();
    // A demo visitor has no ledger: the demo holdings' month, said so.
    expect(screen.getByText("Demo holdings' return")).toBeTruthy();
    expect(screen.getByTestId('dashboard-return').textContent).toBe('+0.3%');
    expect(
      screen.getByText("The demo holdings' price change from Nov 30, 2008 to Dec 30, 2008"),
    ).toBeTruthy();
    // Named as a person reads them, never by a series id such as AAPL-2007 (issue 45).
    expect((await screen.findByTestId('market-no-data', {}, SLOW)).textContent).toBe(
      'No data on Dec 30, 2008: Facebook',
    );
    // The whole sentence (issue 28: never cut mid-word) and the date the pick was graded at.
    expect(screen.getAllByTestId('nugget-pick-text')[0]?.textContent).toBe(
      'Low risk supports the score (annualised 1-month volatility 14.7 %)',
    );
    expect(screen.getAllByTestId('nugget-pick-as-of')[0]?.textContent).toBe('As of Dec 30, 2008');
    expect(screen.getByTestId('market-commodities').textContent).toContain(
      'No series of this group in the replayed history.',
    );
    expect(requests.map((request) => request.path).sort()).toEqual(
      [
        '/api/',
        '/api/ai/enhanced-prices/real-time',
        // The sidebar's request (limit 100), so the shell and the page share one answer.
        '/api/ai/recommendations/demo_user?limit=100',
        '/api/portfolio',
      ].sort(),
    );
    expect(console.info).toHaveBeenCalledWith('hello');
  });

  it('falls back to plain prices when enhanced prices fail, marks the AI offline and empties the picks', async () => {
    const requests = serve({ '/api/ai/enhanced-prices/real-time': { status: 500, body: {} } });
    await renderDashboard();
    await waitFor(
      () => expect(screen.getByText('Enhanced analysis is unavailable: showing plain prices.')).toBeTruthy(),
      SLOW,
    );
    expect(screen.getByTestId('ai-status').textContent).toBe('AI offline');
    expect(screen.getByTestId('market-indices').textContent).toContain('S&P 500');
    expect(screen.queryByText('AI Nugget Recommendations')).toBeNull();
    // No picks, but the user's own graded holdings still give the score.
    expect(screen.getByTestId('dashboard-score').textContent).toBe('65/100');
    expect(requests.some((request) => request.path === '/api/ai/prices/real-time')).toBe(true);
  });

  it("shows the total in the currency the portfolio names (its ledger's base currency)", async () => {
    serve({ '/api/portfolio': { body: { ...PORTFOLIO, currency: 'EUR' } } });
    await renderDashboard();
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('€7,392.77'));
  });

  it('renders a signed-in user from one GET /api/portfolio/dashboard and asks for the recommendations once', async () => {
    const notServed = { status: 404, body: { error: 'not found', code: 'NOT_FOUND' } };
    const requests = serve({
      // Only the dashboard route answers the portfolio and the ledger's performance.
      '/api/portfolio': notServed,
      '/api/portfolio/performance': notServed,
      '/api/portfolio/dashboard': {
        body: { portfolio: { ...PORTFOLIO, demo: false }, performance: performanceWith(PERFORMANCE_RETURNS) },
      },
    });
    await renderDashboard(false);
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$7,392.77'));
    // MAX window: -0.0425 as a fraction is -4.25 %, shown to one decimal: -4.3 % (formatPercent).
    await waitFor(() => expect(screen.getByTestId('dashboard-return').textContent).toBe('-4.3%'));
    expect(screen.getByText('Your return')).toBeTruthy();
    expect(
      screen.getByText('Time-weighted, over your holding period: Jun 2, 2008 to Dec 30, 2008'),
    ).toBeTruthy();
    // The value card's code loads after the first paint (a lazy chunk).
    expect(await screen.findByTestId('portfolio-value', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ai-status').textContent).toBe('AI · Replay'));
    const paths = requests.map((request) => request.path);
    expect(paths.filter((path) => path.startsWith('/api/portfolio'))).toEqual(['/api/portfolio/dashboard']);
    expect(paths.filter((path) => path.startsWith('/api/ai/recommendations/'))).toEqual([
      '/api/ai/recommendations/user-1?limit=100',
    ]);
    expect(paths).toHaveLength(4);
  });

  it('says there is no holding period yet when the ledger cannot answer (performance null)', async () => {
    serve({
      '/api/portfolio/dashboard': { body: { portfolio: { ...PORTFOLIO, demo: false }, performance: null } },
    });
    await renderDashboard(false);
    await waitFor(() => expect(screen.getByTestId('dashboard-return').textContent).toBe('—'));
    expect(screen.getByText('No holding period yet: add a holding or a transaction')).toBeTruthy();
    expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$7,392.77');
    expect(screen.queryByTestId('portfolio-value')).toBeNull();
  });

  it('shows skeletons while loading, never a placeholder figure or an offline badge', async () => {
    configureApiClient(
      createApiClient({
        apiUrl: '/api',
        getAccessToken: async () => 'token',
        onUnauthorized: () => undefined,
        // An API that has not answered yet.
        fetch: (() => new Promise<Response>(() => undefined)) as typeof fetch,
      }),
    );
    await renderDashboard(false);
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
    expect(screen.getByTestId('ai-status-pending')).toBeTruthy();
    expect(screen.queryByTestId('ai-status')).toBeNull();
    expect(screen.queryByText(/\/100/)).toBeNull();
  });

  it('falls back to the picks, labelled so, when the user holds nothing gradable', async () => {
    serve({ '/api/portfolio': { body: { ...PORTFOLIO, assets: [holding('GOLD', 10, null)] } } });
    await renderDashboard();
    // Picks AAPL 70 and MSFT 81: (70 + 81) / 2 = 75.5, shown rounded: 76.
    await waitFor(() => expect(screen.getByTestId('dashboard-score').textContent).toBe('76/100'));
    expect(screen.getByText('Rationality score of the picks')).toBeTruthy();
    expect(screen.getByTestId('dashboard-asset-count').textContent).toBe('0 of 1');
  });

  it("paints a returning investor's kept answers, marked with their market date, until the fresh ones replace them", async () => {
    await visitOnce('user-1', 1234.5);
    let answer: (value: Answer) => void = () => undefined;
    serve({ '/api/portfolio/dashboard': new Promise<Answer>((resolve) => (answer = resolve)) });
    await renderDashboard(false, 'user-1');

    // Before the dashboard route answers: the last visit's total, its market date, and no AI status claimed.
    expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$1,234.50');
    expect(screen.getByTestId('kept-answers').textContent).toBe("Last visit's figures, Dec 30, 2008");
    expect(screen.queryByTestId('ai-status')).toBeNull();

    answer(firstScreenWith(2000));
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$2,000.00'));
    await waitFor(() => expect(screen.queryByTestId('kept-answers')).toBeNull());
    expect(screen.getByTestId('ai-status').textContent).toBe('AI · Replay');
  });

  it('dates the badge by the kept recommendations, not by a fresh first screen read at a later date', async () => {
    await visitOnce('user-1', 1234.5);
    let answer: (value: Answer) => void = () => undefined;
    serve({
      '/api/portfolio/dashboard': firstScreenWith(2000, '2009-01-05'),
      [`/api/ai/recommendations/user-1`]: new Promise<Answer>((resolve) => (answer = resolve)),
    });
    await renderDashboard(false, 'user-1');

    // The first screen is fresh (Jan 5, 2009); only the recommendations are still the last visit's, whose
    // market date is the fixtures' Dec 30, 2008.
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$2,000.00'));
    expect(screen.getByTestId('kept-answers').textContent).toBe("Last visit's figures, Dec 30, 2008");

    answer({ body: RECOMMENDATIONS });
    await waitFor(() => expect(screen.queryByTestId('kept-answers')).toBeNull());
  });

  it("never shows another account's kept answers", async () => {
    await visitOnce('user-1', 1234.5);
    configureApiClient(
      createApiClient({
        apiUrl: '/api',
        getAccessToken: async () => 'token',
        onUnauthorized: () => undefined,
        fetch: (() => new Promise<Response>(() => undefined)) as typeof fetch,
      }),
    );
    await renderDashboard(false, 'user-2');
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
    expect(screen.queryByTestId('kept-answers')).toBeNull();
    expect(screen.queryByText('$1,234.50')).toBeNull();
  });
});
