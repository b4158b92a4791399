import {
  gradeSteps,
  type CreateWatchlistPayload,
  type UpdateWatchlistPayload,
  type Watchlist,
  type WatchlistEntry,
  type WatchlistsResponse,
} from '@app/shared/domain/entities/watchlists';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { TIERS, type Grade, type Tier } from '@app/shared/domain/enums';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import { message } from '@app/shared/messages/message';
import type { UsersRepository } from '../data/users-repository';
import type {
  StoredWatchlist,
  StoredWatchlistWithEntries,
  WatchlistsRepository,
} from '../data/watchlists-repository';
import type { MarketReading } from '../market-data/market-quotes';
import type { PortfolioMarket } from './portfolio-market';
import { ConflictError, fieldError, NotFoundError, QuotaExceededError } from '../platform/errors';

/*
 * The watchlist routes (shared/src/api/routes-watchlists.ts; docs/product.md "Watchlists"). The plan's
 * caps are the tier catalogue's `watchlists` and `watchlist_symbols`, held by the repository's write
 * transactions (data/watchlists-repository.ts). A symbol is added with the grade the price poll stored
 * for the market date (the screener's grades) and that date, so the list shows the change of grade
 * since; the price poll raises the grade-change alerts (user-alerts/watchlist-alerts.ts).
 */

export interface WatchlistsDeps {
  watchlists: WatchlistsRepository;
  users: Pick<UsersRepository, 'get'>;
  /** The assets the portfolio knows (the search's universe): a symbol elsewhere is refused. */
  market: Pick<PortfolioMarket, 'findAsset'>;
  /** Reads the market at one reading of the clock (market-data/market-quotes.ts), graded days included. */
  readWatchlistMarket: () => MarketReading;
  /**
   * Live mode grades no market day ahead: each symbol's latest grade the price poll kept in the score
   * history up to `date` (absent: no grade until the day is graded).
   */
  latestGrades?: (symbols: readonly string[], date: string) => Promise<Map<string, Grade>>;
  newId: () => string;
  now: () => Date;
}

const limitsOf = (tier: Tier) => ({
  lists: TIER_CATALOGUE[tier].features.watchlists,
  symbols: TIER_CATALOGUE[tier].features.watchlist_symbols,
});

/** The lowest plan above `tier` whose cap is higher (null when none is). */
function liftingTier(tier: Tier, capOf: (tier: Tier) => number): Tier | null {
  const current = capOf(tier);
  return (
    TIERS.slice(TIERS.indexOf(tier) + 1).find(
      (candidate) => capOf(candidate) === UNLIMITED || capOf(candidate) > current,
    ) ?? null
  );
}

async function tierOf(userId: string, deps: Pick<WatchlistsDeps, 'users'>): Promise<Tier> {
  return (await deps.users.get(userId))?.subscription_tier ?? 'FREE';
}

interface MarketNow {
  date: string;
  quote: (symbol: string) => { price: number | null; change_percent: number | null };
  grade: (symbol: string) => Grade | null;
}

/** Quotes at the reading's date; a listing the replay does not hold (snapshot only) has none. */
async function quotesOf(reading: MarketReading, symbols: readonly string[]) {
  try {
    return await reading.quotes(symbols);
  } catch {
    const one = async (symbol: string) => [symbol, await reading.quote(symbol).catch(() => null)] as const;
    return new Map(await Promise.all(symbols.map(one)));
  }
}

/** Prices and grades of `symbols` at one reading of the market clock. */
async function marketNow(symbols: readonly string[], deps: WatchlistsDeps): Promise<MarketNow> {
  const reading = deps.readWatchlistMarket();
  const [graded, quotes] = await Promise.all([reading.graded(), quotesOf(reading, symbols)]);
  const kept =
    !graded && deps.latestGrades && symbols.length > 0
      ? await deps.latestGrades(symbols, reading.marketDate.date)
      : new Map<string, Grade>();
  return {
    date: reading.marketDate.date,
    quote: (symbol) => {
      const quote = quotes.get(symbol) ?? null;
      return { price: quote?.price ?? null, change_percent: quote?.change_percent ?? null };
    },
    // The grades stored for the market date (replay), else the latest the score history keeps (live).
    grade: (symbol) =>
      graded
        ? (graded.get(symbol)?.analysis?.nugget_scores.investment_grade ?? null)
        : (kept.get(symbol) ?? null),
  };
}

function viewOf(
  list: StoredWatchlistWithEntries,
  market: MarketNow,
  names: ReadonlyMap<string, string>,
  symbolsLimit: number,
): Watchlist {
  const entries: WatchlistEntry[] = [...list.entries]
    .sort((a, b) => a.added_at.localeCompare(b.added_at) || a.symbol.localeCompare(b.symbol))
    .map((entry) => {
      const grade = market.grade(entry.symbol);
      return {
        symbol: entry.symbol,
        name: names.get(entry.symbol) ?? null,
        added_at: entry.added_at,
        added_market_date: entry.added_market_date,
        added_grade: entry.added_grade,
        ...market.quote(entry.symbol),
        grade,
        grade_change: grade && entry.added_grade ? gradeSteps(entry.added_grade, grade) : null,
      };
    });
  return {
    id: list.id,
    name: list.name,
    grade_alerts: list.grade_alerts,
    created_at: list.created_at,
    entries,
    used: entries.length,
    limit: symbolsLimit,
  };
}

async function namesOf(symbols: readonly string[], deps: WatchlistsDeps): Promise<Map<string, string>> {
  const unique = [...new Set(symbols)];
  const assets = await Promise.all(unique.map((symbol) => deps.market.findAsset(symbol)));
  return new Map(assets.flatMap((asset) => (asset ? [[asset.symbol, asset.name] as const] : [])));
}

async function oneListView(userId: string, listId: string, tier: Tier, deps: WatchlistsDeps) {
  const list = await deps.watchlists.get(userId, listId);
  if (!list) throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  const symbols = list.entries.map((entry) => entry.symbol);
  const [market, names] = await Promise.all([marketNow(symbols, deps), namesOf(symbols, deps)]);
  return viewOf(list, market, names, limitsOf(tier).symbols);
}

/** GET /api/watchlists */
export async function listWatchlists(userId: string, deps: WatchlistsDeps): Promise<WatchlistsResponse> {
  const [tier, lists] = await Promise.all([tierOf(userId, deps), deps.watchlists.list(userId)]);
  const symbols = lists.flatMap((list) => list.entries.map((entry) => entry.symbol));
  const [market, names] = await Promise.all([marketNow(symbols, deps), namesOf(symbols, deps)]);
  const limits = limitsOf(tier);
  return {
    market_date: market.date,
    lists: lists.map((list) => viewOf(list, market, names, limits.symbols)),
    used: lists.length,
    limit: limits.lists,
    symbols_limit: limits.symbols,
  };
}

/** POST /api/watchlists */
export async function createWatchlist(
  userId: string,
  payload: CreateWatchlistPayload,
  deps: WatchlistsDeps,
): Promise<Watchlist> {
  const tier = await tierOf(userId, deps);
  const now = deps.now().toISOString();
  const list: StoredWatchlist = {
    id: deps.newId(),
    user_id: userId,
    name: payload.name,
    grade_alerts: payload.grade_alerts,
    symbol_count: 0,
    created_at: now,
    updated_at: now,
  };
  const limit = limitsOf(tier).lists;
  if ((await deps.watchlists.createList(list, limit)) === 'limit_reached') {
    throw new QuotaExceededError(
      message('WATCHLIST_LISTS_LIMIT', { field: 'name', plan: tier, limit }),
      liftingTier(tier, (candidate) => limitsOf(candidate).lists),
      tier,
    );
  }
  return {
    id: list.id,
    name: list.name,
    grade_alerts: list.grade_alerts,
    created_at: list.created_at,
    entries: [],
    used: 0,
    limit: limitsOf(tier).symbols,
  };
}

/** PATCH /api/watchlists/{listId} */
export async function updateWatchlist(
  userId: string,
  listId: string,
  payload: UpdateWatchlistPayload,
  deps: WatchlistsDeps,
): Promise<Watchlist> {
  const tier = await tierOf(userId, deps);
  if (!(await deps.watchlists.updateList(userId, listId, payload, deps.now()))) {
    throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  }
  return oneListView(userId, listId, tier, deps);
}

/** DELETE /api/watchlists/{listId} */
export async function deleteWatchlist(
  userId: string,
  listId: string,
  deps: WatchlistsDeps,
): Promise<{ id: string; deleted: true }> {
  if (!(await deps.watchlists.deleteList(userId, listId, deps.now()))) {
    throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  }
  return { id: listId, deleted: true };
}

/** POST /api/watchlists/{listId}/symbols */
export async function addWatchlistSymbol(
  userId: string,
  listId: string,
  symbol: string,
  deps: WatchlistsDeps,
): Promise<Watchlist> {
  const [tier, list, asset] = await Promise.all([
    tierOf(userId, deps),
    deps.watchlists.getList(userId, listId),
    deps.market.findAsset(symbol),
  ]);
  if (!list) throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  if (!asset) {
    throw fieldError('body.symbol', message('PORTFOLIO_UNKNOWN_SYMBOL', { field: 'symbol', symbol }));
  }
  const market = await marketNow([symbol], deps);
  const grade = market.grade(symbol);
  const limit = limitsOf(tier).symbols;
  const outcome = await deps.watchlists.addEntry(
    {
      user_id: userId,
      list_id: listId,
      symbol,
      added_at: deps.now().toISOString(),
      added_market_date: market.date,
      added_grade: grade,
      last_grade: grade,
    },
    limit,
    deps.now(),
  );
  if (outcome === 'list_not_found') throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  if (outcome === 'duplicate') {
    throw new ConflictError(
      message('WATCHLIST_SYMBOL_ALREADY_LISTED', { field: 'symbol', symbol, list: list.name }),
    );
  }
  if (outcome === 'limit_reached') {
    throw new QuotaExceededError(
      message('WATCHLIST_SYMBOLS_LIMIT', { field: 'symbol', list: list.name, plan: tier, limit }),
      liftingTier(tier, (candidate) => limitsOf(candidate).symbols),
      tier,
    );
  }
  return oneListView(userId, listId, tier, deps);
}

/** DELETE /api/watchlists/{listId}/symbols/{symbol} */
export async function removeWatchlistSymbol(
  userId: string,
  listId: string,
  symbol: string,
  deps: WatchlistsDeps,
): Promise<Watchlist> {
  const [tier, list] = await Promise.all([tierOf(userId, deps), deps.watchlists.getList(userId, listId)]);
  if (!list) throw new NotFoundError(message('WATCHLIST_NOT_FOUND', { listId }));
  if (!(await deps.watchlists.removeEntry(userId, listId, symbol, deps.now()))) {
    throw new NotFoundError(message('WATCHLIST_SYMBOL_NOT_LISTED', { symbol, list: list.name }));
  }
  return oneListView(userId, listId, tier, deps);
}
