import * as z from 'zod';
import { PriceUpdateModeSchema, TierSchema } from '../enums';
import type { Feature, QuotaFeature, Tier } from '../enums';
import { LocalizedTextSchema } from '../entities/common';
import { LimitSchema } from '../entities/subscription';
import { isFeatureGranted, requiredTierFor } from '../rules/tier-order-and-caps';
import { UNLIMITED } from '../rules/usage';

/**
 * THE tier catalogue: what each subscription tier costs and grants. The server enforces it, the
 * subscription screen lists it (GET /api/subscription/tiers returns it), and the pricing page, the
 * upgrade dialog and the plan cards word it (./plan-perks.ts). Change a limit here and every reader
 * follows. Every entry is delivered by something on the server; what delivers each one, and the test
 * that proves it, is the perk table of functions/src/subscription/README.md.
 *
 * Choices the product rules leave open (docs/product.md "Roles, plans and demo mode", "Business rules
 * and limits"):
 * - Quotas: FREE 5 assets, 3 detailed analyses a day, 5 alerts a day; PREMIUM 25, 10, 50; PRO unlimited.
 *   Analyst questions a day: FREE 3, PREMIUM 30, PRO 200 (each may call a language model: bounded).
 * - Watchlists: FREE 1 list of 20 symbols, PREMIUM 10 lists of 100, PRO unlimited (standing counts,
 *   like portfolio_assets, held by the watchlists' write transactions).
 * - custom_alerts is PRO only, so a feature whose required tier is PRO exists (the alert
 *   button of a recommendation asks for PRO; everything else gated asks for PREMIUM). A PRO account
 *   keeps at most `custom_alert_rules` rules.
 * - real_time_prices duplicates price_updates on purpose: price_updates is the subscription screen's display field,
 *   real_time_prices the gatable feature. The schema keeps the two in step.
 * - Perks nothing delivers are not listed (early IPO analysis, crypto arbitrage, exclusive strategies,
 *   institutional research, 1-on-1 AI sessions, white-glove service, phone and 24/7 support,
 *   pre/after-market analysis).
 * - Open to every plan, so not in the catalogue: the recommendations' Advanced Filters (they narrow, in
 *   the browser, the list the plan already receives; docs/product.md "Screens", recommendations).
 * - priority_support (PREMIUM and PRO) is the order of the admin Inbox: paid plans' contact messages
 *   first (shared/src/domain/entities/contact.ts).
 */

/** FREE prices are 15 minutes late in live mode (docs/product.md "Business rules and limits"). */
export const DELAYED_PRICE_MINUTES = 15;

export const TierCatalogueFeaturesSchema = z
  .strictObject({
    // Quotas: -1 unlimited, 0 none. ai_recommendations, market_alerts and analyst_questions are per UTC day.
    portfolio_assets: LimitSchema,
    ai_recommendations: LimitSchema,
    market_alerts: LimitSchema,
    /** Questions to the analyst (docs/product.md "The analyst"). */
    analyst_questions: LimitSchema,
    price_updates: PriceUpdateModeSchema,
    // Gatable features of the FEATURES enum.
    advanced_analytics: z.boolean(),
    advanced_recommendations: z.boolean(),
    custom_alerts: z.boolean(),
    real_time_prices: z.boolean(),
    /** How many custom alert rules an account may keep (0 without custom_alerts). */
    custom_alert_rules: LimitSchema,
    /** Contact messages answered first: the admin Inbox lists this plan's messages before the others. */
    priority_support: z.boolean(),
    /** The screener's filters beyond asset type and grade range (docs/product.md "Screener"). */
    screener_filters: z.boolean(),
    /** How many watchlists an account keeps, and how many symbols each holds (docs/product.md "Watchlists"). */
    watchlists: LimitSchema,
    watchlist_symbols: LimitSchema,
  })
  .refine((features) => features.real_time_prices === (features.price_updates === 'real_time'), {
    message: 'real_time_prices must be true exactly when price_updates is real_time',
    path: ['real_time_prices'],
  })
  .refine((features) => features.custom_alerts === (features.custom_alert_rules !== 0), {
    message: 'custom_alert_rules must be 0 exactly when custom_alerts is false',
    path: ['custom_alert_rules'],
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

/** PRO's cap on custom alert rules: enough for a watch list, bounded so a price poll stays cheap. */
export const PRO_CUSTOM_ALERT_RULES = 50;

export const TIER_CATALOGUE = {
  FREE: {
    tier: 'FREE',
    display_name: 'Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Start investing rationally with grades, scores and a small portfolio, free of charge.',
      fr: 'Commencez à investir rationnellement avec les notes, les scores et un petit portefeuille, gratuitement.',
      es: 'Empieza a invertir de forma racional con calificaciones, puntuaciones y una cartera pequeña, sin coste.',
    },
    features: {
      portfolio_assets: 5,
      ai_recommendations: 3,
      market_alerts: 5,
      analyst_questions: 3,
      price_updates: 'delayed',
      advanced_analytics: false,
      advanced_recommendations: false,
      custom_alerts: false,
      real_time_prices: false,
      custom_alert_rules: 0,
      priority_support: false,
      screener_filters: false,
      watchlists: 1,
      watchlist_symbols: 20,
    },
  },
  PREMIUM: {
    tier: 'PREMIUM',
    display_name: 'Premium',
    price: 79,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Full reasoning behind every score, portfolio analysis and real-time prices for committed investors.',
      fr: 'Le raisonnement complet derrière chaque score, l’analyse du portefeuille et les prix en temps réel pour les investisseurs engagés.',
      es: 'El razonamiento completo de cada puntuación, el análisis de la cartera y precios en tiempo real para inversores comprometidos.',
    },
    features: {
      portfolio_assets: 25,
      ai_recommendations: 10,
      market_alerts: 50,
      analyst_questions: 30,
      price_updates: 'real_time',
      advanced_analytics: true,
      advanced_recommendations: true,
      custom_alerts: false,
      real_time_prices: true,
      custom_alert_rules: 0,
      priority_support: true,
      screener_filters: true,
      watchlists: 10,
      watchlist_symbols: 100,
    },
  },
  PRO: {
    tier: 'PRO',
    display_name: 'Platinum',
    price: 199,
    currency: 'USD',
    interval: 'month',
    description: {
      en: 'Everything in Premium without daily limits, plus your own alert rules on the symbols you watch.',
      fr: 'Tout Premium sans limite quotidienne, avec vos propres règles d’alerte sur les valeurs que vous suivez.',
      es: 'Todo lo de Premium sin límites diarios, con tus propias reglas de alerta sobre los valores que sigues.',
    },
    features: {
      portfolio_assets: UNLIMITED,
      ai_recommendations: UNLIMITED,
      market_alerts: UNLIMITED,
      analyst_questions: 200,
      price_updates: 'real_time',
      advanced_analytics: true,
      advanced_recommendations: true,
      custom_alerts: true,
      real_time_prices: true,
      custom_alert_rules: PRO_CUSTOM_ALERT_RULES,
      priority_support: true,
      screener_filters: true,
      watchlists: UNLIMITED,
      watchlist_symbols: UNLIMITED,
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
