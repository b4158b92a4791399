import { ScreenerQuerySchema, ScreenerResponseSchema } from '../domain/entities/screener';
import { defineRoute } from './route';

/**
 * The screener (docs/product.md "Screener"), served by the market area beside the recommendations, which
 * read the same stored grades. Without a token the caller is the demo visitor, on the demo plan.
 */
export const screenerRoutes = {
  screener: defineRoute({
    id: 'ai.screenUniverse',
    method: 'GET',
    path: '/api/ai/screener',
    area: 'market',
    access: 'optional-user',
    summary:
      "The graded universe of the market date, filtered, sorted and paginated from the grades the price poll stored for that date (never graded during the request), with the total matches. FREE filters by asset type and grade range only; the other filters need a plan with the screener's filters (403 with the upgrade message). A factor without data matches no range on it and sorts last.",
    query: ScreenerQuerySchema,
    response: ScreenerResponseSchema,
    rateClass: 'read',
  }),
} as const;
