import * as z from 'zod';
import {
  AudienceSchema,
  ContentTypeSchema,
  DataQualitySchema,
  FlaggedIssueSchema,
  LanguageSchema,
  ModerationStatusSchema,
  RecommendationActionSchema,
  ReviewStatusSchema,
  ServiceStatusSchema,
  SeveritySchema,
} from '../enums';
import { CursorSchema, DataModeSchema, IsoDateSchema, IsoDateTimeSchema } from './common';

/** Admin pending recommendation (docs/product.md "Entities"). */
export const AdminRecommendationSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  recommendation: RecommendationActionSchema,
  risk_level: z.number().min(0).max(10),
  confidence: z.number().min(0).max(1),
  ai_score: z.number().min(0).max(10),
  reasoning: z.string(),
  target_price: z.number(),
  generated_at: IsoDateTimeSchema,
  /** SUPERSEDED: a newer recommendation of the same symbol replaced it while it was pending. */
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'SUPERSEDED']),
  /** The bar the engine graded, and the market date the poll read it at (with its data mode). */
  as_of: IsoDateSchema.optional(),
  market_date: IsoDateSchema.optional(),
  data_mode: DataModeSchema.optional(),
});

export const PendingRecommendationsResponseSchema = z.object({
  pending_recommendations: z.array(AdminRecommendationSchema),
  next_cursor: CursorSchema.nullable(),
});

/** Review payload; quality score 1-10, sent as an integer (docs/product.md "Entities"). */
export const ReviewPayloadSchema = z.strictObject({
  status: ReviewStatusSchema,
  admin_notes: z.string().trim().max(2000).optional(),
  quality_score: z.number().int('must be a whole number').min(1).max(10).optional(),
});

export const ReviewResponseSchema = z.object({
  id: z.string(),
  status: ReviewStatusSchema,
  reviewed_by: z.string(),
  reviewed_at: IsoDateTimeSchema,
  message: z.string(),
});

/** Social content (docs/product.md "Entities"). */
export const SocialContentSchema = z.object({
  id: z.string(),
  type: ContentTypeSchema,
  target_audience: AudienceSchema,
  language: LanguageSchema,
  content: z.string(),
  hashtags: z.array(z.string()),
  generated_at: IsoDateTimeSchema,
  status: z.enum(['PENDING', 'APPROVED', 'NEEDS_REVISION', 'REJECTED']),
});

export const SocialStudioResponseSchema = z.object({
  content_for_review: z.array(SocialContentSchema),
  next_cursor: CursorSchema.nullable(),
});

export const ModerationPayloadSchema = z.strictObject({
  status: ModerationStatusSchema,
  moderation_notes: z.string().trim().max(2000).optional(),
  flagged_issues: z.array(FlaggedIssueSchema).max(6).default([]),
});

export const ModerationResponseSchema = z.object({
  id: z.string(),
  status: ModerationStatusSchema,
  moderated_by: z.string(),
  moderated_at: IsoDateTimeSchema,
  message: z.string(),
});

/** Price monitoring (docs/product.md "Entities"). */
/** A finding on a stored series, by code (texts: the admin namespace, priceMonitor.flags.<code>). */
export const SeriesQualityFlagSchema = z.object({
  code: z.enum(['STALE', 'INCOMPLETE', 'UNCONFIRMED_MOVE', 'REJECTED_BARS', 'PROVIDER_FAILING']),
  date: IsoDateSchema.optional(),
  value: z.number().optional(),
});

/** One provider of the ingestion path over the last hour, and its shared circuit breaker. */
export const ProviderStatusSchema = z.object({
  name: z.string(),
  requests_last_hour: z.number().int().min(0),
  throttled_last_hour: z.number().int().min(0),
  failed_last_hour: z.number().int().min(0),
  breaker_state: z.enum(['closed', 'open', 'half-open']),
  breaker_opened_at: IsoDateTimeSchema.nullable(),
});

export const PriceMonitoringResponseSchema = z.object({
  alerts: z.array(z.object({ ticker: z.string(), message: z.string(), severity: SeveritySchema })),
  price_data: z.record(
    z.string(),
    z.object({
      current_price: z.number().nullable(),
      high_5d: z.number().nullable(),
      low_5d: z.number().nullable(),
      volatility_5d: z.number().nullable(),
      data_quality: DataQualitySchema,
      last_updated: IsoDateTimeSchema.nullable(),
      error: z.string().nullable(),
      /** The date of the price: a replayed price is history, never today's. */
      as_of: IsoDateSchema.nullable(),
      mode: z.enum(['live', 'replay']).nullable(),
      /** A live price older than its market's calendar allows (sessions missed). */
      stale: z.boolean(),
      /** Tracking: pending (first fetch under way), active, unknown or delisted at the provider. */
      status: z.enum(['pending', 'active', 'unknown', 'delisted']).nullable(),
      provider: z.string().nullable(),
      /** Bars present over bars expected by the calendar over the last year (0-1). */
      completeness: z.number().min(0).max(1).nullable(),
      quality_flags: z.array(SeriesQualityFlagSchema),
    }),
  ),
  monitoring_status: z.enum(['active', 'degraded', 'stopped']),
  data_sources: z.array(z.string()),
  last_updated: IsoDateTimeSchema,
  data_mode: z.enum(['live', 'replay']),
  /** The live providers (none in replay mode: no provider is called). */
  providers: z.array(ProviderStatusSchema),
});

/** Admin dashboard (docs/product.md "Entities"). */
/** The analyst's model answers replaced by the template answer, by reason (docs/product.md "The analyst"). */
export const AnalystFallbackCountsSchema = z.object({
  total: z.number().int(),
  /** The answer failed the guard (an invented number, an unknown id, an advice word, another language). */
  guard: z.number().int(),
  /** The model did not answer in time. */
  timeout: z.number().int(),
  /** The model failed otherwise (an error status, no server, a reply that is not the JSON asked for). */
  model_error: z.number().int(),
});

export const AdminDashboardResponseSchema = z.object({
  ai_statistics: z.object({
    total_recommendations_generated: z.number().int(),
    pending_review: z.number().int(),
    average_quality_score: z.number().nullable(),
    content_moderation: z.object({ posts_approved: z.number().int(), posts_pending: z.number().int() }),
  }),
  platform_health: z.object({
    ai_service_status: ServiceStatusSchema,
    price_feed_status: ServiceStatusSchema,
    database_status: ServiceStatusSchema,
  }),
  /** Today's (UTC) and the last 7 UTC days' (today included) analyst fallbacks. */
  analyst_fallbacks: z.object({
    today: AnalystFallbackCountsSchema,
    last_7_days: AnalystFallbackCountsSchema,
  }),
  market_data: z.record(
    z.string(),
    z.object({
      current_price: z.number().nullable(),
      change: z.number().nullable(),
      change_percent: z.number().nullable(),
      volume: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
  last_updated: IsoDateTimeSchema,
});

/** Finance: cost per route per UTC day. */
export const CostsQuerySchema = z.strictObject({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});

export const CostRowSchema = z.object({
  day: IsoDateSchema,
  route: z.string(),
  requests: z.number().int(),
  p50_ms: z.number(),
  p95_ms: z.number(),
  average_cost_usd: z.number(),
  total_cost_usd: z.number(),
  cost_per_1000_usd: z.number(),
  /**
   * Model tokens the route's requests spent that day, each kind apart: Bedrock's, and the
   * OpenAI-compatible server's (LLM_BASE_URL); null where the source does not count them (CloudWatch).
   */
  bedrock_input_tokens: z.number().int().nullable(),
  bedrock_output_tokens: z.number().int().nullable(),
  model_input_tokens: z.number().int().nullable(),
  model_output_tokens: z.number().int().nullable(),
});

export const CostsResponseSchema = z.object({
  rows: z.array(CostRowSchema),
  price_table: z.object({ region: z.string(), as_of: IsoDateSchema, source: z.string() }),
  from: IsoDateSchema,
  to: IsoDateSchema,
});
