import * as z from 'zod';
import { IsoDateSchema } from '../domain/entities/common';
import { PortfolioFactSheetSchema } from '../domain/entities/fact-sheet';
import {
  AddAssetPayloadSchema,
  AddAssetResponseSchema,
  DeleteHoldingResponseSchema,
  EditHoldingPayloadSchema,
  PortfolioAnalysisSchema,
  PortfolioAssetSchema,
  PortfolioResponseSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '../domain/entities/portfolio';
import { PerformanceResponseSchema } from '../domain/entities/ledger';
import { HoldingParamsSchema } from './params';
import { defineRoute } from './route';
import { instrumentRoutes } from './routes-instruments';
import { ledgerRoutes } from './routes-ledger';
import { ledgerReportRoutes } from './routes-ledger-reports';
import { attributionRoutes } from './routes-attribution';
import { watchlistRoutes } from './routes-watchlists';
import { alertRoutes } from './routes-alerts';

/** Holdings, the ledger, watchlists and the user's alerts (routes-alerts.ts): the data an investor owns. */
export const portfolioRoutes = {
  search: defineRoute({
    id: 'portfolio.searchAssets',
    method: 'GET',
    path: '/api/portfolio/search',
    area: 'portfolio',
    access: 'public',
    summary: 'Search stocks, ETFs, crypto and alternatives by symbol prefix and name words.',
    query: SearchQuerySchema,
    response: z.object({ results: z.array(SearchResultSchema), market_date: IsoDateSchema }),
    rateClass: 'read',
  }),
  list: defineRoute({
    id: 'portfolio.listHoldings',
    method: 'GET',
    path: '/api/portfolio',
    area: 'portfolio',
    access: 'optional-user',
    summary: "The caller's holdings valued at the latest prices (the demo portfolio without a token).",
    response: PortfolioResponseSchema,
    rateClass: 'read',
  }),
  dashboard: defineRoute({
    id: 'portfolio.getDashboard',
    method: 'GET',
    path: '/api/portfolio/dashboard',
    area: 'portfolio',
    access: 'user',
    summary:
      "The signed-in dashboard's first screen in one call: the caller's portfolio as GET /api/portfolio answers it and the ledger's performance as GET /api/portfolio/performance answers it for the default benchmark (null when the ledger cannot answer).",
    response: z.object({
      portfolio: PortfolioResponseSchema,
      performance: PerformanceResponseSchema.nullable(),
    }),
    errors: [409],
    rateClass: 'analysis',
  }),
  add: defineRoute({
    id: 'portfolio.addHolding',
    method: 'POST',
    path: '/api/portfolio/holdings',
    area: 'portfolio',
    access: 'user',
    summary: 'Add a holding (consumes the portfolio_assets quota; a held symbol is merged).',
    body: AddAssetPayloadSchema,
    response: AddAssetResponseSchema,
    successStatus: 201,
    errors: [403, 409, 422],
    idempotent: true,
    rateClass: 'write',
  }),
  edit: defineRoute({
    id: 'portfolio.editHolding',
    method: 'PATCH',
    path: '/api/portfolio/holdings/{holdingId}',
    area: 'portfolio',
    access: 'user',
    summary: "Change a holding's shares, purchase price or date.",
    params: HoldingParamsSchema,
    body: EditHoldingPayloadSchema,
    response: PortfolioAssetSchema,
    errors: [404],
    rateClass: 'write',
  }),
  remove: defineRoute({
    id: 'portfolio.removeHolding',
    method: 'DELETE',
    path: '/api/portfolio/holdings/{holdingId}',
    area: 'portfolio',
    access: 'user',
    summary: 'Remove a holding (frees a portfolio_assets slot).',
    params: HoldingParamsSchema,
    response: DeleteHoldingResponseSchema,
    errors: [404],
    rateClass: 'write',
  }),
  analysis: defineRoute({
    id: 'portfolio.getAnalysis',
    method: 'GET',
    path: '/api/portfolio/analysis',
    area: 'portfolio',
    access: 'user',
    summary:
      'Allocation, concentration, volatility, drawdown, rationality and speculation exposure (advanced_analytics).',
    response: PortfolioAnalysisSchema,
    errors: [403],
    rateClass: 'analysis',
  }),
  factSheet: defineRoute({
    id: 'portfolio.getFactSheet',
    method: 'GET',
    path: '/api/portfolio/fact-sheet',
    area: 'portfolio',
    access: 'user',
    summary:
      "Every figure of the caller's portfolio from the one valuation and the ledger (value, cost, gain, each position, allocation by asset type, concentration, the returns of every period), each with a stable id, value, unit, date and source.",
    response: PortfolioFactSheetSchema,
    rateClass: 'read',
  }),
  ...alertRoutes,
  ...ledgerRoutes,
  ...ledgerReportRoutes,
  ...instrumentRoutes,
  ...attributionRoutes,
  ...watchlistRoutes,
} as const;
