import * as z from 'zod';
import { MARKETING_PLAN_IDS, MarketingPlanIdSchema, TierSchema } from '../enums';
import type { MarketingPlanId, Tier } from '../enums';
import { LocalizedTextSchema } from '../entities/common';
import { TIER_CATALOGUE } from './tiers';

/**
 * The plans of the public pricing page (docs/product.md "Screens", "Entities", "Roles, plans and demo mode", "Business rules and limits"): standard, premium and
 * platinum. They are marketing, not the subscription tiers the server enforces (FREE, PREMIUM,
 * PRO, see ./tiers.ts), and the two do not line up one to one:
 * - premium is tier PREMIUM and platinum is tier PRO (docs/product.md "Roles, plans and demo mode"), and their prices are
 *   read from the tier catalogue so the two pages cannot disagree;
 * - standard ($29) has no tier. It is not FREE (FREE costs nothing) and the spec defines no
 *   paid tier below PREMIUM, so `tier` is null and the pricing page's button just leads to
 *   /dashboard, as the spec says every plan's button does. Product must decide whether
 *   standard becomes a tier or leaves the page.
 *
 * Feature lists are the spec's, with an "everything in the plan below" first line, and the
 * support promises of the contact page (phone support from Premium, 24/7 with Platinum).
 */

export const STANDARD_PLAN_PRICE = 29;

const FeatureListSchema = z.array(z.string().min(1)).min(1).readonly();

export const MarketingPlanSchema = z
  .strictObject({
    id: MarketingPlanIdSchema,
    name: LocalizedTextSchema,
    features: z.strictObject({ en: FeatureListSchema, fr: FeatureListSchema, es: FeatureListSchema }),
    /** Whole USD per month. */
    price: z.number().int().positive(),
    currency: z.literal('USD'),
    interval: z.literal('month'),
    popular: z.boolean(),
    philosophy: LocalizedTextSchema,
    /** The subscription tier this plan sells; null when none does (standard). */
    tier: TierSchema.nullable(),
  })
  .refine(
    (plan) =>
      plan.features.fr.length === plan.features.en.length &&
      plan.features.es.length === plan.features.en.length,
    { message: 'every language lists the same number of features', path: ['features'] },
  );
export type MarketingPlan = z.infer<typeof MarketingPlanSchema>;

export const MarketingPlanCatalogueSchema = z
  .strictObject({
    standard: MarketingPlanSchema,
    premium: MarketingPlanSchema,
    platinum: MarketingPlanSchema,
  })
  .refine((plans) => Object.values(plans).filter((plan) => plan.popular).length === 1, {
    message: 'exactly one plan is the most popular',
  });
export type MarketingPlanCatalogue = z.infer<typeof MarketingPlanCatalogueSchema>;

export const MARKETING_PLANS = {
  standard: {
    id: 'standard',
    name: { en: 'Standard', fr: 'Standard', es: 'Estándar' },
    features: {
      en: [
        'Basic stock and crypto picks',
        'Weekly market alerts',
        'Core anti-speculation signals',
        'Mobile access',
        'Basic portfolio analysis',
      ],
      fr: [
        'Sélections de base en actions et cryptos',
        'Alertes de marché hebdomadaires',
        'Signaux anti-spéculation essentiels',
        'Accès mobile',
        'Analyse de portefeuille de base',
      ],
      es: [
        'Selecciones básicas de acciones y criptomonedas',
        'Alertas de mercado semanales',
        'Señales antiespeculación esenciales',
        'Acceso móvil',
        'Análisis básico de cartera',
      ],
    },
    price: STANDARD_PLAN_PRICE,
    currency: 'USD',
    interval: 'month',
    popular: false,
    philosophy: {
      en: 'Rational investing starts with discipline. A few sound signals beat a flood of hype.',
      fr: 'L’investissement rationnel commence par la discipline. Quelques signaux solides valent mieux qu’un flot d’engouement.',
      es: 'La inversión racional empieza por la disciplina. Unas pocas señales sólidas valen más que una avalancha de euforia.',
    },
    tier: null,
  },
  premium: {
    id: 'premium',
    name: { en: 'Premium', fr: 'Premium', es: 'Premium' },
    features: {
      en: [
        'Everything in Standard',
        'Full portfolio analysis',
        'Real-time alerts',
        'AI recommendations',
        'Advanced crypto strategies',
        'Risk management tools',
        'Priority support',
        'Phone support',
      ],
      fr: [
        'Tout le plan Standard',
        'Analyse complète du portefeuille',
        'Alertes en temps réel',
        'Recommandations de l’IA',
        'Stratégies crypto avancées',
        'Outils de gestion du risque',
        'Support prioritaire',
        'Assistance téléphonique',
      ],
      es: [
        'Todo lo del plan Estándar',
        'Análisis completo de la cartera',
        'Alertas en tiempo real',
        'Recomendaciones de la IA',
        'Estrategias cripto avanzadas',
        'Herramientas de gestión del riesgo',
        'Soporte prioritario',
        'Atención telefónica',
      ],
    },
    price: TIER_CATALOGUE.PREMIUM.price,
    currency: 'USD',
    interval: 'month',
    popular: true,
    philosophy: {
      en: 'Data over emotion. Every recommendation comes with its reasons, so you decide with a clear head.',
      fr: 'Les données plutôt que l’émotion. Chaque recommandation est expliquée, pour que vous décidiez à tête reposée.',
      es: 'Datos antes que emociones. Cada recomendación viene con sus motivos, para que decidas con la cabeza fría.',
    },
    tier: 'PREMIUM',
  },
  platinum: {
    id: 'platinum',
    name: { en: 'Platinum', fr: 'Platine', es: 'Platino' },
    features: {
      en: [
        'Everything in Premium',
        'Early IPO analysis',
        'Exclusive strategies',
        'Crypto arbitrage opportunities',
        'Monthly 1-on-1 AI sessions',
        'Custom portfolio optimisation',
        'Institutional-grade research',
        'White-glove service',
        '24/7 support',
      ],
      fr: [
        'Tout le plan Premium',
        'Analyse anticipée des introductions en Bourse',
        'Stratégies exclusives',
        'Opportunités d’arbitrage crypto',
        'Séances individuelles mensuelles avec l’IA',
        'Optimisation de portefeuille sur mesure',
        'Recherche de niveau institutionnel',
        'Service personnalisé haut de gamme',
        'Support 24 h/24, 7 j/7',
      ],
      es: [
        'Todo lo del plan Premium',
        'Análisis anticipado de salidas a bolsa',
        'Estrategias exclusivas',
        'Oportunidades de arbitraje cripto',
        'Sesiones mensuales individuales con la IA',
        'Optimización de cartera a medida',
        'Investigación de nivel institucional',
        'Servicio personalizado de primera',
        'Soporte las 24 horas, los 7 días',
      ],
    },
    price: TIER_CATALOGUE.PRO.price,
    currency: 'USD',
    interval: 'month',
    popular: false,
    philosophy: {
      en: 'Institutional discipline for individual investors. The AI analyses, we recommend, you decide.',
      fr: 'La discipline des institutionnels au service des particuliers. L’IA analyse, nous recommandons, vous décidez.',
      es: 'La disciplina de los institucionales al servicio del inversor particular. La IA analiza, nosotros recomendamos, tú decides.',
    },
    tier: 'PRO',
  },
} as const satisfies MarketingPlanCatalogue;

/** Plans in the order the pricing page shows them (cheapest first). */
export function listMarketingPlans(): MarketingPlan[] {
  return MARKETING_PLAN_IDS.map((id) => MARKETING_PLANS[id]);
}

export function tierForMarketingPlan(id: MarketingPlanId): Tier | null {
  return MARKETING_PLANS[id].tier;
}
