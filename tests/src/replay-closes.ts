import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { api, type SignedInUser } from './api';

/**
 * Closes read straight from the replay's data files (../shared/data/us-daily-2007-2017, the data the
 * test stack replays), so a test's expected money figures are computed independently of the API.
 */
const DATA = fileURLToPath(new URL('../../../shared/data/us-daily-2007-2017/', import.meta.url));

/** The Close of the last row dated on or before `date` in <folder>/<symbol>.csv (stocks or etfs). */
export function replayCloseOnOrBefore(folder: 'stocks' | 'etfs', symbol: string, date: string): number {
  const rows = readFileSync(`${DATA}${folder}/${symbol}.csv`, 'utf8').trim().split('\n').slice(1);
  let close: number | null = null;
  for (const row of rows) {
    const [day, , , , value] = row.split(',');
    if ((day as string) > date) break;
    close = Number(value);
  }
  if (close === null) throw new Error(`no close for ${symbol} on or before ${date}`);
  return close;
}

/** The seeded portfolio the one-valuation suites share (tests/integration and tests/e2e). */
export const SEEDED_HOLDINGS = [
  { symbol: 'AAPL', asset_type: 'stock', shares: 10, purchase_price: 100, purchase_date: '2016-06-01' },
  { symbol: 'SPY', asset_type: 'stock', shares: 4, purchase_price: 200, purchase_date: '2016-03-01' },
  // Microsoft with an old date (issue 45): only an undated listing price on the test stack.
  { symbol: 'MSFT', asset_type: 'stock', shares: 5, purchase_price: 50, purchase_date: '2016-03-01' },
] as const;

/**
 * The seeded portfolio's figures at the suites' market date (Sunday 2017-01-01: Friday 2016-12-30's
 * closes), by hand: MSFT has no dated close and counts in no total; no money moved in the month
 * (from 2016-12-01), so its return is the value's change at today's shares.
 */
export function seededFigures() {
  const close = (folder: 'stocks' | 'etfs', symbol: string, date: string) =>
    replayCloseOnOrBefore(folder, symbol, date);
  const value = 10 * close('stocks', 'AAPL', '2017-01-01') + 4 * close('etfs', 'SPY', '2017-01-01');
  const monthStart = 10 * close('stocks', 'AAPL', '2016-12-01') + 4 * close('etfs', 'SPY', '2016-12-01');
  const cents = (amount: number) => Math.round(amount * 100) / 100;
  const cost = 10 * 100 + 4 * 200;
  return {
    value: cents(value),
    cost: cents(cost),
    gain: cents(cents(value) - cents(cost)),
    monthPercent: Math.round((value / monthStart - 1) * 100 * 100) / 100,
  };
}

/** Adds SEEDED_HOLDINGS to a new investor's portfolio through the API, as a user would; each must be new (201). */
export async function seedPortfolio(user: SignedInUser): Promise<void> {
  for (const holding of SEEDED_HOLDINGS) {
    const response = await api('POST', '/api/portfolio/holdings', {
      token: user.token,
      body: holding,
      headers: { 'idempotency-key': randomUUID() },
    });
    if (response.status !== 201)
      throw new Error(`seeding ${holding.symbol}: ${response.status} ${response.text}`);
  }
}
