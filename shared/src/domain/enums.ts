import * as z from 'zod';

/** Closed vocabularies of the product (docs/product.md "Entities", "Business rules and limits"). */

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const THEMES = ['light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

/** Subscription tiers in upgrade order. PRO is displayed as "Platinum". */
export const TIERS = ['FREE', 'PREMIUM', 'PRO'] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

export const ROLES = ['USER', 'ADMIN'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const GRADES = ['A+', 'A', 'B+', 'B', 'B-', 'C', 'D'] as const;
export const GradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof GradeSchema>;

export const SPECULATION_LEVELS = ['LOW', 'MODERATE', 'HIGH', 'UNKNOWN'] as const;
export const SpeculationLevelSchema = z.enum(SPECULATION_LEVELS);
export type SpeculationLevel = z.infer<typeof SpeculationLevelSchema>;

export const ASSET_TYPES = ['stock', 'crypto', 'alternative'] as const;
export const AssetTypeSchema = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetTypeSchema>;

/** Sample portfolio holdings may also carry "other" (docs/product.md "Entities"). */
export const HoldingTypeSchema = z.enum([...ASSET_TYPES, 'other']);
export type HoldingType = z.infer<typeof HoldingTypeSchema>;

/** Engine actions on the user recommendations call (docs/product.md "Entities"). */
export const RECOMMENDATION_ACTIONS = ['STRONG_BUY', 'BUY', 'HOLD', 'SELL', 'STRONG_SELL'] as const;
export const RecommendationActionSchema = z.enum(RECOMMENDATION_ACTIONS);
export type RecommendationAction = z.infer<typeof RecommendationActionSchema>;

export const CONTEXTUAL_ACTIONS = ['STRONG_BUY', 'BUY', 'WATCH', 'HOLD', 'AVOID'] as const;
export const ContextualActionSchema = z.enum(CONTEXTUAL_ACTIONS);
export type ContextualAction = z.infer<typeof ContextualActionSchema>;

export const CATALYST_TYPES = [
  'earnings',
  'fda_approval',
  'contract_win',
  'ipo',
  'merger',
  'partnership',
  'product_launch',
  'executive_change',
  'regulatory',
  'general_news',
] as const;
export const CatalystTypeSchema = z.enum(CATALYST_TYPES);
export type CatalystType = z.infer<typeof CatalystTypeSchema>;

export const IMPACT_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const ImpactLevelSchema = z.enum(IMPACT_LEVELS);
export type ImpactLevel = z.infer<typeof ImpactLevelSchema>;

export const SENTIMENT_LABELS = ['positive', 'negative', 'neutral'] as const;
export const SentimentLabelSchema = z.enum(SENTIMENT_LABELS);
export type SentimentLabel = z.infer<typeof SentimentLabelSchema>;

export const ALERT_LEVELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const AlertLevelSchema = z.enum(ALERT_LEVELS);
export type AlertLevel = z.infer<typeof AlertLevelSchema>;

/** Severity of the alerts screen and of the admin price monitor. */
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

export const MARKET_ALERT_TYPES = [
  'price_movement',
  'earnings',
  'sector_rotation',
  'price_alert',
  'ai_insight',
  'market_news',
] as const;
export const MarketAlertTypeSchema = z.enum(MARKET_ALERT_TYPES);
export type MarketAlertType = z.infer<typeof MarketAlertTypeSchema>;

export const VOLUME_SURGE_LEVELS = ['HIGH', 'MODERATE', 'NORMAL'] as const;
export const VolumeSurgeLevelSchema = z.enum(VOLUME_SURGE_LEVELS);

export const OBV_TRENDS = ['BULLISH', 'BEARISH', 'NEUTRAL'] as const;
export const ObvTrendSchema = z.enum(OBV_TRENDS);

export const VOLATILITY_REGIMES = ['HIGH', 'MODERATE', 'LOW'] as const;
export const VolatilityRegimeSchema = z.enum(VOLATILITY_REGIMES);

export const TIME_SENSITIVITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const TimeSensitivitySchema = z.enum(TIME_SENSITIVITIES);

export const DATA_QUALITIES = ['good', 'warning', 'poor'] as const;
export const DataQualitySchema = z.enum(DATA_QUALITIES);
export type DataQuality = z.infer<typeof DataQualitySchema>;

export const SERVICE_STATUSES = ['online', 'offline', 'warning'] as const;
export const ServiceStatusSchema = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

export const REVIEW_STATUSES = ['APPROVED', 'REJECTED'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

export const MODERATION_STATUSES = ['APPROVED', 'NEEDS_REVISION', 'REJECTED'] as const;
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES);

export const FLAGGED_ISSUES = [
  'Inappropriate language',
  'Off-brand messaging',
  'Factual errors',
  'Misleading claims',
  'Poor grammar/spelling',
  'Compliance concerns',
] as const;
export const FlaggedIssueSchema = z.enum(FLAGGED_ISSUES);

export const CONTENT_TYPES = ['POST', 'REEL', 'STORY'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);

export const AUDIENCES = ['beginner', 'intermediate', 'advanced'] as const;
export const AudienceSchema = z.enum(AUDIENCES);

/** Features the subscription service gates (docs/product.md "Roles, plans and demo mode", "Entities"). */
export const FEATURES = [
  'portfolio_assets',
  'ai_recommendations',
  'market_alerts',
  'advanced_analytics',
  'advanced_recommendations',
  'custom_alerts',
  'real_time_prices',
  'screener_filters',
  'analyst_questions',
] as const;
export const FeatureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof FeatureSchema>;

/** Features counted against a quota; the rest are on/off per tier. */
export const QUOTA_FEATURES = [
  'portfolio_assets',
  'ai_recommendations',
  'market_alerts',
  'analyst_questions',
] as const;
export type QuotaFeature = (typeof QUOTA_FEATURES)[number];

export const PRICE_UPDATE_MODES = ['real_time', 'delayed'] as const;
export const PriceUpdateModeSchema = z.enum(PRICE_UPDATE_MODES);

export const MARKETING_PLAN_IDS = ['free', 'premium', 'platinum'] as const;
export const MarketingPlanIdSchema = z.enum(MARKETING_PLAN_IDS);
export type MarketingPlanId = z.infer<typeof MarketingPlanIdSchema>;
