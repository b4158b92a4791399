import { AnalystAnswerSchema, PortfolioAnalystPayloadSchema } from '../domain/entities/analyst';
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
  analyst: defineRoute({
    id: 'portfolio.askAnalyst',
    method: 'POST',
    path: '/api/portfolio/analyst',
    area: 'portfolio',
    access: 'user',
    summary:
      "A question about the caller's portfolio (at most 500 characters), answered in the caller's language by templates from the portfolio fact sheet (holdings' grades, the riskiest by grade, allocation and concentration, returns), listing the figures used. Counts the caller's analyst_questions quota (403 when used up).",
    body: PortfolioAnalystPayloadSchema,
    response: AnalystAnswerSchema,
    errors: [403],
    rateClass: 'analysis',
  }),
} as const;
