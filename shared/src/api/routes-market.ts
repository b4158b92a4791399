import * as z from 'zod';
import { fieldCode } from '../messages/field-issues';
import {
  CatalystsResponseSchema,
  ContextualResponseSchema,
  LiveAlertsResponseSchema,
  LiveMarketAlertSchema,
} from '../domain/entities/catalysts';
import {
  AiHealthResponseSchema,
  AnalyzeStockPayloadSchema,
  BatchAnalysisItemSchema,
  BatchNuggetItemSchema,
  BatchSymbolsPayloadSchema,
  DetailLevelSchema,
  DetailQuotaSchema,
  EnhancedPricesResponseSchema,
  MarketClockResponseSchema,
  NuggetScoresSchema,
  PortfolioHistoryPointSchema,
  PriceHistoryResponseSchema,
  PricesResponseSchema,
  RationalityScoreResponseSchema,
  RecommendationDetailResponseSchema,
  RecommendationsResponseSchema,
  RiskMetricsSchema,
  SymbolAnalysisSchema,
  VolumeAnalysisSchema,
} from '../domain/entities/market';
import { AnalyzePortfolioPayloadSchema, PortfolioAnalysisSchema } from '../domain/entities/portfolio';
import { IsoDateSchema } from '../domain/entities/common';
import { ScoreHistoryQuerySchema, ScoreHistoryResponseSchema } from '../domain/entities/score-history';
import { SymbolFactSheetSchema } from '../domain/entities/fact-sheet';
import { SymbolParamsSchema, UserParamsSchema, UserSymbolParamsSchema } from './params';
import { defineRoute } from './route';
import { screenerRoutes } from './routes-screener';
import { counterfactualRoutes } from './routes-explanations';
import { trackRecordRoutes } from './routes-track-record';

const HoursBackSchema = (defaultValue: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(defaultValue);
const ImpactSchema = (defaultValue: number) => z.coerce.number().min(0).max(100).default(defaultValue);

/**
 * The market area's routes, the spec's `/api/ai/*` (docs/glossary.md "Areas"). The screens' AI calls
 * carry no auth header (docs/product.md "Roles, plans and demo mode"), so these routes accept an optional
 * token: with one the caller is a user (and reads only their own lists), without one the demo visitor.
 */
export const marketRoutes = {
  health: defineRoute({
    id: 'ai.getHealth',
    method: 'GET',
    path: '/api/ai/health',
    area: 'market',
    access: 'public',
    summary: "Engine health: real checks of data freshness; status 'healthy' marks the AI live.",
    response: AiHealthResponseSchema,
    rateClass: 'read',
  }),
  marketClock: defineRoute({
    id: 'ai.getMarketClock',
    method: 'GET',
    path: '/api/ai/market-clock',
    area: 'market',
    access: 'public',
    summary:
      "The market's date: the replay clock's date (one for every series) or today's in live mode, and when it changes next.",
    response: MarketClockResponseSchema,
    rateClass: 'read',
  }),
  analyzeStock: defineRoute({
    id: 'ai.analyzeStock',
    method: 'POST',
    path: '/api/ai/analyze/stock',
    area: 'market',
    access: 'optional-user',
    summary:
      "Analysis of one symbol: quote, nugget scores and recommendation, with volume analysis, risk metrics and reasoning on a 'full' detail (PREMIUM and up); counts the ai_recommendations quota once per symbol a day.",
    body: AnalyzeStockPayloadSchema,
    response: SymbolAnalysisSchema,
    errors: [404],
    rateClass: 'analysis',
  }),
  analyzeBatch: defineRoute({
    id: 'ai.analyzeBatch',
    method: 'POST',
    path: '/api/ai/analyze/batch',
    area: 'market',
    access: 'optional-user',
    summary: "Rationality scores for several symbols; a failed symbol yields 'Analysis failed', 50, UNKNOWN.",
    body: BatchSymbolsPayloadSchema,
    response: z.object({ status: z.enum(['success', 'error']), results: z.array(BatchAnalysisItemSchema) }),
    rateClass: 'analysis',
  }),
  rationalityScore: defineRoute({
    id: 'ai.getRationalityScore',
    method: 'GET',
    path: '/api/ai/rationality-score/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary: 'Rationality score, speculation level, price and recommendation of one symbol.',
    params: SymbolParamsSchema,
    response: RationalityScoreResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
  analyzePortfolio: defineRoute({
    id: 'ai.analyzePortfolio',
    method: 'POST',
    path: '/api/ai/analyze/portfolio',
    area: 'market',
    access: 'optional-user',
    summary: 'Portfolio analysis of the given holdings (same figures as GET /api/portfolio/analysis).',
    body: AnalyzePortfolioPayloadSchema,
    response: PortfolioAnalysisSchema,
    errors: [404],
    rateClass: 'analysis',
  }),
  recommendations: defineRoute({
    id: 'ai.getRecommendations',
    method: 'GET',
    path: '/api/ai/recommendations/{user}',
    area: 'market',
    access: 'optional-user',
    summary:
      "Ranked recommendations (each card's face, no detail); a user reads only their own list, 'demo_user' is the public demo. Trimmed per tier.",
    params: UserParamsSchema,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
    response: RecommendationsResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
  recommendationDetail: defineRoute({
    id: 'ai.getRecommendationDetail',
    method: 'GET',
    path: '/api/ai/recommendations/{user}/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary:
      "One recommendation's detail, 'basic' or 'full' by plan; counts the caller's ai_recommendations quota once per symbol a day (403 when used up).",
    params: UserSymbolParamsSchema,
    response: RecommendationDetailResponseSchema,
    errors: [404],
    rateClass: 'analysis',
  }),
  portfolioHistory: defineRoute({
    id: 'ai.getPortfolioHistory',
    method: 'GET',
    path: '/api/ai/portfolio-history/{user}',
    area: 'market',
    access: 'optional-user',
    summary: "Portfolio value history; a user reads only their own, 'demo_user' is the public demo.",
    params: UserParamsSchema,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(365).default(10) }),
    response: z.object({
      user_id: z.string(),
      market_date: IsoDateSchema,
      history: z.array(PortfolioHistoryPointSchema),
    }),
    errors: [404],
    rateClass: 'read',
  }),
  alerts: defineRoute({
    id: 'ai.getAlerts',
    method: 'GET',
    path: '/api/ai/alerts',
    area: 'market',
    access: 'public',
    summary: 'Latest engine alerts across the watched universe.',
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.object({
      success: z.boolean(),
      alerts: z.array(LiveMarketAlertSchema),
      message: z.string().optional(),
    }),
    rateClass: 'read',
  }),
  nuggetAnalysis: defineRoute({
    id: 'ai.getNuggetAnalysis',
    method: 'GET',
    path: '/api/ai/nugget-analysis/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary:
      "Nugget scores of one symbol, with volume analysis and risk metrics on a 'full' detail; counts the ai_recommendations quota once per symbol a day.",
    params: SymbolParamsSchema,
    response: z.object({
      symbol: z.string(),
      nugget_scores: NuggetScoresSchema,
      volume_analysis: VolumeAnalysisSchema.optional(),
      risk_metrics: RiskMetricsSchema.optional(),
      as_of: IsoDateSchema,
      detail_level: DetailLevelSchema,
      detail_quota: DetailQuotaSchema,
      market_date: IsoDateSchema,
    }),
    errors: [404],
    rateClass: 'read',
  }),
  nuggetBatch: defineRoute({
    id: 'ai.getNuggetBatch',
    method: 'POST',
    path: '/api/ai/nugget-analysis/batch',
    area: 'market',
    access: 'optional-user',
    summary:
      "Nugget scores for several symbols; a failed symbol yields 'Nugget analysis failed', 50, B, 50, 50.",
    body: BatchSymbolsPayloadSchema,
    response: z.object({ status: z.enum(['success', 'error']), results: z.array(BatchNuggetItemSchema) }),
    rateClass: 'analysis',
  }),
  enhancedPrices: defineRoute({
    id: 'ai.getEnhancedPrices',
    method: 'GET',
    path: '/api/ai/enhanced-prices/real-time',
    area: 'market',
    access: 'optional-user',
    summary:
      'Enhanced prices keyed by symbol (grade, composite score, after-hours) and the dashboard groups.',
    response: EnhancedPricesResponseSchema,
    rateClass: 'read',
  }),
  prices: defineRoute({
    id: 'ai.getPrices',
    method: 'GET',
    path: '/api/ai/prices/real-time',
    area: 'market',
    access: 'optional-user',
    summary: 'Plain latest prices keyed by symbol (the dashboard fallback).',
    response: PricesResponseSchema,
    rateClass: 'read',
  }),
  scoreHistory: defineRoute({
    id: 'ai.getScoreHistory',
    method: 'GET',
    path: '/api/ai/score-history/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary:
      "The stored daily grade, composite and factor scores of one symbol over a range (default: the year to the market date), never recomputed; what changed from its first to its last day (the inputs behind each factor's move on a 'full' answer, PREMIUM and up) and the points to the grades around the last day. Every tier and the demo visitor read it; it counts no quota.",
    params: SymbolParamsSchema,
    query: ScoreHistoryQuerySchema,
    response: ScoreHistoryResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
  factSheet: defineRoute({
    id: 'ai.getFactSheet',
    method: 'GET',
    path: '/api/ai/fact-sheet/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary:
      "Every figure the engine knows about one symbol (grade, composite, factors and their inputs, risk, momentum, fundamentals with their report dates, catalysts), each with a stable id, value, unit, date and source; the figures behind the scores on a 'full' sheet (PREMIUM and up). Counts the ai_recommendations quota once per symbol a day.",
    params: SymbolParamsSchema,
    response: SymbolFactSheetSchema,
    errors: [404],
    rateClass: 'read',
  }),
  priceHistory: defineRoute({
    id: 'ai.getPriceHistory',
    method: 'GET',
    path: '/api/ai/price-history/{symbol}',
    area: 'market',
    access: 'public',
    summary: 'Daily bars of one symbol up to the replay clock (for charts).',
    params: SymbolParamsSchema,
    query: z.strictObject({ days: z.coerce.number().int().min(5).max(1260).default(126) }),
    response: PriceHistoryResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
  contextualRecommendations: defineRoute({
    id: 'ai.getContextualRecommendations',
    method: 'GET',
    path: '/api/ai/contextual-recommendations',
    area: 'market',
    access: 'public',
    summary: 'Catalyst-driven recommendations joined with the engine grade.',
    query: z.strictObject({
      hours_back: HoursBackSchema(24),
      min_impact_score: ImpactSchema(60),
      limit: z.coerce.number().int().min(1).max(50).default(10),
      demo_mode: z.stringbool().default(false),
    }),
    response: ContextualResponseSchema,
    rateClass: 'read',
  }),
  marketCatalysts: defineRoute({
    id: 'ai.getMarketCatalysts',
    method: 'GET',
    path: '/api/ai/market-catalysts',
    area: 'market',
    access: 'public',
    summary: 'Scored news catalysts with a summary and counts by category.',
    query: z.strictObject({
      hours_back: HoursBackSchema(24),
      min_impact_score: ImpactSchema(50),
      symbol: z
        .string()
        .trim()
        .min(1)
        .max(15)
        .regex(/^[A-Za-z0-9^][A-Za-z0-9.\-=^]*$/, fieldCode('FIELD_NOT_SYMBOL'))
        .optional(),
    }),
    response: CatalystsResponseSchema,
    rateClass: 'read',
  }),
  liveMarketAlerts: defineRoute({
    id: 'ai.getLiveMarketAlerts',
    method: 'GET',
    path: '/api/ai/live-market-alerts',
    area: 'market',
    access: 'public',
    summary: 'Live alerts from price moves, volume surges and high-impact catalysts.',
    response: LiveAlertsResponseSchema,
    rateClass: 'read',
  }),
  ...screenerRoutes,
  ...trackRecordRoutes,
  ...counterfactualRoutes,
} as const;
