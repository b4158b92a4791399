import { describe, expect, it } from 'vitest';
import { LANGUAGES, MARKETING_PLAN_IDS, TIERS } from '../enums';
import {
  MARKETING_PLANS,
  MarketingPlanCatalogueSchema,
  listMarketingPlans,
  marketingPlanForTier,
  tierForMarketingPlan,
} from './marketing-plans';
import type { MarketingPlan } from './marketing-plans';
import { TIER_CATALOGUE } from './tiers';

describe('MARKETING_PLANS', () => {
  it('matches its schema', () => {
    const result = MarketingPlanCatalogueSchema.safeParse(MARKETING_PLANS);

    expect(result.success).toBe(true);
  });

  it.each([
    ['free', 0, false, 'Free', 'Gratuit', 'Gratis'],
    ['premium', 79, true, 'Premium', 'Premium', 'Premium'],
    ['platinum', 199, false, 'Platinum', 'Platinum', 'Platinum'],
  ] as const)('sells %s at %s USD a month (popular: %s)', (id, price, popular, en, fr, es) => {
    const plan = MARKETING_PLANS[id];

    expect(plan).toMatchObject({
      id,
      price,
      popular,
      currency: 'USD',
      interval: 'month',
      name: { en, fr, es },
    });
  });

  it.each([
    ['free', 'FREE'],
    ['premium', 'PREMIUM'],
    ['platinum', 'PRO'],
  ] as const)('maps plan %s to tier %s, and back', (id, expected) => {
    const tier = tierForMarketingPlan(id);

    expect(tier).toBe(expected);
    expect(marketingPlanForTier(expected).id).toBe(id);
  });

  it.each(MARKETING_PLAN_IDS)('prices %s exactly like the tier it sells', (id) => {
    const plan = MARKETING_PLANS[id];

    expect(plan.price).toBe(TIER_CATALOGUE[plan.tier].price);
  });

  it('sells every tier once: the pricing page and the app offer the same three plans', () => {
    const tiers = listMarketingPlans().map((plan) => plan.tier);

    expect(tiers).toEqual([...TIERS]);
  });

  it('lists plans cheapest first, in id order', () => {
    const plans = listMarketingPlans();

    expect(plans.map((plan) => plan.id)).toEqual([...MARKETING_PLAN_IDS]);
    expect(plans.map((plan) => plan.price)).toEqual([0, 79, 199]);
  });

  it.each(MARKETING_PLAN_IDS.flatMap((id) => LANGUAGES.map((language) => [id, language] as const)))(
    'gives %s a philosophy in %s',
    (id, language) => {
      const plan = MARKETING_PLANS[id];

      expect(plan.philosophy[language].length).toBeGreaterThan(20);
    },
  );

  it.each(MARKETING_PLAN_IDS)('translates the %s philosophy rather than copying English', (id) => {
    const plan: MarketingPlan = MARKETING_PLANS[id];

    expect(new Set([plan.philosophy.en, plan.philosophy.fr, plan.philosophy.es]).size).toBe(3);
  });
});

describe('MarketingPlanCatalogueSchema', () => {
  it.each([
    ['no popular plan', { premium: { ...MARKETING_PLANS.premium, popular: false } }],
    ['two popular plans', { free: { ...MARKETING_PLANS.free, popular: true } }],
    ['a plan without a tier', { free: { ...MARKETING_PLANS.free, tier: null } }],
  ])('rejects %s', (_label, override) => {
    const catalogue = { ...MARKETING_PLANS, ...override };

    const result = MarketingPlanCatalogueSchema.safeParse(catalogue);

    expect(result.success).toBe(false);
  });
});
