import { describe, expect, it } from 'vitest';
import { api, signInSeedAdmin } from '../src/api';
import { pollQueuedUndecided } from '../src/poll-queued-items';

interface List {
  recommendations: { id: string; symbol: string; reviewed: boolean }[];
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
    // The last two by symbol: the admin browser journey takes the first ones (src/poll-queued-items.ts).
    const queued = await pollQueuedUndecided();
    expect(queued.length).toBeGreaterThanOrEqual(4);
    const [toApprove, toReject] = queued.slice(-2) as [(typeof queued)[0], (typeof queued)[0]];

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
