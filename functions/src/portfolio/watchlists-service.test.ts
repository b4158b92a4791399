import { describe, expect, it } from 'vitest';
import type { Grade, Tier } from '@app/shared/domain/enums';
import type { GradedSymbol } from '../data/market-day-repository';
import type {
  StoredWatchlist,
  StoredWatchlistEntry,
  WatchlistsRepository,
} from '../data/watchlists-repository';
import type { MarketReading } from '../market-data/market-quotes';
import { NotFoundError, QuotaExceededError, ValidationError } from '../platform/errors';
import {
  addWatchlistSymbol,
  createWatchlist,
  listWatchlists,
  type WatchlistsDeps,
} from './watchlists-service';

const NOW = new Date('2026-11-28T10:00:00Z');

/** A graded day where AAPL is graded `grade` at 150 (+1.5 %) and MSFT is graded A at 300. */
function marketAt(date: string, grades: Record<string, Grade>): MarketReading {
  const day = new Map<string, GradedSymbol>(
    Object.entries(grades).map(([symbol, grade]) => [
      symbol,
      {
        quote: { symbol, price: symbol === 'AAPL' ? 150 : 300, change_percent: 1.5, as_of: date },
        analysis: { nugget_scores: { investment_grade: grade } },
      } as unknown as GradedSymbol,
    ]),
  );
  return {
    mode: 'replay',
    marketDate: { date } as MarketReading['marketDate'],
    graded: async () => day,
    quote: async (symbol) => day.get(symbol)?.quote ?? null,
    quotes: async (symbols) => new Map(symbols.map((symbol) => [symbol, day.get(symbol)?.quote ?? null])),
  };
}

/** The repository as the caps make it behave: a list cap and a per-list symbol cap. */
function memoryRepository() {
  const lists = new Map<string, StoredWatchlist & { entries: StoredWatchlistEntry[] }>();
  const repository: Partial<WatchlistsRepository> = {
    list: async () => [...lists.values()],
    get: async (_userId, listId) => lists.get(listId) ?? null,
    getList: async (_userId, listId) => lists.get(listId) ?? null,
    createList: async (list, limit) => {
      if (limit !== -1 && lists.size >= limit) return 'limit_reached';
      lists.set(list.id, { ...list, entries: [] });
      return 'written';
    },
    addEntry: async (entry, limit) => {
      const list = lists.get(entry.list_id);
      if (!list) return 'list_not_found';
      if (list.entries.some((existing) => existing.symbol === entry.symbol)) return 'duplicate';
      if (limit !== -1 && list.entries.length >= limit) return 'limit_reached';
      list.entries.push(entry);
      return 'written';
    },
  };
  return { repository: repository as WatchlistsRepository, lists };
}

function depsOf(tier: Tier, reading: { current: MarketReading }) {
  const { repository, lists } = memoryRepository();
  let id = 0;
  const deps: WatchlistsDeps = {
    watchlists: repository,
    users: { get: async () => ({ subscription_tier: tier }) as never },
    market: {
      findAsset: async (symbol) =>
        ({ AAPL: { symbol, name: 'Apple Inc.' }, MSFT: { symbol, name: 'Microsoft Corporation' } })[
          symbol
        ] as never,
    },
    readWatchlistMarket: () => reading.current,
    newId: () => `01JLIST0000000000000000000${(id += 1)}`.slice(-26),
    now: () => NOW,
  };
  return { deps, lists };
}

describe('watchlists service', () => {
  it('keeps the grade and date a symbol was added at and shows the change since: B then A is two steps up', async () => {
    const reading = { current: marketAt('2018-01-02', { AAPL: 'B', MSFT: 'A' }) };
    const { deps } = depsOf('FREE', reading);
    const list = await createWatchlist('u1', { name: 'Tech', grade_alerts: true }, deps);
    await addWatchlistSymbol('u1', list.id, 'AAPL', deps);

    reading.current = marketAt('2018-03-01', { AAPL: 'A', MSFT: 'A' });
    const answer = await listWatchlists('u1', deps);

    expect(answer).toMatchObject({ market_date: '2018-03-01', used: 1, limit: 1, symbols_limit: 20 });
    expect(answer.lists[0]?.entries).toEqual([
      {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        added_at: NOW.toISOString(),
        added_market_date: '2018-01-02',
        added_grade: 'B',
        price: 150,
        change_percent: 1.5,
        grade: 'A',
        // B -> B+ -> A on the scale A+, A, B+, B, B-, C, D.
        grade_change: 2,
      },
    ]);
  });

  it('in live mode (no graded day) takes the latest grade the score history keeps', async () => {
    const live = marketAt('2026-11-27', {});
    const reading = { current: { ...live, mode: 'live' as const, graded: async () => null } };
    const { deps } = depsOf('FREE', reading);
    const asked: Array<[readonly string[], string]> = [];
    deps.latestGrades = async (symbols, date) => {
      asked.push([symbols, date]);
      return new Map([['MSFT', 'B-' as const]]);
    };
    const list = await createWatchlist('u1', { name: 'Live', grade_alerts: true }, deps);

    const added = await addWatchlistSymbol('u1', list.id, 'MSFT', deps);

    expect(added.entries[0]).toMatchObject({
      symbol: 'MSFT',
      added_grade: 'B-',
      grade: 'B-',
      grade_change: 0,
    });
    expect(asked[0]).toEqual([['MSFT'], '2026-11-27']);
  });

  it('refuses a symbol outside the universe with a 400 naming body.symbol, storing nothing', async () => {
    const { deps, lists } = depsOf('FREE', { current: marketAt('2018-01-02', { AAPL: 'B' }) });
    const list = await createWatchlist('u1', { name: 'Tech', grade_alerts: true }, deps);

    const refusal = await addWatchlistSymbol('u1', list.id, 'NOPE', deps).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).issues).toEqual([
      {
        path: 'body.symbol',
        message: { code: 'PORTFOLIO_UNKNOWN_SYMBOL', params: { field: 'symbol', symbol: 'NOPE' } },
      },
    ]);
    expect(lists.get(list.id)?.entries).toEqual([]);
  });

  it('refuses a second FREE list with a 403 naming Premium, and an unknown list with a 404', async () => {
    const { deps } = depsOf('FREE', { current: marketAt('2018-01-02', { AAPL: 'B' }) });
    await createWatchlist('u1', { name: 'One', grade_alerts: true }, deps);

    const refusal = await createWatchlist('u1', { name: 'Two', grade_alerts: true }, deps).catch(
      (error: unknown) => error,
    );
    const missing = await addWatchlistSymbol('u1', '01JNOSUCHLIST0000000000000', 'AAPL', deps).catch(
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(QuotaExceededError);
    expect((refusal as QuotaExceededError).requiredTier).toBe('PREMIUM');
    expect((refusal as QuotaExceededError).userMessage).toEqual({
      code: 'WATCHLIST_LISTS_LIMIT',
      params: { field: 'name', plan: 'FREE', limit: 1 },
    });
    expect(missing).toBeInstanceOf(NotFoundError);
  });

  it('a PREMIUM list full at 100 symbols names Platinum as the plan that lifts it', async () => {
    const { deps, lists } = depsOf('PREMIUM', { current: marketAt('2018-01-02', { AAPL: 'B', MSFT: 'A' }) });
    const list = await createWatchlist('u1', { name: 'Big', grade_alerts: false }, deps);
    const stored = lists.get(list.id);
    for (let index = 0; index < 100; index += 1) stored?.entries.push({ symbol: `S${index}` } as never);

    const refusal = await addWatchlistSymbol('u1', list.id, 'MSFT', deps).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(QuotaExceededError);
    expect((refusal as QuotaExceededError).requiredTier).toBe('PRO');
    expect(stored?.entries).toHaveLength(100);
  });
});
