import { PortfolioAttributionResponseSchema } from '../domain/entities/portfolio-attribution';
import { defineRoute } from './route';

/** Who drives the caller's portfolio grade (docs/product.md "Portfolio attribution"). */
export const attributionRoutes = {
  attribution: defineRoute({
    id: 'portfolio.getAttribution',
    method: 'GET',
    path: '/api/portfolio/attribution',
    area: 'portfolio',
    access: 'user',
    summary:
      "The caller's portfolio score (the value-weighted composite of the graded holdings, weights from the one valuation at the market date) split into each holding's contribution per factor, summing to the score, with one sentence per holding in the caller's language.",
    response: PortfolioAttributionResponseSchema,
    rateClass: 'read',
  }),
} as const;
