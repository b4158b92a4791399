import { describe, expect, it } from 'vitest';
import { api, signInSeedAdmin } from '../src/api';

/** Symbols other suites add to portfolios and look for in recommendation lists (as e2e/admin-dashboard.test.ts). */
const SYMBOLS_OTHER_SUITES_READ = ['AAPL', 'BTC-USD'];

interface ListItem {
  id: string;
  symbol: string;
  reviewed: boolean;
}
interface List {
  recommendations: ListItem[];
  total_available: number;
}

const demoList = async () => (await api<List>('GET', '/api/ai/recommendations/demo_user?limit=50')).body;

/*
 * An administrator's decision reaches the list through the marker the price poll wrote when it queued
 * the item (data/recommendation-queue-repository.ts: the LAST_RECS partition the list reads in one
 * Query). The poll queued the stack's current date at start: an item queued for review carries the
 * queue's id, not `<symbol>@<date>`.
 */
describe('the recommendations list after an administrator decides a queued item', () => {
  it('drops a rejected item and marks an approved one reviewed', async () => {
    const admin = await signInSeedAdmin();
    const before = await demoList();
    const queued = before.recommendations.filter(
      (item) => !item.id.includes('@') && !SYMBOLS_OTHER_SUITES_READ.includes(item.symbol),
    );
    expect(queued.length).toBeGreaterThanOrEqual(2);
    const toReject = queued.at(-1) as ListItem;
    const toApprove = queued.at(-2) as ListItem;

    for (const [item, status] of [
      [toReject, 'REJECTED'],
      [toApprove, 'APPROVED'],
    ] as const) {
      const decided = await api('POST', `/api/admin/recommendations/${item.id}/review`, {
        token: admin.token,
        body: { status },
      });
      expect(decided.status).toBe(200);
    }

    const after = await demoList();
    expect(after.recommendations.map((item) => item.symbol)).not.toContain(toReject.symbol);
    expect(after.total_available).toBeLessThanOrEqual(before.total_available - 1);
    expect(after.recommendations.find((item) => item.id === toApprove.id)).toMatchObject({ reviewed: true });
  });
});
