import { describe, expect, it } from 'vitest';
import { FEATURES, LANGUAGES, QUOTA_FEATURES, TIERS } from '../enums';
import type { Feature } from '../enums';
import { TierInfoSchema } from '../entities/subscription';
import {
  TIER_CATALOGUE,
  TierCatalogueFeaturesSchema,
  TierCatalogueSchema,
  featureAccess,
  featureLimit,
} from './tiers';

const QUOTAS: readonly string[] = QUOTA_FEATURES;
const GATED_FEATURES = FEATURES.filter((feature) => !QUOTAS.includes(feature));

const PREMIUM_ADDITIONS = [
  'advanced_analytics',
  'advanced_recommendations',
  'real_time_prices',
  'priority_support',
  'screener_filters',
] as const;

const PRO_ONLY = ['custom_alerts'] as const;

describe('TIER_CATALOGUE', () => {
  it('matches its schema', () => {
    const result = TierCatalogueSchema.safeParse(TIER_CATALOGUE);

    expect(result.success).toBe(true);
  });

  it.each([
    ['FREE', 'Free', 0],
    ['PREMIUM', 'Premium', 79],
    ['PRO', 'Platinum', 199],
  ] as const)('sells %s as %s at %s USD a month', (tier, displayName, price) => {
    const definition = TIER_CATALOGUE[tier];

    expect(definition).toMatchObject({
      tier,
      display_name: displayName,
      price,
      currency: 'USD',
      interval: 'month',
    });
  });

  it.each([
    ['FREE', 'portfolio_assets', 5],
    ['FREE', 'ai_recommendations', 3],
    ['FREE', 'market_alerts', 5],
    ['PREMIUM', 'portfolio_assets', 25],
    ['PREMIUM', 'ai_recommendations', 10],
    ['PREMIUM', 'market_alerts', 50],
    ['PRO', 'portfolio_assets', -1],
    ['PRO', 'ai_recommendations', -1],
    ['PRO', 'market_alerts', -1],
    ['FREE', 'analyst_questions', 3],
    ['PREMIUM', 'analyst_questions', 30],
    ['PRO', 'analyst_questions', 200],
  ] as const)('limits %s %s to %s', (tier, feature, expected) => {
    const limit = featureLimit(tier, feature);

    expect(limit).toBe(expected);
  });

  it.each([
    ['FREE', 'delayed'],
    ['PREMIUM', 'real_time'],
    ['PRO', 'real_time'],
  ] as const)('gives %s %s prices', (tier, expected) => {
    expect(TIER_CATALOGUE[tier].features.price_updates).toBe(expected);
  });

  it.each(TIERS.flatMap((tier) => GATED_FEATURES.map((feature) => [tier, feature] as const)))(
    'has a boolean for %s %s',
    (tier, feature) => {
      const value: unknown = TIER_CATALOGUE[tier].features[feature];

      expect(typeof value).toBe('boolean');
    },
  );

  it.each([
    ['FREE', 0],
    ['PREMIUM', 0],
    ['PRO', 50],
  ] as const)('lets %s keep %s custom alert rules', (tier, expected) => {
    expect(TIER_CATALOGUE[tier].features.custom_alert_rules).toBe(expected);
  });

  it.each([
    ['FREE', 1, 20],
    ['PREMIUM', 10, 100],
    ['PRO', -1, -1],
  ] as const)('lets %s keep %s watchlists of %s symbols each (-1: unlimited)', (tier, lists, symbols) => {
    expect(TIER_CATALOGUE[tier].features.watchlists).toBe(lists);
    expect(TIER_CATALOGUE[tier].features.watchlist_symbols).toBe(symbols);
  });

  it('gives FREE none of the on/off features', () => {
    const features: Record<string, unknown> = TIER_CATALOGUE.FREE.features;

    const granted = Object.keys(features).filter((key) => features[key] === true);

    expect(granted).toEqual([]);
  });

  it.each(PREMIUM_ADDITIONS)('gives PREMIUM and PRO %s', (feature) => {
    expect(TIER_CATALOGUE.PREMIUM.features[feature]).toBe(true);
    expect(TIER_CATALOGUE.PRO.features[feature]).toBe(true);
  });

  it.each(PRO_ONLY)('keeps %s for PRO only', (feature) => {
    expect(TIER_CATALOGUE.PREMIUM.features[feature]).toBe(false);
    expect(TIER_CATALOGUE.PRO.features[feature]).toBe(true);
  });

  it('lists every flag in exactly one of the two groups', () => {
    const features: Record<string, unknown> = TIER_CATALOGUE.PRO.features;

    const flags = Object.keys(features).filter((key) => typeof features[key] === 'boolean');

    expect([...PREMIUM_ADDITIONS, ...PRO_ONLY].sort()).toEqual(flags.sort());
  });

  it.each(TIERS.flatMap((tier) => LANGUAGES.map((language) => [tier, language] as const)))(
    'describes %s in %s',
    (tier, language) => {
      const description = TIER_CATALOGUE[tier].description[language];

      expect(description.length).toBeGreaterThan(20);
    },
  );

  it.each(TIERS)('translates the %s description rather than copying English', (tier) => {
    const { en, fr, es } = TIER_CATALOGUE[tier].description;

    expect(new Set([en, fr, es]).size).toBe(3);
  });

  it.each(TIERS)(
    'fits the tiers response entity for %s (server maps description to one language)',
    (tier) => {
      const definition = TIER_CATALOGUE[tier];
      const tierInfo = {
        ...definition,
        description: definition.description.en,
        description_localized: definition.description,
      };

      const result = TierInfoSchema.safeParse(tierInfo);

      expect(result.success).toBe(true);
    },
  );
});

describe('TierCatalogueFeaturesSchema', () => {
  it('rejects real_time_prices out of step with price_updates', () => {
    const features = { ...TIER_CATALOGUE.FREE.features, real_time_prices: true };

    const result = TierCatalogueFeaturesSchema.safeParse(features);

    expect(result.success).toBe(false);
  });

  it.each([
    ['a limit below -1', { portfolio_assets: -2 }],
    ['a fractional limit', { market_alerts: 2.5 }],
    ['an unknown flag', { crystal_ball: true }],
    ['a perk nothing delivers', { white_glove_service: true }],
    ['custom alert rules without custom alerts', { custom_alert_rules: 5 }],
  ])('rejects %s', (_label, override) => {
    const features = { ...TIER_CATALOGUE.FREE.features, ...override };

    const result = TierCatalogueFeaturesSchema.safeParse(features);

    expect(result.success).toBe(false);
  });
});

describe('TierCatalogueSchema', () => {
  it('rejects an entry filed under another tier', () => {
    const catalogue = { ...TIER_CATALOGUE, PRO: { ...TIER_CATALOGUE.PRO, tier: 'PREMIUM' } };

    const result = TierCatalogueSchema.safeParse(catalogue);

    expect(result.success).toBe(false);
  });
});

describe('featureAccess', () => {
  const expectations: readonly (readonly [Feature, boolean, boolean, boolean, string])[] = [
    // feature, FREE, PREMIUM, PRO, required tier
    ['portfolio_assets', true, true, true, 'FREE'],
    ['ai_recommendations', true, true, true, 'FREE'],
    ['market_alerts', true, true, true, 'FREE'],
    ['advanced_analytics', false, true, true, 'PREMIUM'],
    ['advanced_recommendations', false, true, true, 'PREMIUM'],
    ['custom_alerts', false, false, true, 'PRO'],
    ['real_time_prices', false, true, true, 'PREMIUM'],
    ['screener_filters', false, true, true, 'PREMIUM'],
    ['analyst_questions', true, true, true, 'FREE'],
  ];

  it('covers every feature of the enum', () => {
    expect(expectations.map(([feature]) => feature)).toEqual([...FEATURES]);
  });

  it.each(
    expectations.flatMap(([feature, free, premium, pro, requiredTier]) => [
      ['FREE', feature, free, requiredTier] as const,
      ['PREMIUM', feature, premium, requiredTier] as const,
      ['PRO', feature, pro, requiredTier] as const,
    ]),
  )('%s / %s: allowed %s, required tier %s', (tier, feature, allowed, requiredTier) => {
    const access = featureAccess(tier, feature);

    expect(access).toEqual({ allowed, required_tier: requiredTier });
  });
});
