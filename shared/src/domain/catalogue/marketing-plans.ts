import * as z from 'zod';
import { MARKETING_PLAN_IDS, MarketingPlanIdSchema, TierSchema } from '../enums';
import type { MarketingPlanId, Tier } from '../enums';
import { LocalizedTextSchema } from '../entities/common';
import { TIER_CATALOGUE } from './tiers';

/**
 * The plans of the public pricing page (docs/product.md "Screens", "Roles, plans and demo mode"):
 * free, premium and platinum, one per subscription tier (FREE, PREMIUM, PRO), so the pricing page and
 * the app sell the same three things. Prices are read from the tier catalogue and the feature lines
 * from ./plan-perks.ts (`perkLinesOf(plan.tier)`), so neither can disagree with what the server
 * enforces. The free plan needs no card; a paid plan's button leads to sign-up, then to checkout.
 */

export const MarketingPlanSchema = z.strictObject({
  id: MarketingPlanIdSchema,
  name: LocalizedTextSchema,
  /** Whole USD per month (0 for free). */
  price: z.number().int().min(0),
  currency: z.literal('USD'),
  interval: z.literal('month'),
  popular: z.boolean(),
  philosophy: LocalizedTextSchema,
  /** The subscription tier this plan sells. */
  tier: TierSchema,
});
export type MarketingPlan = z.infer<typeof MarketingPlanSchema>;

export const MarketingPlanCatalogueSchema = z
  .strictObject({
    free: MarketingPlanSchema,
    premium: MarketingPlanSchema,
    platinum: MarketingPlanSchema,
  })
  .refine((plans) => Object.values(plans).filter((plan) => plan.popular).length === 1, {
    message: 'exactly one plan is the most popular',
  });
export type MarketingPlanCatalogue = z.infer<typeof MarketingPlanCatalogueSchema>;

export const MARKETING_PLANS = {
  free: {
    id: 'free',
    name: { en: 'Free', fr: 'Gratuit', es: 'Gratis' },
    price: TIER_CATALOGUE.FREE.price,
    currency: 'USD',
    interval: 'month',
    popular: false,
    philosophy: {
      en: 'Rational investing starts with discipline. A few sound signals beat a flood of hype.',
      fr: 'L’investissement rationnel commence par la discipline. Quelques signaux solides valent mieux qu’un flot d’engouement.',
      es: 'La inversión racional empieza por la disciplina. Unas pocas señales sólidas valen más que una avalancha de euforia.',
    },
    tier: 'FREE',
  },
  premium: {
    id: 'premium',
    name: { en: 'Premium', fr: 'Premium', es: 'Premium' },
    price: TIER_CATALOGUE.PREMIUM.price,
    currency: 'USD',
    interval: 'month',
    popular: true,
    philosophy: {
      en: 'Data over emotion. Every recommendation comes with its reasons, so you decide with a clear head.',
      fr: 'Les données plutôt que l’émotion. Chaque recommandation est expliquée, pour que vous décidiez à tête reposée.',
      es: 'Datos antes que emociones. Cada recomendación viene con sus motivos, para que decida con la cabeza fría.',
    },
    tier: 'PREMIUM',
  },
  platinum: {
    id: 'platinum',
    name: { en: 'Platinum', fr: 'Platinum', es: 'Platinum' },
    price: TIER_CATALOGUE.PRO.price,
    currency: 'USD',
    interval: 'month',
    popular: false,
    philosophy: {
      en: 'Institutional discipline for individual investors. The AI analyses, we recommend, you decide.',
      fr: 'La discipline des institutionnels au service des particuliers. L’IA analyse, nous recommandons, vous décidez.',
      es: 'La disciplina de los institucionales al servicio del inversor particular. La IA analiza, nosotros recomendamos, usted decide.',
    },
    tier: 'PRO',
  },
} as const satisfies MarketingPlanCatalogue;

/** Plans in the order the pricing page shows them (cheapest first). */
export function listMarketingPlans(): MarketingPlan[] {
  return MARKETING_PLAN_IDS.map((id) => MARKETING_PLANS[id]);
}

export function tierForMarketingPlan(id: MarketingPlanId): Tier {
  return MARKETING_PLANS[id].tier;
}

/** The pricing page's plan for a tier (the sign-up link names the plan, checkout the tier). */
export function marketingPlanForTier(tier: Tier): MarketingPlan {
  const plan = listMarketingPlans().find((candidate) => candidate.tier === tier);
  if (!plan) throw new Error(`no marketing plan sells ${tier}`);
  return plan;
}
