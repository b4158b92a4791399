import * as z from 'zod';
import {
  AlertLevelSchema,
  CatalystTypeSchema,
  ContextualActionSchema,
  GradeSchema,
  ImpactLevelSchema,
  MARKET_ALERT_TYPES,
  MarketAlertTypeSchema,
  SentimentLabelSchema,
  SeveritySchema,
  TimeSensitivitySchema,
} from '../enums';
import { IsoDateSchema, IsoDateTimeSchema, Score100Schema } from './common';

/** Market catalyst (docs/product.md "Entities"). */
export const MarketCatalystSchema = z.object({
  symbol: z.string(),
  event_type: CatalystTypeSchema,
  title: z.string(),
  description: z.string(),
  published_date: IsoDateTimeSchema,
  impact_score: Score100Schema,
  impact_level: ImpactLevelSchema,
  sentiment_score: z.number().min(-1).max(1),
  sentiment_label: SentimentLabelSchema,
  source: z.string(),
  /** Empty when there is no real source to link to (a sample headline). */
  url: z.string(),
  /** A sample headline written for the product (the replay's), not a real article. */
  sample: z.boolean(),
  tickers_mentioned: z.array(z.string()),
  keywords: z.array(z.string()),
  catalyst_strength: Score100Schema,
});
export type MarketCatalyst = z.infer<typeof MarketCatalystSchema>;

export const CatalystsResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  catalysts: z.array(MarketCatalystSchema),
  summary: z.object({
    total_catalysts: z.number().int(),
    high_impact_count: z.number().int(),
    average_sentiment: z.number(),
    symbols: z.array(z.string()),
  }),
  by_category: z.record(z.string(), z.number().int()),
  message: z.string().optional(),
});

/** Contextual recommendation, as the service answers it (docs/product.md "Entities"). */
export const ContextualRecommendationSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  action: ContextualActionSchema,
  confidence: z.number().min(0).max(1),
  current_price: z.number(),
  target_price: z.number(),
  catalyst_type: CatalystTypeSchema,
  catalyst_title: z.string(),
  catalyst_impact: Score100Schema,
  catalyst_sentiment: z.number().min(-1).max(1),
  catalyst_strength: Score100Schema,
  /** Empty when there is no real source to link to (a sample headline). */
  catalyst_url: z.string(),
  /** A sample headline written for the product (the replay's), not a real article. */
  sample: z.boolean(),
  /** The date of `current_price`: the close the catalyst is judged at. */
  price_as_of: IsoDateSchema,
  investment_grade: GradeSchema,
  composite_score: Score100Schema,
  financial_health: Score100Schema,
  risk_score: Score100Schema,
  reasoning: z.string().describe("in the caller's language (Accept-Language)"),
  keywords: z.array(z.string()),
  published_date: IsoDateTimeSchema,
  source: z.string(),
  risk_factors: z.array(z.string()),
  time_sensitivity: TimeSensitivitySchema,
  holding_period: z.string(),
  expected_return: z.number(),
});
export type ContextualRecommendation = z.infer<typeof ContextualRecommendationSchema>;

export const ContextualResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  recommendations: z.array(ContextualRecommendationSchema),
  summary: z.object({
    total_recommendations: z.number().int(),
    high_confidence_count: z.number().int(),
    catalysts_analyzed: z.number().int(),
  }),
  market_context: z.object({
    high_impact_events: z.number().int(),
    average_sentiment: z.number(),
    /** The moment the market is at: the replay's historical moment, or wall time (live). */
    as_of: IsoDateTimeSchema,
  }),
  enhanced_features: z.array(z.string()),
  demo_mode: z.boolean(),
  message: z.string().optional(),
});

/** Live market alert (docs/product.md "Entities"). */
export const LiveMarketAlertSchema = z.object({
  alert_id: z.string(),
  symbol: z.string(),
  alert_level: AlertLevelSchema,
  event_type: z.string(),
  title: z.string(),
  message: z.string(),
  impact_score: Score100Schema,
  sentiment: SentimentLabelSchema,
  sentiment_score: z.number().min(-1).max(1),
  published_time: IsoDateTimeSchema,
  hours_ago: z.number(),
  /** The trading day the alert is about (a price or volume bar, or a catalyst's publication). */
  as_of: IsoDateSchema.optional(),
  source: z.string(),
  /** Empty when there is no source to link to. */
  url: z.string(),
  keywords: z.array(z.string()),
  recommended_action: z.string(),
});
export type LiveMarketAlert = z.infer<typeof LiveMarketAlertSchema>;

export const LiveAlertsResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  alerts: z.array(LiveMarketAlertSchema),
  summary: z.object({
    total_alerts: z.number().int(),
    critical_count: z.number().int(),
    high_count: z.number().int(),
    recent_count: z.number().int(),
  }),
  message: z.string().optional(),
});

/** The message parameters an alert's details list as its figures. */
export const ALERT_FIGURE_NAMES = [
  'change',
  'times',
  'ratio',
  'impact',
  'sentiment',
  'level',
  'percent',
  'from',
  'to',
  'headline',
  'date',
] as const;
export type AlertFigureName = (typeof ALERT_FIGURE_NAMES)[number];

/**
 * Where an alert comes from: the stored daily bars (price or volume rules), a scored catalyst, one of
 * the user's custom rules, or the demo's samples.
 */
export const ALERT_SOURCES = ['market_bars', 'catalyst', 'alert_rule', 'sample'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** A market alert as the alerts screen shows it: a user's own alert (docs/product.md "Entities"). */
export const UserAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  message: z.string().describe("in the caller's language (Accept-Language)"),
  severity: SeveritySchema,
  timestamp: IsoDateTimeSchema,
  type: MarketAlertTypeSchema,
  asset: z.string().describe("a symbol, or GENERAL for 'Market General'"),
  dismissed: z.boolean(),
  actionRequired: z.boolean(),
  /** Opened (its details, or marked read from the notifications panel); unread alerts light the bell. */
  read: z.boolean(),
  /** The numbers the alert was raised on, named (ALERT_FIGURE_NAMES) and shown in the caller's language. */
  figures: z.array(z.object({ name: z.enum(ALERT_FIGURE_NAMES), value: z.string() })),
  /** Where the alert's figures come from. */
  source: z.enum(ALERT_SOURCES),
});
export type UserAlert = z.infer<typeof UserAlertSchema>;

export const UserAlertsResponseSchema = z.object({
  alerts: z.array(UserAlertSchema),
  demo: z.boolean(),
  summary: z.object({
    critical: z.number().int(),
    medium: z.number().int(),
    info: z.number().int(),
    action_required: z.number().int(),
    dismissed: z.number().int(),
  }),
});

/** GET /api/alerts/count: the sidebar's badge and the bell (alerts of muted types are not counted). */
export const AlertCountResponseSchema = z.object({
  active: z.number().int().min(0),
  unread: z.number().int().min(0),
  demo: z.boolean(),
});

/** One switch per alert type. */
const switchPerAlertType = () =>
  z.strictObject(
    Object.fromEntries(MARKET_ALERT_TYPES.map((type) => [type, z.boolean()])) as Record<
      (typeof MARKET_ALERT_TYPES)[number],
      z.ZodBoolean
    >,
  );

/**
 * Notification preferences per alert type and channel: in the app (the alerts list, the badge, the
 * bell), by e-mail when the alert is raised, and in the daily digest mail (docs/product.md "Accounts
 * and e-mail").
 */
export const NotificationPreferencesSchema = z.strictObject({
  in_app: switchPerAlertType(),
  email: switchPerAlertType(),
  digest: switchPerAlertType(),
});
/** What the settings save: a channel left out keeps its saved switches. */
export const NotificationPreferencesPayloadSchema = z.strictObject({
  in_app: switchPerAlertType(),
  email: switchPerAlertType().optional(),
  digest: switchPerAlertType().optional(),
});
export type NotificationPreferencesPayload = z.infer<typeof NotificationPreferencesPayloadSchema>;
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
