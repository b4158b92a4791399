import { describe, expect, it } from 'vitest';
import { api } from '../src/api';

/**
 * One market date per answer (functions/src/market-data/README.md "The market clock"): every price
 * an API response carries is read at the market clock's date. The JSON of every response below is
 * walked whatever its shape: each `market_date` in it is the clock's date; each symbol's price
 * (`price`, `current_price`, a dashboard column's `value`) carries its bar's date (`as_of`,
 * `price_as_of`), that date or at most three days before it; and no date in it (a bar, a history
 * point, a momentum period) is after the clock's. A symbol without such a bar is listed as "no data",
 * never priced from another year.
 */

const PRICE_KEYS = ['price', 'current_price', 'value'];
const DATE_KEYS = ['date', 'as_of', 'price_as_of', 'from', 'to'];
const MAX_BAR_AGE_DAYS = 3;

interface Found {
  marketDates: string[];
  priceDates: { path: string; date: string }[];
  undatedPrices: string[];
  allDates: { path: string; date: string }[];
}

function walk(value: unknown, path: string, found: Found): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${path}[${index}]`, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  if (typeof record.market_date === 'string') found.marketDates.push(record.market_date);
  for (const key of DATE_KEYS) {
    const date = record[key];
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date)) {
      found.allDates.push({ path: `${path}.${key}`, date: date.slice(0, 10) });
    }
  }
  const hasPrice =
    typeof record.symbol === 'string' && PRICE_KEYS.some((key) => typeof record[key] === 'number');
  const date = [record.as_of, record.price_as_of].find((entry) => typeof entry === 'string') as
    string | undefined;
  // The undated snapshot price of a listing only the screener knows is labelled so; it is not a market price.
  if (hasPrice && record.price_source !== 'snapshot') {
    if (date) found.priceDates.push({ path, date: date.slice(0, 10) });
    else found.undatedPrices.push(path);
  }
  for (const [key, child] of Object.entries(record)) walk(child, `${path}.${key}`, found);
}

const daysBefore = (date: string, marketDate: string) =>
  Math.round((Date.parse(`${marketDate}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);

async function marketDateNow(): Promise<string> {
  const clock = await api<{
    data_mode: string;
    market_date: string;
    replay: { window: { from: string } } | null;
  }>('GET', '/api/ai/market-clock');
  expect(clock.status).toBe(200);
  expect(clock.body.data_mode).toBe('replay');
  return clock.body.market_date;
}

const PRICED_ROUTES: [string, () => Promise<{ status: number; body: unknown }>][] = [
  ['enhanced prices', () => api('GET', '/api/ai/enhanced-prices/real-time')],
  ['prices', () => api('GET', '/api/ai/prices/real-time')],
  ['analyze stock', () => api('POST', '/api/ai/analyze/stock', { body: { symbol: 'BTC-USD' } })],
  [
    'analyze batch',
    () => api('POST', '/api/ai/analyze/batch', { body: { symbols: ['AAPL', '^GSPC', 'USDJPY=X'] } }),
  ],
  ['rationality score', () => api('GET', '/api/ai/rationality-score/AAPL')],
  ['nugget analysis', () => api('GET', '/api/ai/nugget-analysis/%5EGSPC')],
  ['recommendations', () => api('GET', '/api/ai/recommendations/demo_user')],
  ['price history', () => api('GET', '/api/ai/price-history/EURUSD=X', { query: { days: 30 } })],
  ['portfolio history', () => api('GET', '/api/ai/portfolio-history/demo_user', { query: { limit: 10 } })],
  [
    'analyze portfolio',
    () =>
      api('POST', '/api/ai/analyze/portfolio', {
        body: {
          holdings: [
            { symbol: 'AAPL', shares: 3 },
            { symbol: 'BTC-USD', shares: 1 },
          ],
        },
      }),
  ],
  ['portfolio (demo)', () => api('GET', '/api/portfolio')],
  ['asset search', () => api('GET', '/api/portfolio/search', { query: { q: 'usd' } })],
];

describe('every price of one answer is read at the market clock date', () => {
  it.each(PRICED_ROUTES)('%s', async (_name, call) => {
    const marketDate = await marketDateNow();
    const response = await call();
    expect(response.status).toBe(200);
    const found: Found = { marketDates: [], priceDates: [], undatedPrices: [], allDates: [] };
    walk(response.body, '$', found);
    expect(found.marketDates.length, 'the answer names its market date').toBeGreaterThan(0);
    expect(new Set(found.marketDates)).toEqual(new Set([marketDate]));
    expect(found.undatedPrices, 'prices without a date').toEqual([]);
    for (const { path, date } of found.priceDates) {
      const age = daysBefore(date, marketDate);
      expect(age >= 0 && age <= MAX_BAR_AGE_DAYS, `${path}: ${date} against ${marketDate}`).toBe(true);
    }
    const later = found.allDates.filter(({ date }) => date > marketDate);
    expect(later, 'dates after the market date').toEqual([]);
  });

  it('lists a series without a bar near the date as no data, never at a price of another year', async () => {
    const marketDate = await marketDateNow();
    const prices = await api<{ prices: Record<string, unknown>; no_data: { symbol: string }[] }>(
      'GET',
      '/api/ai/prices/real-time',
    );
    // DXC Technology first traded on 2017-04-04 (us-daily manifest): nothing on 2017-01-01.
    expect(prices.body.no_data.map((entry) => entry.symbol).sort()).toEqual(['DXC']);
    expect(prices.body.prices.DXC).toBeUndefined();
    const analysis = await api('GET', '/api/ai/rationality-score/DXC');
    expect(analysis.status).toBe(404);
    // English dates read "Jan 1, 2017" (the en-US medium date, in UTC).
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${marketDate}T00:00:00Z`),
    );
    expect(analysis.text).toContain(`No data for DXC on ${shown}`);
    // Nothing after the market date (issue 45): not the series' first date (Apr 4, 2017), nor its last.
    expect(analysis.text).not.toMatch(/Apr 4, 2017|Nov 10, 2017|2017-04-04/);
    expect(analysis.text).toContain('its series starts later');
  });
});
