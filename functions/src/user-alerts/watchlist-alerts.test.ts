import { describe, expect, it } from 'vitest';
import type { Grade } from '@app/shared/domain/enums';
import type { StoredWatchlist, StoredWatchlistEntry } from '../data/watchlists-repository';
import type { UserAlertDraft } from '../engine/catalysts/user-alerts';
import { raiseWatchlistGradeAlerts, type WatchlistAlertDeps } from './watchlist-alerts';

const NOW = new Date('2026-11-28T10:00:00Z');

function entry(userId: string, listId: string, lastGrade: Grade | null): StoredWatchlistEntry {
  return {
    user_id: userId,
    list_id: listId,
    symbol: 'AAPL',
    added_at: '2026-11-01T00:00:00Z',
    added_market_date: '2018-01-02',
    added_grade: lastGrade,
    last_grade: lastGrade,
  };
}

function list(id: string, gradeAlerts: boolean): StoredWatchlist {
  return {
    id,
    user_id: 'u1',
    name: `List ${id}`,
    grade_alerts: gradeAlerts,
    symbol_count: 1,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  };
}

/** An in-memory store behind the deps: what was written and remembered, as the repositories would. */
function harness(entries: StoredWatchlistEntry[], lists: Record<string, StoredWatchlist>) {
  const written: Array<{ userId: string; alert: UserAlertDraft; rule: string; limit: number }> = [];
  const ids = new Set<string>();
  const remembered: Array<[string, Grade]> = [];
  const mailed: string[] = [];
  const deps: WatchlistAlertDeps = {
    watchlists: {
      listWatchers: async () => entries,
      getList: async (_userId, listId) => lists[listId] ?? null,
      recordGrade: async (stored, grade) => {
        remembered.push([stored.list_id, grade]);
        stored.last_grade = grade;
        return true;
      },
    },
    alerts: {
      putCounted: async (userId, alert, context) => {
        if (ids.has(alert.id)) return 'duplicate';
        ids.add(alert.id);
        written.push({ userId, alert, rule: context.rule, limit: context.limit });
        return 'written';
      },
    },
    getTier: async () => 'FREE',
    now: () => NOW,
    mailAlert: async (userId) => mailed.push(userId),
  };
  return { deps, written, remembered, mailed };
}

describe('raiseWatchlistGradeAlerts', () => {
  it('alerts once when a watched grade moves from B to A, and remembers A', async () => {
    const { deps, written, remembered, mailed } = harness([entry('u1', 'L1', 'B')], { L1: list('L1', true) });

    const first = await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'A', date: '2018-03-01' }, deps);
    const again = await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'A', date: '2018-03-01' }, deps);

    expect(first).toEqual({ changed: 1, written: 1 });
    expect(again).toEqual({ changed: 0, written: 0 });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ userId: 'u1', rule: 'rule:watch:L1', limit: 5 });
    expect(written[0]?.alert.title).toEqual({
      code: 'WATCHLIST_GRADE_TITLE',
      params: { symbol: 'AAPL', from: 'B', to: 'A' },
    });
    expect(written[0]?.alert.message).toMatchObject({
      code: 'WATCHLIST_GRADE_MESSAGE',
      params: { list: 'List L1', date: '2018-03-01' },
    });
    expect(remembered).toEqual([['L1', 'A']]);
    expect(mailed).toEqual(['u1']);
  });

  it('writes nothing for an unchanged grade, and only takes the first grade of an entry added without one', async () => {
    const { deps, written, remembered } = harness([entry('u1', 'L1', 'C'), entry('u1', 'L2', null)], {
      L1: list('L1', true),
      L2: list('L2', true),
    });

    const outcome = await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'C', date: '2018-03-01' }, deps);

    expect(outcome).toEqual({ changed: 0, written: 0 });
    expect(written).toEqual([]);
    expect(remembered).toEqual([['L2', 'C']]);
  });

  it('remembers the change without alerting when the list has grade alerts off, and skips a deleted list', async () => {
    const { deps, written, remembered } = harness([entry('u1', 'L1', 'B'), entry('u1', 'GONE', 'B')], {
      L1: list('L1', false),
    });

    const outcome = await raiseWatchlistGradeAlerts({ symbol: 'AAPL', grade: 'D', date: '2018-03-01' }, deps);

    expect(outcome).toEqual({ changed: 1, written: 0 });
    expect(written).toEqual([]);
    expect(remembered).toEqual([['L1', 'D']]);
  });
});
