import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { averageRationalityScore, DashboardPage } from './dashboard-page';

const NUGGETS = {
  investment_grade: 'A',
  composite_rationality_score: 78.4,
  financial_health_score: 70,
  growth_quality_score: 60,
  value_score: 55,
  momentum_score: 61,
  risk_score: 30,
  risk_reward_ratio: 1.4,
  key_nuggets: ['Low risk supports the score (annualised 1-month volatility 14.7 %)'],
};

function recommendation(symbol: string, score: number) {
  return {
    id: `r-${symbol}`,
    symbol,
    name: `${symbol} Inc.`,
    asset_type: 'stock',
    recommendation: 'BUY',
    current_price: 100,
    target_price: 110,
    confidence_score: 0.8,
    rationality_score: score,
    reasoning: 'r',
    summary: 's',
    nugget_scores: NUGGETS,
    after_hours_price: null,
    premarket_change: null,
    volume_analysis: {
      volume_breakout: false,
      volume_ratio_20d: 1,
      volume_surge_level: 'NORMAL',
      obv_trend: 'BULLISH',
      accumulation_distribution: 0,
    },
    risk_metrics: {
      volatility_1month: 10,
      volatility_regime: 'LOW',
      momentum_1w: 1,
      momentum_1m: 2,
      momentum_3m: 3,
      momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
      max_drawdown: -5,
      sharpe_estimation: 1.1,
    },
    as_of: '2008-12-30',
    market_date: '2008-12-30',
    reviewed: false,
    detail_level: 'summary',
  };
}

const PORTFOLIO = {
  market_date: '2008-12-30',
  assets: [],
  summary: {
    total_value: 7392.77,
    total_cost: null,
    total_gain: null,
    day_change_amount: 0,
    monthly_return_percent: 0.3,
    monthly_return_period: { from: '2008-11-30', to: '2008-12-30' },
    asset_count: 4,
    by_type: {
      stock: { total_value: 4000, count: 2, percent: 54.1 },
      crypto: { total_value: 892.77, count: 1, percent: 12.1 },
      alternative: { total_value: 2500, count: 1, percent: 33.8 },
    },
  },
  demo: true,
};

const RECOMMENDATIONS = {
  status: 'success',
  user_id: 'demo_user',
  recommendations: [recommendation('AAPL', 70), recommendation('MSFT', 81)],
  total_available: 2,
  tier_cap: 10,
  data_mode: 'replay',
  market_date: '2008-12-30',
  backtest: null,
};

const ITEM = {
  symbol: '^GSPC',
  name: 'S&P 500',
  value: 890.64,
  change: 21.2,
  change_percent: 2.44,
  investment_grade: 'D',
  composite_score: 32.3,
  after_hours_price: null,
  as_of: '2008-12-30',
  market_date: '2008-12-30',
  analysisNote: 'note',
};

const ENHANCED = {
  status: 'success',
  data_mode: 'replay',
  market_date: '2008-12-30',
  enhanced_prices: {},
  market_groups: { indices: [ITEM], crypto: [], commodities: [], currencies: [] },
  no_data: [{ symbol: 'FB', name: 'Facebook' }],
  updated_at: '2026-01-01T00:00:00Z',
};

function serve(overrides: Partial<Record<string, { status?: number; body: unknown }>> = {}) {
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

function renderDashboard() {
  return renderWithProviders(
    withQueryClient(<DashboardPage name="Dana" tier="PREMIUM" isDemo recommendationsUserId="demo_user" />),
  );
}

describe('DashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads in 4 requests: root, portfolio, recommendations (limit 6) and enhanced prices', async () => {
    const requests = serve();
    await renderDashboard();
    expect(await screen.findByText('AI Nugget Recommendations')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('dashboard-total-value').textContent).toBe('$7,392.77'));
    expect(screen.getByTestId('dashboard-score').textContent).toBe('76/100');
    // Over replayed history nothing says live or today: every label names the market date.
    expect(screen.getByTestId('ai-status').textContent).toBe('AI · Replay');
    expect(
      screen.getByText(
        'Here is your rational overview of the market on Dec 30, 2008, replayed, free of hype and noise.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Top picks of the rational analysis on Dec 30, 2008')).toBeTruthy();
    expect(screen.getByText('From Nov 30, 2008 to Dec 30, 2008')).toBeTruthy();
    expect(screen.getByTestId('market-no-data').textContent).toBe('No data on Dec 30, 2008: FB');
    expect(screen.getAllByTestId('nugget-item')[0]?.textContent).toContain(
      'Low risk supports the score (annualised ...',
    );
    expect(screen.getByTestId('market-commodities').textContent).toContain(
      'No series of this group in the replayed history.',
    );
    expect(requests.map((request) => request.path).sort()).toEqual(
      [
        '/api/',
        '/api/ai/enhanced-prices/real-time',
        '/api/ai/recommendations/demo_user?limit=6',
        '/api/portfolio',
      ].sort(),
    );
    expect(console.info).toHaveBeenCalledWith('hello');
  });

  it('falls back to plain prices when enhanced prices fail, marks the AI offline and empties the picks', async () => {
    const requests = serve({ '/api/ai/enhanced-prices/real-time': { status: 500, body: {} } });
    await renderDashboard();
    await waitFor(() =>
      expect(screen.getByText('Enhanced analysis is unavailable: showing plain prices.')).toBeTruthy(),
    );
    expect(screen.getByTestId('ai-status').textContent).toBe('AI offline');
    expect(screen.getByTestId('market-indices').textContent).toContain('S&P 500');
    expect(screen.queryByText('AI Nugget Recommendations')).toBeNull();
    expect(screen.getByTestId('dashboard-score').textContent).toBe(`${averageRationalityScore([])}/100`);
    expect(requests.some((request) => request.path === '/api/ai/prices/real-time')).toBe(true);
  });
});
