import { describe, expect, it } from 'vitest';
import { LANGUAGES, MARKETING_PLAN_IDS } from '../enums';
import {
  MARKETING_PLANS,
  MarketingPlanCatalogueSchema,
  MarketingPlanSchema,
  listMarketingPlans,
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
    ['standard', 29, false, 'Standard', 'Standard', 'Estándar'],
    ['premium', 79, true, 'Premium', 'Premium', 'Premium'],
    ['platinum', 199, false, 'Platinum', 'Platine', 'Platino'],
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
    ['standard', null],
    ['premium', 'PREMIUM'],
    ['platinum', 'PRO'],
  ] as const)('maps plan %s to tier %s', (id, expected) => {
    const tier = tierForMarketingPlan(id);

    expect(tier).toBe(expected);
  });

  it.each(['premium', 'platinum'] as const)('prices %s exactly like the tier it sells', (id) => {
    const plan = MARKETING_PLANS[id];

    expect(plan.tier).not.toBeNull();
    expect(plan.price).toBe(TIER_CATALOGUE[plan.tier].price);
  });

  it('lists plans cheapest first, in id order', () => {
    const plans = listMarketingPlans();

    expect(plans.map((plan) => plan.id)).toEqual([...MARKETING_PLAN_IDS]);
    expect(plans.map((plan) => plan.price)).toEqual([29, 79, 199]);
  });

  it.each(MARKETING_PLAN_IDS.flatMap((id) => LANGUAGES.map((language) => [id, language] as const)))(
    'gives %s a feature list and a philosophy in %s',
    (id, language) => {
      const plan = MARKETING_PLANS[id];

      expect(plan.features[language].length).toBeGreaterThanOrEqual(5);
      expect(plan.philosophy[language].length).toBeGreaterThan(20);
    },
  );

  it.each(MARKETING_PLAN_IDS)(
    'translates every %s feature and the philosophy rather than copying English',
    (id) => {
      const plan: MarketingPlan = MARKETING_PLANS[id];

      const sameAsEnglish = (['fr', 'es'] as const).flatMap((language) =>
        plan.features[language].filter((feature, index) => feature === plan.features.en[index]),
      );

      expect(sameAsEnglish).toEqual([]);
      expect(new Set([plan.philosophy.en, plan.philosophy.fr, plan.philosophy.es]).size).toBe(3);
    },
  );

  it.each([
    ['standard', 'Mobile access'],
    ['premium', 'Real-time alerts'],
    ['premium', 'Phone support'],
    ['platinum', 'Early IPO analysis'],
    ['platinum', 'Monthly 1-on-1 AI sessions'],
    ['platinum', '24/7 support'],
  ] as const)('lists for %s the spec feature %j', (id, feature) => {
    const features: readonly string[] = MARKETING_PLANS[id].features.en;

    expect(features).toContain(feature);
  });
});

describe('MarketingPlanSchema', () => {
  it('rejects feature lists of different lengths across languages', () => {
    const plan = {
      ...MARKETING_PLANS.standard,
      features: { ...MARKETING_PLANS.standard.features, fr: ['Une seule ligne'] },
    };

    const result = MarketingPlanSchema.safeParse(plan);

    expect(result.success).toBe(false);
  });
});

describe('MarketingPlanCatalogueSchema', () => {
  it.each([
    ['no popular plan', { premium: { ...MARKETING_PLANS.premium, popular: false } }],
    ['two popular plans', { standard: { ...MARKETING_PLANS.standard, popular: true } }],
  ])('rejects %s', (_label, override) => {
    const catalogue = { ...MARKETING_PLANS, ...override };

    const result = MarketingPlanCatalogueSchema.safeParse(catalogue);

    expect(result.success).toBe(false);
  });
});
