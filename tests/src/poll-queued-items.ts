import { api } from './api';

/** Symbols other suites add to portfolios and look for in investors' recommendation lists. */
export const SYMBOLS_OTHER_SUITES_READ = ['AAPL', 'BTC-USD'];

export interface QueuedInvestorItem {
  id: string;
  symbol: string;
  reviewed: boolean;
}

/**
 * The items the price poll queued for review that the demo investor sees undecided, by symbol.
 *
 * Two suites decide such items on the stack all suites share, and may run at the same time: the
 * admin browser journey (e2e/admin-dashboard.test.ts) takes the first ones of this list and the
 * list test (integration/recommendation-review-list.test.ts) the last ones, so neither decides an
 * item the other chose (a second decision answers 409). An item queued for review carries the
 * queue's id, not `<symbol>@<date>`; a decided one is either gone (rejected) or `reviewed`.
 */
export async function pollQueuedUndecided(): Promise<QueuedInvestorItem[]> {
  const response = await api<{ recommendations: QueuedInvestorItem[] }>(
    'GET',
    '/api/ai/recommendations/demo_user?limit=50',
  );
  if (response.status !== 200) throw new Error(`demo recommendations answered ${response.status}`);
  return response.body.recommendations
    .filter(
      (item) => !item.id.includes('@') && !item.reviewed && !SYMBOLS_OTHER_SUITES_READ.includes(item.symbol),
    )
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
}
