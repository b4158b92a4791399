import * as z from 'zod';
import {
  AddWatchlistSymbolPayloadSchema,
  CreateWatchlistPayloadSchema,
  UpdateWatchlistPayloadSchema,
  WatchlistSchema,
  WatchlistsResponseSchema,
} from '../domain/entities/watchlists';
import { WatchlistParamsSchema, WatchlistSymbolParamsSchema } from './params';
import { defineRoute } from './route';

/**
 * Watchlists (docs/product.md "Watchlists"), served by the portfolio area beside the holdings and the
 * alert rules: the investor's own lists of symbols, capped by the tier catalogue's `watchlists` and
 * `watchlist_symbols` (403 naming the plan that lifts the cap; the write transaction holds the cap
 * under concurrency).
 */
export const watchlistRoutes = {
  listWatchlists: defineRoute({
    id: 'portfolio.listWatchlists',
    method: 'GET',
    path: '/api/watchlists',
    area: 'portfolio',
    access: 'user',
    summary:
      "The caller's watchlists with each symbol's price, grade and change of grade since it was added, and the plan's caps with their usage.",
    response: WatchlistsResponseSchema,
    rateClass: 'read',
  }),
  createWatchlist: defineRoute({
    id: 'portfolio.createWatchlist',
    method: 'POST',
    path: '/api/watchlists',
    area: 'portfolio',
    access: 'user',
    summary: 'Create a named watchlist: 403 when the plan keeps no more lists.',
    body: CreateWatchlistPayloadSchema,
    response: WatchlistSchema,
    successStatus: 201,
    errors: [403],
    rateClass: 'write',
  }),
  updateWatchlist: defineRoute({
    id: 'portfolio.updateWatchlist',
    method: 'PATCH',
    path: '/api/watchlists/{listId}',
    area: 'portfolio',
    access: 'user',
    summary: "Rename one of the caller's watchlists, or turn its grade-change alerts on or off.",
    params: WatchlistParamsSchema,
    body: UpdateWatchlistPayloadSchema,
    response: WatchlistSchema,
    errors: [404],
    rateClass: 'write',
  }),
  deleteWatchlist: defineRoute({
    id: 'portfolio.deleteWatchlist',
    method: 'DELETE',
    path: '/api/watchlists/{listId}',
    area: 'portfolio',
    access: 'user',
    summary: "Delete one of the caller's watchlists and its symbols.",
    params: WatchlistParamsSchema,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    errors: [404],
    rateClass: 'write',
  }),
  addWatchlistSymbol: defineRoute({
    id: 'portfolio.addWatchlistSymbol',
    method: 'POST',
    path: '/api/watchlists/{listId}/symbols',
    area: 'portfolio',
    access: 'user',
    summary:
      'Add a symbol of the universe to a watchlist, with its grade and market date now: 400 naming symbol for an unknown one, 403 when the list is full, 409 when already listed.',
    params: WatchlistParamsSchema,
    body: AddWatchlistSymbolPayloadSchema,
    response: WatchlistSchema,
    successStatus: 201,
    errors: [403, 404, 409],
    rateClass: 'write',
  }),
  removeWatchlistSymbol: defineRoute({
    id: 'portfolio.removeWatchlistSymbol',
    method: 'DELETE',
    path: '/api/watchlists/{listId}/symbols/{symbol}',
    area: 'portfolio',
    access: 'user',
    summary: 'Remove a symbol from one of the caller’s watchlists.',
    params: WatchlistSymbolParamsSchema,
    response: WatchlistSchema,
    errors: [404],
    rateClass: 'write',
  }),
} as const;
