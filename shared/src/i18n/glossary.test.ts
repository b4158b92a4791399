import { describe, expect, it } from 'vitest';
import { MARKETING_PLANS, marketingPlanForTier } from '../domain/catalogue/marketing-plans';
import { LANGUAGES, TIERS } from '../domain/enums';
import { resources } from './index';

/**
 * One name per plan per language (shared/src/i18n/locales/README.md "Glossary"): the pricing page's name, the
 * label messages use and the plan badge say the same word (issue 46: French read "Platine" on the pricing
 * page and "Platinum" elsewhere).
 */
const CHOSEN = {
  en: { FREE: 'Free', PREMIUM: 'Premium', PRO: 'Platinum' },
  fr: { FREE: 'Gratuit', PREMIUM: 'Premium', PRO: 'Platinum' },
  es: { FREE: 'Gratis', PREMIUM: 'Premium', PRO: 'Platinum' },
} as const;

/** Every string of a language's resources, with its key. */
function textsOf(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => textsOf(value, path ? `${path}.${key}` : key));
}

describe('plan names', () => {
  it.each(LANGUAGES.flatMap((language) => TIERS.map((tier) => [language, tier] as const)))(
    'names %s %s one way on the pricing page, in messages and on the badge',
    (language, tier) => {
      const name = CHOSEN[language][tier];
      const plan = marketingPlanForTier(tier);

      expect(plan.name[language]).toBe(name);
      expect(resources[language].terms.tiers[tier]).toBe(name);
      expect(resources[language].common.tiers[tier].toLowerCase()).toBe(name.toLowerCase());
    },
  );

  it.each([
    ['fr', /\bPlatine\b/],
    ['es', /\bPlatino\b/],
  ] as const)('never calls Platinum by another name in %s', (language, other) => {
    const names = Object.values(MARKETING_PLANS).map((plan): [string, string] => [
      plan.id,
      plan.name[language],
    ]);
    const found = [...textsOf(resources[language]), ...names].filter(([, text]) => other.test(text));

    expect(found).toEqual([]);
  });
});

describe('what the product says it is', () => {
  it.each([
    ['en', /advice|adviser/i],
    ['fr', /conseil/i],
    ['es', /asesor/i],
  ] as const)(
    'never calls itself investment advice in its %s tagline (the footer says it is not)',
    (language, advice) => {
      const tagline = resources[language].common.tagline;

      expect(tagline).not.toMatch(advice);
    },
  );
});

/**
 * Spanish addresses the reader as usted (locales/README.md "Glossary"): words only tú uses, as whole words.
 * Issue 46: Spanish mixed "usted" and "tu".
 */
const TU_ONLY =
  /(?<![\p{L}])(tú|tu|tus|te|ti|contigo|puedes|tienes|quieres|necesitas|estás|eres|decides|decidas|quieras|puedas|tengas|pides|cancelas|conservas|usaste|aportaste|haz|hazla|mantén|obtén|inténtalo|reinténtalo|confírmalo|cancélalo|regístrate|suscríbete|asegúrate)(?![\p{L}])/iu;

describe('one form of address', () => {
  it('writes Spanish in usted, with no tú form in the resources or the plan catalogue', () => {
    const names = Object.values(MARKETING_PLANS).map((plan): [string, string] => [
      plan.id,
      plan.philosophy.es,
    ]);
    const found = [...textsOf(resources.es), ...names].filter(([, text]) => TU_ONLY.test(text));

    expect(found).toEqual([]);
  });
});
