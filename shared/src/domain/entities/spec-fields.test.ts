import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as admin from './admin';
import * as catalysts from './catalysts';
import * as market from './market';
import * as portfolio from './portfolio';
import * as subscription from './subscription';
import * as user from './user';

/** Dotted paths of every property a schema declares (array items use `[]`). */
function fieldPaths(schema: z.ZodType): Set<string> {
  const paths = new Set<string>();
  const walk = (node: Record<string, unknown>, prefix: string) => {
    const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [name, child] of Object.entries(properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      paths.add(path);
      walk(child, path);
      const items = child.items as Record<string, unknown> | undefined;
      if (items) walk(items, `${path}[]`);
      const additional = child.additionalProperties as Record<string, unknown> | undefined;
      if (additional && typeof additional === 'object') walk(additional, `${path}.*`);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const variant of (node[key] as Record<string, unknown>[] | undefined) ?? []) walk(variant, prefix);
    }
  };
  walk(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>, '');
  return paths;
}

/** The entities of docs/product.md "Entities", field for field. */
const SPEC_FIELDS: [string, z.ZodType, string[]][] = [
  ['User', user.UserSchema, ['email', 'first_name', 'last_name', 'role', 'subscription_tier']],
  [
    'Registration payload',
    user.RegistrationPayloadSchema,
    ['email', 'password', 'first_name', 'last_name', 'role'],
  ],
  ['Login/register response', user.AuthResponseSchema, ['access_token', 'user']],
  ['Contact form', user.ContactFormSchema, ['name', 'email', 'subject', 'message']],
  [
    'Portfolio holding (sample)',
    portfolio.PortfolioHoldingSampleSchema,
    [
      'id',
      'symbol',
      'name',
      'type',
      'shares',
      'currentPrice',
      'value',
      'change',
      'changePercent',
      'aiRecommendation',
      'riskScore',
      'analysisNote',
    ],
  ],
  [
    'Market data sample',
    market.MarketGroupsSchema,
    [
      'indices',
      'crypto',
      'commodities',
      'indices[].name',
      'indices[].value',
      'indices[].change',
      'indices[].symbol',
      'indices[].analysisNote',
    ],
  ],
  [
    'Enhanced price entry',
    market.EnhancedPricesResponseSchema,
    [
      'status',
      'enhanced_prices',
      ...[
        'symbol',
        'name',
        'price',
        'composite_score',
        'investment_grade',
        'financial_health',
        'risk_level',
        'top_nugget',
        'after_hours_price',
        'premarket_change',
      ].map((f) => `enhanced_prices.*.${f}`),
    ],
  ],
  ['Prices response', market.PricesResponseSchema, ['status', 'prices']],
  [
    'Recommendation (user recommendations call)',
    market.RecommendationSchema,
    [
      'id',
      'symbol',
      'recommendation',
      'current_price',
      'target_price',
      'confidence_score',
      'rationality_score',
      'reasoning',
      'summary',
      'nugget_scores.composite_rationality_score',
      'nugget_scores.investment_grade',
      'nugget_scores.key_nuggets',
      'nugget_scores.risk_score',
      'nugget_scores.financial_health_score',
      'after_hours_price',
      'premarket_change',
      'volume_analysis',
      'risk_metrics',
    ],
  ],
  [
    'Contextual recommendation',
    catalysts.ContextualRecommendationSchema,
    [
      'symbol',
      'name',
      'action',
      'confidence',
      'current_price',
      'target_price',
      'catalyst_type',
      'catalyst_title',
      'catalyst_impact',
      'catalyst_sentiment',
      'catalyst_strength',
      'catalyst_url',
      'investment_grade',
      'composite_score',
      'financial_health',
      'risk_score',
      'reasoning',
      'keywords',
      'published_date',
      'source',
      'risk_factors',
      'time_sensitivity',
      'holding_period',
      'expected_return',
    ],
  ],
  [
    'Contextual response',
    catalysts.ContextualResponseSchema,
    [
      'success',
      'error',
      'recommendations',
      'summary.total_recommendations',
      'summary.high_confidence_count',
      'summary.catalysts_analyzed',
      'market_context.high_impact_events',
      'enhanced_features',
      'demo_mode',
    ],
  ],
  [
    'Market catalyst',
    catalysts.CatalystsResponseSchema,
    [
      'summary',
      'by_category',
      ...[
        'symbol',
        'event_type',
        'title',
        'description',
        'published_date',
        'impact_score',
        'sentiment_score',
        'source',
        'url',
        'tickers_mentioned',
        'keywords',
        'catalyst_strength',
      ].map((f) => `catalysts[].${f}`),
    ],
  ],
  [
    'Live market alert',
    catalysts.LiveAlertsResponseSchema,
    [
      'summary',
      ...[
        'alert_id',
        'symbol',
        'alert_level',
        'event_type',
        'title',
        'message',
        'impact_score',
        'sentiment',
        'sentiment_score',
        'published_time',
        'hours_ago',
        'source',
        'url',
        'keywords',
        'recommended_action',
      ].map((f) => `alerts[].${f}`),
    ],
  ],
  [
    'Rationality score response',
    market.RationalityScoreResponseSchema,
    ['symbol', 'rationality_score', 'speculation_level', 'current_price', 'recommendation'],
  ],
  [
    'Subscription tiers response',
    subscription.TiersResponseSchema,
    [
      'tiers.FREE',
      'tiers.PREMIUM',
      'tiers.PRO',
      'tiers.FREE.display_name',
      'tiers.FREE.price',
      'tiers.FREE.description',
      'tiers.FREE.features.portfolio_assets',
      'tiers.FREE.features.ai_recommendations',
      'tiers.FREE.features.market_alerts',
      'tiers.FREE.features.price_updates',
    ],
  ],
  [
    'My-subscription response',
    subscription.MySubscriptionResponseSchema,
    [
      'subscription.tier',
      'subscription.expires_at',
      'subscription.limits.portfolio_assets.limit',
      'subscription.limits.portfolio_assets.used',
      'tier_info.display_name',
      'tier_info.price',
    ],
  ],
  [
    'Feature access response',
    subscription.FeatureAccessResponseSchema,
    ['access.allowed', 'access.upgrade_message', 'access.required_tier', 'user_tier'],
  ],
  [
    'Usage stats',
    subscription.UsageStatsResponseSchema,
    [
      'usage.portfolio_assets.used',
      'usage.portfolio_assets.limit',
      'usage.portfolio_assets.percentage',
      'usage.daily_recommendations.used',
      'usage.market_alerts.percentage',
    ],
  ],
  [
    'Portfolio asset',
    portfolio.PortfolioAssetSchema,
    [
      'id',
      'symbol',
      'name',
      'asset_type',
      'shares',
      'current_price',
      'purchase_price',
      'total_value',
      'change_percent',
      'change_amount',
    ],
  ],
  [
    'Search result',
    portfolio.SearchResultSchema,
    ['symbol', 'name', 'market', 'asset_type', 'current_price'],
  ],
  [
    'Add-asset payload',
    portfolio.AddAssetPayloadSchema,
    ['symbol', 'shares', 'purchase_price', 'purchase_date', 'asset_type'],
  ],
  [
    'Nugget scores',
    market.NuggetScoresSchema,
    [
      'investment_grade',
      'composite_rationality_score',
      'financial_health_score',
      'growth_quality_score',
      'value_score',
      'momentum_score',
      'risk_score',
      'risk_reward_ratio',
      'key_nuggets',
    ],
  ],
  [
    'Volume analysis',
    market.VolumeAnalysisSchema,
    ['volume_breakout', 'volume_ratio_20d', 'volume_surge_level', 'obv_trend', 'accumulation_distribution'],
  ],
  [
    'Risk metrics',
    market.RiskMetricsSchema,
    [
      'volatility_1month',
      'volatility_regime',
      'momentum_1w',
      'momentum_1m',
      'momentum_3m',
      'max_drawdown',
      'sharpe_estimation',
    ],
  ],
  ['Per-symbol analysis', market.SymbolAnalysisSchema, ['nugget_scores', 'volume_analysis', 'risk_metrics']],
  [
    'Market alert (alerts screen)',
    catalysts.UserAlertSchema,
    [
      'id',
      'title',
      'description',
      'message',
      'severity',
      'timestamp',
      'type',
      'asset',
      'dismissed',
      'actionRequired',
    ],
  ],
  [
    'Admin pending recommendation',
    admin.AdminRecommendationSchema,
    [
      'id',
      'symbol',
      'recommendation',
      'risk_level',
      'confidence',
      'ai_score',
      'reasoning',
      'target_price',
      'generated_at',
    ],
  ],
  ['Review payload', admin.ReviewPayloadSchema, ['status', 'admin_notes', 'quality_score']],
  [
    'Social content',
    admin.SocialContentSchema,
    ['id', 'type', 'target_audience', 'language', 'content', 'hashtags', 'generated_at'],
  ],
  ['Moderation payload', admin.ModerationPayloadSchema, ['status', 'moderation_notes', 'flagged_issues']],
  [
    'Price monitoring',
    admin.PriceMonitoringResponseSchema,
    [
      'alerts[].ticker',
      'alerts[].message',
      'alerts[].severity',
      'price_data',
      ...['current_price', 'high_5d', 'low_5d', 'volatility_5d', 'data_quality', 'last_updated', 'error'].map(
        (f) => `price_data.*.${f}`,
      ),
      'monitoring_status',
      'data_sources',
      'last_updated',
    ],
  ],
  [
    'Admin dashboard',
    admin.AdminDashboardResponseSchema,
    [
      'ai_statistics.total_recommendations_generated',
      'ai_statistics.pending_review',
      'ai_statistics.average_quality_score',
      'ai_statistics.content_moderation.posts_approved',
      'ai_statistics.content_moderation.posts_pending',
      'platform_health.ai_service_status',
      'platform_health.price_feed_status',
      'platform_health.database_status',
      ...['current_price', 'change', 'change_percent', 'volume', 'error'].map((f) => `market_data.*.${f}`),
    ],
  ],
];

describe('entity schemas carry every field the screens read', () => {
  it.each(SPEC_FIELDS)('%s', (_entity, schema, fields) => {
    const declared = fieldPaths(schema);
    const missing = fields.filter((field) => !declared.has(field));
    expect(missing).toEqual([]);
  });
});
