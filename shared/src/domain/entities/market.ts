import * as z from 'zod';
import {
  AssetTypeSchema,
  GradeSchema,
  ObvTrendSchema,
  RecommendationActionSchema,
  SpeculationLevelSchema,
  VolatilityRegimeSchema,
  VolumeSurgeLevelSchema,
} from '../enums';
import { DataModeSchema, IsoDateSchema, IsoDateTimeSchema, Score100Schema, StatusSchema } from './common';

/**
 * How much of an analysis a caller receives (subscription README, "Entitlements"): 'basic' is the
 * grade, the composite score and each factor's score with one plain sentence (every tier); 'full'
 * adds the factors' inputs, volume analysis, risk metrics and the full reasoning (advanced_recommendations,
 * PREMIUM and up). The server leaves out what the caller's plan does not include.
 */
export const DetailLevelSchema = z.enum(['basic', 'full']);
export type DetailLevel = z.infer<typeof DetailLevelSchema>;

/** The ai_recommendations quota after a detail was served; null for the demo (nothing counted). */
export const DetailQuotaSchema = z
  .object({
    counted: z.boolean().describe('false when this symbol was already counted today'),
    used: z.number().int().min(0),
    limit: z.number().int().min(-1),
    remaining: z.number().int().nullable(),
  })
  .nullable();
export type DetailQuota = z.infer<typeof DetailQuotaSchema>;

/** One input behind a score, so the site can show "why this grade". */
export const ScoreFactorSchema = z.object({
  name: z.string(),
  score: Score100Schema.nullable(),
  weight: z.number(),
  /** The figures behind the score: in 'full' details only. */
  inputs: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional(),
  /** The key nugget about this factor, in the caller's language. */
  note: z.string().optional(),
});
export type ScoreFactor = z.infer<typeof ScoreFactorSchema>;

/** Nugget scores (docs/product.md "Entities"). */
export const NuggetScoresSchema = z.object({
  investment_grade: GradeSchema,
  composite_rationality_score: Score100Schema,
  financial_health_score: Score100Schema,
  growth_quality_score: Score100Schema,
  value_score: Score100Schema,
  momentum_score: Score100Schema,
  risk_score: Score100Schema.describe('higher is riskier'),
  risk_reward_ratio: z.number(),
  key_nuggets: z.array(z.string()).describe("in the caller's language (Accept-Language)"),
  factors: z.array(ScoreFactorSchema).optional(),
});
export type NuggetScores = z.infer<typeof NuggetScoresSchema>;

/** Volume analysis. Null where the series has no volume (docs/product.md "Entities"). */
export const VolumeAnalysisSchema = z.object({
  volume_breakout: z.boolean().nullable(),
  volume_ratio_20d: z.number().nullable(),
  volume_surge_level: VolumeSurgeLevelSchema.nullable(),
  obv_trend: ObvTrendSchema.nullable(),
  accumulation_distribution: z.number().nullable(),
});
export type VolumeAnalysis = z.infer<typeof VolumeAnalysisSchema>;

/** The two dates a change compares: the close it starts from and the close it ends on. */
export const DatedPeriodSchema = z.object({ from: IsoDateSchema, to: IsoDateSchema });
export type DatedPeriod = z.infer<typeof DatedPeriodSchema>;

/** Risk metrics, in percent (docs/product.md "Entities"). */
export const RiskMetricsSchema = z.object({
  volatility_1month: z.number().nullable(),
  volatility_regime: VolatilityRegimeSchema.nullable(),
  momentum_1w: z.number().nullable(),
  momentum_1m: z.number().nullable(),
  momentum_3m: z.number().nullable(),
  /** The calendar period each momentum covers (null when the series is shorter). */
  momentum_periods: z.object({
    momentum_1w: DatedPeriodSchema.nullable(),
    momentum_1m: DatedPeriodSchema.nullable(),
    momentum_3m: DatedPeriodSchema.nullable(),
  }),
  max_drawdown: z.number().nullable(),
  sharpe_estimation: z.number().nullable(),
});
export type RiskMetrics = z.infer<typeof RiskMetricsSchema>;

/**
 * The market date a price was read at: in replay the market clock's date, one for every price of a
 * response; a price's `as_of` (its bar) is that date or at most three days before it.
 */
const MarketDateField = IsoDateSchema.describe(
  "the market clock's date (replay) or the day read (live); every price of one response shares it",
);

/** A symbol the market has no price for on the market date ("no data on <date>"). */
export const NoDataEntrySchema = z.object({ symbol: z.string(), name: z.string() });

/** A dated quote; `as_of` is the trading day the price belongs to (replay or live). */
export const QuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  previous_close: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  volume: z.number().nullable(),
  as_of: IsoDateSchema,
  market_date: MarketDateField,
  source: z.string(),
  data_mode: DataModeSchema,
  stale: z.boolean(),
  /** Set when the caller's plan serves live prices late (FREE: 15 minutes); absent in replay. */
  delayed_minutes: z.number().int().positive().optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** Enhanced price entry (docs/product.md "Entities"). */
export const EnhancedPriceEntrySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  composite_score: Score100Schema,
  investment_grade: GradeSchema,
  financial_health: Score100Schema,
  risk_level: Score100Schema,
  top_nugget: z.string(),
  after_hours_price: z.number().nullable(),
  premarket_change: z.number().nullable(),
  change_percent: z.number().nullable(),
  as_of: IsoDateSchema,
  market_date: MarketDateField,
  data_mode: DataModeSchema,
  error: z.string().optional(),
});
export type EnhancedPriceEntry = z.infer<typeof EnhancedPriceEntrySchema>;

export const MarketGroupItemSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  value: z.number(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  investment_grade: GradeSchema.nullable(),
  composite_score: Score100Schema.nullable(),
  after_hours_price: z.number().nullable(),
  as_of: IsoDateSchema,
  market_date: MarketDateField,
  analysisNote: z.string(),
  /** The last daily closes up to `as_of` (the dashboard's sparkline); absent when there is no analysis. */
  recent_closes: z.object({ from: IsoDateSchema, to: IsoDateSchema, closes: z.array(z.number()) }).optional(),
});
export type MarketGroupItem = z.infer<typeof MarketGroupItemSchema>;

/** Market data groups of the dashboard (docs/product.md "Entities"), plus bond funds and the FX pairs. */
export const MarketGroupsSchema = z.object({
  indices: z.array(MarketGroupItemSchema),
  crypto: z.array(MarketGroupItemSchema),
  commodities: z.array(MarketGroupItemSchema),
  bonds: z.array(MarketGroupItemSchema),
  currencies: z.array(MarketGroupItemSchema),
});

/** Set on price answers when the caller's plan serves live prices late (FREE: 15); absent otherwise. */
const DelayedMinutesSchema = z.number().int().positive().optional();

export const EnhancedPricesResponseSchema = z.object({
  status: StatusSchema,
  data_mode: DataModeSchema,
  delayed_minutes: DelayedMinutesSchema,
  market_date: MarketDateField,
  enhanced_prices: z.record(z.string(), EnhancedPriceEntrySchema),
  market_groups: MarketGroupsSchema,
  /** Watched symbols without a price on the market date (a replayed series outside the window). */
  no_data: z.array(NoDataEntrySchema),
  updated_at: z.string(),
});

export const PriceEntrySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  change_percent: z.number().nullable(),
  as_of: IsoDateSchema,
  market_date: MarketDateField,
  data_mode: DataModeSchema,
  stale: z.boolean(),
});

export const PricesResponseSchema = z.object({
  status: StatusSchema,
  data_mode: DataModeSchema,
  delayed_minutes: DelayedMinutesSchema,
  market_date: MarketDateField,
  prices: z.record(z.string(), PriceEntrySchema),
  no_data: z.array(NoDataEntrySchema),
  updated_at: z.string(),
});

/** Per-symbol analysis (docs/product.md "Entities") with its quote. */
export const SymbolAnalysisSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  asset_type: AssetTypeSchema,
  quote: QuoteSchema,
  nugget_scores: NuggetScoresSchema,
  /** 'full' only, like risk_metrics and reasoning. */
  volume_analysis: VolumeAnalysisSchema.optional(),
  risk_metrics: RiskMetricsSchema.optional(),
  speculation_level: SpeculationLevelSchema,
  recommendation: RecommendationActionSchema,
  target_price: z.number(),
  confidence_score: z.number().min(0).max(1),
  /** 'full' only; in the caller's language (Accept-Language). */
  reasoning: z.string().describe("in the caller's language (Accept-Language)").optional(),
  methodology_url: z.string(),
  detail_level: DetailLevelSchema,
  detail_quota: DetailQuotaSchema,
});
export type SymbolAnalysis = z.infer<typeof SymbolAnalysisSchema>;

/** Rationality score response (docs/product.md "Entities"). */
export const RationalityScoreResponseSchema = z.object({
  symbol: z.string(),
  rationality_score: Score100Schema,
  speculation_level: SpeculationLevelSchema,
  current_price: z.number(),
  recommendation: RecommendationActionSchema,
  investment_grade: GradeSchema,
  as_of: IsoDateSchema,
  delayed_minutes: DelayedMinutesSchema,
  market_date: MarketDateField,
});

/** A recommendation of the user recommendations call (docs/product.md "Entities"). */
export const RecommendationSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_type: AssetTypeSchema,
  /** The listing's sector (the screener snapshot's); null for coins, indices and unlisted series. */
  sector: z.string().nullable(),
  recommendation: RecommendationActionSchema,
  current_price: z.number(),
  target_price: z.number(),
  confidence_score: z.number().min(0).max(1),
  rationality_score: Score100Schema,
  summary: z.string(),
  nugget_scores: NuggetScoresSchema,
  after_hours_price: z.number().nullable(),
  premarket_change: z.number().nullable(),
  as_of: IsoDateSchema,
  market_date: MarketDateField,
  /** Set when an administrator approved this recommendation. */
  reviewed: z.boolean(),
  /**
   * 'summary' in the list (the card's face: no reasoning, inputs, volume or risk metrics); the detail
   * route answers 'basic' or 'full' by plan and counts the ai_recommendations quota.
   */
  detail_level: z.enum(['summary', ...DetailLevelSchema.options]),
  /** 'full' only; in the caller's language (Accept-Language). */
  reasoning: z.string().optional(),
  volume_analysis: VolumeAnalysisSchema.optional(),
  risk_metrics: RiskMetricsSchema.optional(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** GET /api/ai/recommendations/{user}/{symbol}: one recommendation's detail and the quota after it. */
export const RecommendationDetailResponseSchema = z.object({
  recommendation: RecommendationSchema,
  detail_quota: DetailQuotaSchema,
  delayed_minutes: DelayedMinutesSchema,
});

export const RecommendationsResponseSchema = z.object({
  status: StatusSchema,
  user_id: z.string(),
  recommendations: z.array(RecommendationSchema),
  /** How many exist before the tier cap (FREE 3, PREMIUM 10, PRO unlimited). */
  total_available: z.number().int(),
  tier_cap: z.number().int().describe('-1 for unlimited'),
  data_mode: DataModeSchema,
  delayed_minutes: DelayedMinutesSchema,
  market_date: MarketDateField,
  backtest: z
    .object({
      hit_rate: z.number().describe('0-1: share of buy-graded month-ends whose price rose over the window'),
      recommendations: z.number().int().describe('how many buy-graded month-ends (the sample size)'),
      mean_excess_return: z
        .number()
        .nullable()
        .describe('their mean forward return minus the S&P 500 over the same dates, in percentage points'),
      window: z.string(),
    })
    .nullable(),
});

/** POST /ai/analyze/stock body. */
export const AnalyzeStockPayloadSchema = z.strictObject({
  symbol: z.string().trim().min(1).max(15),
  user_id: z.string().max(128).optional(),
  analysis_type: z.enum(['comprehensive', 'quick']).default('comprehensive'),
  risk_tolerance: z.enum(['conservative', 'moderate', 'aggressive']).default('moderate'),
});

export const BatchSymbolsPayloadSchema = z.strictObject({
  symbols: z.array(z.string().trim().min(1).max(15)).min(1).max(50),
});

/** A failed symbol in a batch (docs/product.md "Errors and empty results"). */
export const BatchAnalysisItemSchema = z.object({
  symbol: z.string(),
  rationality_score: Score100Schema,
  speculation_level: SpeculationLevelSchema,
  current_price: z.number().nullable(),
  recommendation: RecommendationActionSchema.nullable(),
  /** The bar of `current_price` and the market date it was read at (absent for a failed symbol). */
  as_of: IsoDateSchema.optional(),
  market_date: IsoDateSchema.optional(),
  error: z.string().optional(),
});

export const BatchNuggetItemSchema = z.object({
  symbol: z.string(),
  nugget_scores: NuggetScoresSchema,
  error: z.string().optional(),
});

/** Daily bars for charts. */
export const PriceBarSchema = z.object({
  date: IsoDateSchema,
  open: z.number().nullable(),
  high: z.number().nullable(),
  low: z.number().nullable(),
  close: z.number(),
  volume: z.number().nullable(),
});
export type PriceBar = z.infer<typeof PriceBarSchema>;

export const PriceHistoryResponseSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  data_mode: DataModeSchema,
  /** Bars end on or before this date (at most three days before it in replay). */
  market_date: MarketDateField,
  source: z.string(),
  bars: z.array(PriceBarSchema),
});

/** One point of a user's portfolio history (value over time). */
export const PortfolioHistoryPointSchema = z.object({
  date: IsoDateSchema,
  total_value: z.number(),
  rationality_score: Score100Schema.nullable(),
});

export const AiHealthResponseSchema = z.object({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  data_mode: DataModeSchema,
  checks: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['pass', 'warn', 'fail']),
      detail: z.string(),
    }),
  ),
  symbols_tracked: z.number().int(),
  latest_as_of: IsoDateSchema.nullable(),
  market_date: MarketDateField,
  checked_at: z.string(),
});

/** The market clock (GET /api/ai/market-clock): the date both sites name in their header. */
export const MarketClockResponseSchema = z.object({
  data_mode: DataModeSchema,
  market_date: MarketDateField,
  /** Replay only: the pass over the window, the position in it and the window itself. */
  replay: z
    .object({
      cycle: z.number().int(),
      step: z.number().int().min(0),
      steps: z.number().int().min(1),
      window: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
      ms_per_day: z.number().int().positive(),
    })
    .nullable(),
  /** When the market date changes next (wall time): a page refetches its prices then. */
  next_change_at: IsoDateTimeSchema,
});
export type MarketClockResponse = z.infer<typeof MarketClockResponseSchema>;
