import { describe, expect, it } from 'vitest';
import { FEATURES, TIERS } from '@app/shared/domain/enums';
import { decideFeatureAccess, liftingTierFor, tierLimits, upgradeMessageFor } from './feature-gate';

const NOTHING_USED = { portfolio_assets: 0, ai_recommendations: 0, market_alerts: 0 };

describe('liftingTierFor', () => {
  it.each([
    ['FREE', 'ai_recommendations', 'PREMIUM'],
    ['PREMIUM', 'ai_recommendations', 'PRO'],
    ['PRO', 'ai_recommendations', null],
    ['FREE', 'portfolio_assets', 'PREMIUM'],
    ['PREMIUM', 'portfolio_assets', 'PRO'],
    ['FREE', 'advanced_analytics', 'PREMIUM'],
    ['PREMIUM', 'advanced_analytics', null],
    ['FREE', 'custom_alerts', 'PRO'],
    ['PREMIUM', 'custom_alerts', 'PRO'],
  ] as const)('from %s, %s is lifted by %s', (tier, feature, expected) => {
    expect(liftingTierFor(tier, feature)).toBe(expected);
  });
});

describe('upgradeMessageFor', () => {
  it('names the used-up daily quota, the reset and the tier that lifts it', () => {
    const message = upgradeMessageFor('FREE', 'ai_recommendations');

    expect(message).toBe(
      'You have used all 3 AI recommendations of your Free plan today; they reset at midnight UTC. ' +
        'Upgrade to Premium for 10 AI recommendations a day.',
    );
  });

  it('offers Platinum as unlimited once Premium is used up', () => {
    expect(upgradeMessageFor('PREMIUM', 'ai_recommendations')).toMatch(
      /Upgrade to Platinum for unlimited AI recommendations\.$/,
    );
  });

  it('words the holdings limit as a standing count, not a daily one', () => {
    expect(upgradeMessageFor('FREE', 'portfolio_assets')).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );
  });

  it('names the lowest plan including an on/off feature', () => {
    expect(upgradeMessageFor('PREMIUM', 'custom_alerts')).toBe(
      'Custom alerts is available from the Platinum plan. Upgrade to Platinum to use it.',
    );
  });
});

describe('decideFeatureAccess', () => {
  it('allows a quota below its limit and counts what is left', () => {
    const decision = decideFeatureAccess('FREE', 'ai_recommendations', {
      ...NOTHING_USED,
      ai_recommendations: 2,
    });

    expect(decision).toEqual({
      allowed: true,
      upgrade_message: null,
      required_tier: 'FREE',
      limit: 3,
      used: 2,
      remaining: 1,
    });
  });

  it('refuses a quota at its limit with the upgrade message and the lifting tier', () => {
    const decision = decideFeatureAccess('PREMIUM', 'portfolio_assets', {
      ...NOTHING_USED,
      portfolio_assets: 25,
    });

    expect(decision).toMatchObject({
      allowed: false,
      required_tier: 'PRO',
      limit: 25,
      used: 25,
      remaining: 0,
    });
    expect(decision.upgrade_message).toContain('Upgrade to Platinum');
  });

  it('never refuses an unlimited quota and reports remaining as null', () => {
    const decision = decideFeatureAccess('PRO', 'market_alerts', { ...NOTHING_USED, market_alerts: 10_000 });

    expect(decision).toMatchObject({ allowed: true, limit: -1, used: 10_000, remaining: null });
  });

  it('answers an on/off feature without quota figures', () => {
    const decision = decideFeatureAccess('FREE', 'advanced_recommendations', NOTHING_USED);

    expect(decision).toMatchObject({
      allowed: false,
      required_tier: 'PREMIUM',
      limit: null,
      used: null,
      remaining: null,
    });
  });

  it.each(TIERS.flatMap((tier) => FEATURES.map((feature) => [tier, feature] as const)))(
    'gives %s / %s a message exactly when it refuses',
    (tier, feature) => {
      const decision = decideFeatureAccess(tier, feature, NOTHING_USED);

      expect(decision.upgrade_message === null).toBe(decision.allowed);
    },
  );
});

describe('tierLimits', () => {
  it('reads the three quotas from the catalogue', () => {
    expect(tierLimits('PREMIUM')).toEqual({
      portfolio_assets: 25,
      ai_recommendations: 10,
      market_alerts: 50,
    });
  });
});
