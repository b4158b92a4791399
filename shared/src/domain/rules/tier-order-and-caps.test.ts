import { describe, expect, it } from 'vitest';
import { FEATURES } from '../enums';
import type { Feature, Tier } from '../enums';
import {
  RECOMMENDATION_LIST_CAPS,
  TIER_ORDER,
  canUpgrade,
  hiddenRecommendationCount,
  isFeatureGranted,
  recommendationListCap,
  requiredTierFor,
  tierRank,
  trimRecommendations,
  upgradeTargets,
} from './tier-order-and-caps';
import type { FeatureGrants } from './tier-order-and-caps';

describe('tier order', () => {
  it('is FREE < PREMIUM < PRO', () => {
    expect(TIER_ORDER).toEqual(['FREE', 'PREMIUM', 'PRO']);
  });

  it.each([
    ['FREE', 0],
    ['PREMIUM', 1],
    ['PRO', 2],
  ] as const)('ranks %s at %s', (tier, expected) => {
    const rank = tierRank(tier);

    expect(rank).toBe(expected);
  });
});

describe('canUpgrade', () => {
  it.each([
    ['FREE', 'FREE', false],
    ['FREE', 'PREMIUM', true],
    ['FREE', 'PRO', true],
    ['PREMIUM', 'FREE', false],
    ['PREMIUM', 'PREMIUM', false],
    ['PREMIUM', 'PRO', true],
    ['PRO', 'FREE', false],
    ['PRO', 'PREMIUM', false],
    ['PRO', 'PRO', false],
  ] as const)('from %s to %s: %s', (from, to, expected) => {
    const allowed = canUpgrade(from, to);

    expect(allowed).toBe(expected);
  });
});

describe('upgradeTargets', () => {
  it.each([
    ['FREE', ['PREMIUM', 'PRO']],
    ['PREMIUM', ['PRO']],
    ['PRO', []],
  ] as const)('offers %s the upgrades %j', (current, expected) => {
    const targets = upgradeTargets(current);

    expect(targets).toEqual(expected);
  });
});

describe('recommendationListCap', () => {
  it.each([
    ['FREE', 3],
    ['PREMIUM', 10],
    ['PRO', -1],
  ] as const)('caps %s at %s (-1 = unlimited)', (tier, expected) => {
    const cap = recommendationListCap(tier);

    expect(cap).toBe(expected);
  });

  it('covers every tier', () => {
    expect(Object.keys(RECOMMENDATION_LIST_CAPS)).toEqual([...TIER_ORDER]);
  });
});

describe('trimRecommendations', () => {
  const items = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

  it.each([
    { tier: 'FREE', total: 0, expectedLength: 0 },
    { tier: 'FREE', total: 2, expectedLength: 2 },
    { tier: 'FREE', total: 3, expectedLength: 3 },
    { tier: 'FREE', total: 4, expectedLength: 3 },
    { tier: 'PREMIUM', total: 9, expectedLength: 9 },
    { tier: 'PREMIUM', total: 10, expectedLength: 10 },
    { tier: 'PREMIUM', total: 11, expectedLength: 10 },
    { tier: 'PRO', total: 0, expectedLength: 0 },
    { tier: 'PRO', total: 11, expectedLength: 11 },
    { tier: 'PRO', total: 500, expectedLength: 500 },
  ] as const)('shows $tier $expectedLength of $total', ({ tier, total, expectedLength }) => {
    const list = items(total);

    const trimmed = trimRecommendations(list, tier);

    expect(trimmed).toEqual(list.slice(0, expectedLength));
  });

  it('returns a copy, never the caller’s array', () => {
    const list = [1, 2];

    const trimmed = trimRecommendations(list, 'PRO');

    expect(trimmed).not.toBe(list);
  });
});

describe('hiddenRecommendationCount', () => {
  it.each([
    { tier: 'FREE', total: 0, expected: 0 },
    { tier: 'FREE', total: 3, expected: 0 },
    { tier: 'FREE', total: 4, expected: 1 },
    { tier: 'FREE', total: 10, expected: 7 },
    { tier: 'PREMIUM', total: 10, expected: 0 },
    { tier: 'PREMIUM', total: 11, expected: 1 },
    { tier: 'PRO', total: 1000, expected: 0 },
  ] as const)('hides $expected of $total from $tier', ({ tier, total, expected }) => {
    const hidden = hiddenRecommendationCount(total, tier);

    expect(hidden).toBe(expected);
  });
});

/** A catalogue built for the test: every feature off, then switched on per tier. */
function grants(overrides: Partial<Record<Feature, number | boolean>>): FeatureGrants {
  const base = Object.fromEntries(FEATURES.map((feature) => [feature, false])) as Record<
    Feature,
    number | boolean
  >;
  return { ...base, ...overrides };
}

describe('isFeatureGranted', () => {
  it.each([
    [{ portfolio_assets: -1 }, 'portfolio_assets', true],
    [{ portfolio_assets: 0 }, 'portfolio_assets', false],
    [{ portfolio_assets: 1 }, 'portfolio_assets', true],
    [{ portfolio_assets: -2 }, 'portfolio_assets', false],
    [{ custom_alerts: true }, 'custom_alerts', true],
    [{ custom_alerts: false }, 'custom_alerts', false],
  ] as const)('with %j grants %s: %s', (overrides, feature, expected) => {
    const tierGrants = grants(overrides);

    const granted = isFeatureGranted(tierGrants, feature);

    expect(granted).toBe(expected);
  });
});

describe('requiredTierFor', () => {
  const catalogue: Record<Tier, { features: FeatureGrants }> = {
    FREE: { features: grants({ portfolio_assets: 5 }) },
    PREMIUM: { features: grants({ portfolio_assets: 25, advanced_analytics: true, ai_recommendations: 10 }) },
    PRO: { features: grants({ portfolio_assets: -1, advanced_analytics: true, custom_alerts: true }) },
  };

  it.each([
    ['portfolio_assets', 'FREE'],
    ['advanced_analytics', 'PREMIUM'],
    ['ai_recommendations', 'PREMIUM'],
    ['custom_alerts', 'PRO'],
    ['real_time_prices', null],
  ] as const)('asks for %s the tier %s', (feature, expected) => {
    const tier = requiredTierFor(feature, catalogue);

    expect(tier).toBe(expected);
  });
});
