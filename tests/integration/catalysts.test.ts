import { describe, expect, it } from 'vitest';
import { api } from '../src/api';

interface ContextualBody {
  success: boolean;
  demo_mode: boolean;
  recommendations: {
    symbol: string;
    action: string;
    catalyst_type: string;
    catalyst_url: string;
    sample: boolean;
    published_date: string;
    price_as_of: string;
    reasoning: string;
    expected_return: number;
    target_price: number;
    current_price: number;
  }[];
  summary: { total_recommendations: number; catalysts_analyzed: number };
}

describe('catalyst routes of the market area on the local stack', () => {
  it('serves the curated demo set, joined with the engine grades', async () => {
    const response = await api<ContextualBody>('GET', '/api/ai/contextual-recommendations', {
      query: { demo_mode: true, min_impact_score: 0, limit: 50 },
    });
    expect(response.status).toBe(200);
    expect(response.body.demo_mode).toBe(true);
    expect(response.body.success).toBe(true);
    // The suites' market date is 2017-01-01 (tests/vitest.config.ts): of the ten curated headlines,
    // the iPhone X launch (2017-09-12) and the two bitcoin stories (2017-03-10, 2017-04-01) are
    // the replay's future and stay hidden (issue 45); seven remain, none about bitcoin.
    expect(response.body.recommendations).toHaveLength(7);
    expect(new Set(response.body.recommendations.map((item) => item.symbol))).toEqual(
      new Set(['AAPL', '^GSPC']),
    );
    for (const item of response.body.recommendations) {
      expect(['STRONG_BUY', 'BUY', 'WATCH', 'HOLD', 'AVOID']).toContain(item.action);
      expect(item.reasoning.length).toBeGreaterThan(20);
      // Headlines written for the product: each says so, links nowhere, and dates its price.
      expect(item).toMatchObject({ sample: true, catalyst_url: '' });
      expect(item.price_as_of >= item.published_date.slice(0, 10)).toBe(true);
      expect(item.price_as_of <= '2017-01-01').toBe(true);
      // The label agrees with the figures beside it (issue 45): an Avoid needs a negative view.
      if (item.action === 'AVOID') expect(item.target_price).toBeLessThan(item.current_price);
      if (item.action === 'AVOID') expect(item.expected_return).toBeLessThan(0);
      if (item.action === 'BUY' || item.action === 'STRONG_BUY')
        expect(item.expected_return).toBeGreaterThan(0);
    }
  });

  it('applies limit to the demo set', async () => {
    const response = await api<ContextualBody>('GET', '/api/ai/contextual-recommendations', {
      query: { demo_mode: true, min_impact_score: 0, limit: 2 },
    });
    expect(response.body.recommendations).toHaveLength(2);
  });

  it('answers market catalysts from the replayed headline set (possibly empty, with the documented message)', async () => {
    const response = await api<{
      success: boolean;
      catalysts: unknown[];
      message?: string;
      by_category: Record<string, number>;
    }>('GET', '/api/ai/market-catalysts', { query: { hours_back: 720, min_impact_score: 0 } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.by_category)).toHaveLength(10);
    if (response.body.catalysts.length === 0)
      expect(response.body.message).toBe('No market catalysts available');
  });

  it('answers live market alerts with a summary', async () => {
    const response = await api<{ summary: { total_alerts: number }; alerts: { url: string }[] }>(
      'GET',
      '/api/ai/live-market-alerts',
    );
    expect(response.status).toBe(200);
    expect(response.body.summary.total_alerts).toBe(response.body.alerts.length);
    // No link pretends to be a source: a replayed alert has none.
    expect(response.body.alerts.filter((alert) => alert.url === '#')).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const response = await api<{ issues?: { path: string }[] }>('GET', '/api/ai/market-catalysts', {
      query: { hours_back: 0 },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('query.hours_back');
    const symbol = await api('GET', '/api/ai/market-catalysts', { query: { symbol: 'not a ticker!' } });
    expect(symbol.status).toBe(400);
  });
});
