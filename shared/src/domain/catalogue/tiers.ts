import * as z from 'zod';
import { PriceUpdateModeSchema, TierSchema } from '../enums';
import type { Feature, QuotaFeature, Tier } from '../enums';
import { LocalizedTextSchema } from '../entities/common';
import { LimitSchema } from '../entities/subscription';
import { isFeatureGranted, requiredTierFor } from '../rules/tiers';
import { UNLIMITED } from '../rules/usage';

/**
 * THE tier catalogue: what each subscription tier costs and grants. The server enforces it, the
 * subscription screen lists it (GET /api/subscription/tiers returns it), and the upgrade dialog
 * reads it. Change a limit here and every reader follows.
 *
 * Choices the spec leaves open (docs/product.md "Roles, plans and demo mode", "Screens", "Business rules and limits"):
 * - Quotas: FREE 5 assets, 3 recommendations a day, 5 alerts; PREMIUM 25, 10, 50; PRO unlimited.
 * - custom_alerts is PRO only, so the spec's "PRO as the alternative required tier" exists
 *   (the alert button of a recommendation asks for PRO; everything else gated asks for PREMIUM).
 * - priority_support is PREMIUM and up: docs/product.md "Roles, plans and demo mode" lists it among Premium's additions;
 *   the upgrade dialog repeats it under Platinum, which includes everything anyway.
 * - The marketing feature lists of docs/product.md "Roles, plans and demo mode" are flags too, so the pricing page, the
 *   comparison table and the server agree: Premium's additions are PREMIUM and up, Platinum's
 *   PRO only; phone support PREMIUM and up; 24/7 support PRO only.
 * - real_time_prices duplicates price_updates on purpose: price_updates is the spec's display
 *   field, real_time_prices the gatable feature. The schema keeps the two in step.
 */

/** FREE prices are 15 minutes late (docs/product.md "Business rules and limits"). */
export const DELAYED_PRICE_MINUTES = 15;

export const TierCatalogueFeaturesSchema = z
  .strictObject({
    // Quotas: -1 unlimited, 0 none. ai_recommendations is per UTC day.
    portfolio_assets: LimitSchema,
    ai_recommendations: LimitSchema,
    market_alerts: LimitSchema,
    price_updates: PriceUpdateModeSchema,
    // Gatable features of the FEATURES enum.
    advanced_analytics: z.boolean(),
    advanced_recommendations: z.boolean(),
    custom_alerts: z.boolean(),
    real_time_prices: z.boolean(),
    extended_hours_analysis: z.boolean(),
    priority_support: z.boolean(),
    // Marketing feature lists (docs/product.md "Roles, plans and demo mode"): Premium's additions.
    full_portfolio_analysis: z.boolean(),
    real_time_alerts: z.boolean(),
    advanced_crypto_strategies: z.boolean(),
    risk_tools: z.boolean(),
    phone_support: z.boolean(),
    // Platinum's additions.
    early_ipo_analysis: z.boolean(),
    exclusive_strategies: z.boolean(),
    crypto_arbitrage: z.boolean(),
    monthly_ai_sessions: z.boolean().describe('monthly 1-on-1 AI sessions'),
    custom_optimisation: z.boolean(),
    institutional_research: z.boolean(),
    white_glove_service: z.boolean(),
    support_24_7: z.boolean(),
  })
  .refine((features) => features.real_time_prices === (features.price_updates === 'real_time'), {
    message: 'real_time_prices must be true exactly when price_updates is real_time',
    path: ['real_time_prices'],
  });
export type TierCatalogueFeatures = z.infer<typeof TierCatalogueFeaturesSchema>;

export const TierDefinitionSchema = z.strictObject({
  tier: TierSchema,
  display_name: z.string().min(1),
  /** Whole USD per month. */
  price: z.number().int().min(0),
  currency: z.literal('USD'),
  interval: z.literal('month'),
  description: LocalizedTextSchema,
  features: TierCatalogueFeaturesSchema,
});
export type TierDefinition = z.infer<typeof TierDefinitionSchema>;

export const TierCatalogueSchema = z
  .strictObject({ FREE: TierDefinitionSchema, PREMIUM: TierDefinitionSchema, PRO: TierDefinitionSchema })
  .refine((catalogue) => Object.entries(catalogue).every(([key, definition]) => definition.tier === key), {
    message: 'each entry must be keyed by its own tier',
  });
export type TierCatalogue = z.infer<typeof TierCatalogueSchema>;

const NO_EXTRAS = {
  advanced_analytics: false,
  advanced_recommendations: false,
  custom_alerts: false,
  real_time_prices: false,
  extended_hours_analysis: false,
  priority_support: false,
  full_portfolio_analysis: false,
  real_time_alerts: false,
  advanced_crypto_strategies: false,
  risk_tools: false,
  phone_support: false,
  early_ipo_analysis: false,
  exclusive_strategies: false,
  crypto_arbitrage: false,
  monthly_ai_sessions: false,
  custom_optimisation: false,
  institutional_research: false,
  white_glove_service: false,
  support_24_7: false,
} as const;

const PREMIUM_EXTRAS = {
  ...NO_EXTRAS,
  advanced_analytics: true,
  advanced_recommendations: true,
  real_time_prices: true,
  extended_hours_analysis: true,
  priority_support: true,
  full_portfolio_analysis: true,
  real_time_alerts: true,
  advanced_crypto_strategies: true,
  risk_tools: true,
  phone_support: true,
} as const;

const PRO_EXTRAS = {
  ...PREMIUM_EXTRAS,
  custom_alerts: true,
  early_ipo_analysis: true,
  exclusive_strategies: true,
  crypto_arbitrage: true,
  monthly_ai_sessions: true,
  custom_optimisation: true,
  institutional_research: true,
  white_glove_service: true,
  support_24_7: true,
} as const;

export const TIER_CATALOGUE = {
  FREE: {
    tier: 'FREE',
    display_name: 'Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Start investing rationally with core scores and a small portfolio, free of charge.',
      fr: 'Commencez à investir rationnellement avec les scores essentiels et un petit portefeuille, gratuitement.',
      es: 'Empieza a invertir de forma racional con las puntuaciones esenciales y una cartera pequeña, sin coste.',
    },
    features: {
      portfolio_assets: 5,
      ai_recommendations: 3,
      market_alerts: 5,
      price_updates: 'delayed',
      ...NO_EXTRAS,
    },
  },
  PREMIUM: {
    tier: 'PREMIUM',
    display_name: 'Premium',
    price: 79,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Full portfolio analysis, real-time prices and daily AI recommendations for committed investors.',
      fr: 'Analyse complète du portefeuille, prix en temps réel et recommandations IA quotidiennes pour les investisseurs engagés.',
      es: 'Análisis completo de la cartera, precios en tiempo real y recomendaciones diarias de IA para inversores comprometidos.',
    },
    features: {
      portfolio_assets: 25,
      ai_recommendations: 10,
      market_alerts: 50,
      price_updates: 'real_time',
      ...PREMIUM_EXTRAS,
    },
  },
  PRO: {
    tier: 'PRO',
    display_name: 'Platinum',
    price: 199,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Unlimited everything, custom alerts, exclusive research and a personal, white-glove service.',
      fr: 'Tout en illimité, alertes personnalisées, recherche exclusive et un service personnel haut de gamme.',
      es: 'Todo ilimitado, alertas personalizadas, investigación exclusiva y un servicio personal de primera.',
    },
    features: {
      portfolio_assets: UNLIMITED,
      ai_recommendations: UNLIMITED,
      market_alerts: UNLIMITED,
      price_updates: 'real_time',
      ...PRO_EXTRAS,
    },
  },
} as const satisfies TierCatalogue;

export interface FeatureAccess {
  /** Whether the tier includes the feature at all. Quota exhaustion is checked separately, against usage. */
  allowed: boolean;
  /** The lowest tier that includes it; null only if no tier does. */
  required_tier: Tier | null;
}

export function featureAccess(tier: Tier, feature: Feature): FeatureAccess {
  return {
    allowed: isFeatureGranted(TIER_CATALOGUE[tier].features, feature),
    required_tier: requiredTierFor(feature, TIER_CATALOGUE),
  };
}

/** The tier's limit for a quota feature: a count, -1 for unlimited, 0 for none. */
export function featureLimit(tier: Tier, feature: QuotaFeature): number {
  return TIER_CATALOGUE[tier].features[feature];
}
