import { describe, expect, it } from 'vitest';
import { FEATURES, TIERS } from '@app/shared/domain/enums';
import type { Feature, Language, Tier } from '@app/shared/domain/enums';
import { render } from '../platform/messages';
import { decideFeatureAccess, liftingTierFor, tierLimits, upgradeMessageFor } from './feature-gate';

const upgradeText = (tier: Tier, feature: Feature, language: Language = 'en') =>
  render(upgradeMessageFor(tier, feature), language);

const NOTHING_USED = { portfolio_assets: 0, ai_recommendations: 0, market_alerts: 0, analyst_questions: 0 };

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
    expect(upgradeText('FREE', 'ai_recommendations')).toBe(
      'You have used all 3 daily AI recommendations of your Free plan today; the count resets at midnight UTC. ' +
        'Upgrade to Premium for 10 AI recommendations a day.',
    );
  });

  it("words the same refusal in the caller's language", () => {
    expect(upgradeText('FREE', 'ai_recommendations', 'fr')).toBe(
      "Vous avez utilisé aujourd'hui les 3 recommandations IA quotidiennes de votre formule Gratuit ; " +
        'le compteur repart de zéro à minuit UTC. Passez à Premium pour 10 recommandations IA par jour.',
    );
    expect(upgradeText('FREE', 'portfolio_assets', 'es')).toBe(
      'Su plan Gratis admite como máximo 5 activos en cartera. Cámbiese a Premium para tener hasta 25 activos en cartera.',
    );
  });

  it('offers Platinum as unlimited once Premium is used up', () => {
    expect(upgradeText('PREMIUM', 'ai_recommendations')).toMatch(
      /Upgrade to Platinum for unlimited AI recommendations\.$/,
    );
  });

  it('words the holdings limit as a standing count, not a daily one', () => {
    expect(upgradeText('FREE', 'portfolio_assets')).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );
  });

  it('names the lowest plan including an on/off feature', () => {
    expect(upgradeText('PREMIUM', 'custom_alerts')).toBe(
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
    expect(render(decision.upgrade_message!, 'en')).toContain('Upgrade to Platinum');
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
  it('reads the four quotas from the catalogue', () => {
    expect(tierLimits('PREMIUM')).toEqual({
      portfolio_assets: 25,
      ai_recommendations: 10,
      market_alerts: 50,
      analyst_questions: 30,
    });
  });
});
