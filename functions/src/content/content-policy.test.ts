import { describe, expect, it } from 'vitest';
import {
  assertNoPromiseLanguage,
  DISCLAIMERS,
  findPromiseLanguage,
  hasDisclaimer,
  PromiseLanguageError,
  withDisclaimer,
} from './content-policy';

describe('promise guard', () => {
  it.each([
    ['en', 'Guaranteed 20% returns on this stock'],
    ['en', 'A risk-free way to grow your savings'],
    ['en', 'This coin will double by spring'],
    ['en', 'BTC to the moon'],
    ['fr', 'Un rendement garanti chaque mois'],
    ['fr', 'Un placement SANS RISQUE'],
    ['fr', 'Cette action va doubler cette année'],
    ['fr', 'Direction : vers la lune'],
    ['es', 'Rentabilidad garantizada cada mes'],
    ['es', 'Una inversión sin riesgo'],
    ['es', 'Esta acción va a duplicar su valor'],
    ['es', 'Dinero fácil para todos'],
  ])('catches a promise in %s: %s', (_language, text) => {
    expect(findPromiseLanguage(text).length).toBeGreaterThan(0);
    expect(() => assertNoPromiseLanguage(text)).toThrow(PromiseLanguageError);
  });

  it.each([
    'Volatility cuts both ways: size positions so a bad month does not force a sale.',
    'La volatilité joue dans les deux sens.',
    'Las grandes oscilaciones cortan en ambos sentidos.',
    ...Object.values(DISCLAIMERS),
  ])('lets sober text through: %s', (text) => {
    expect(findPromiseLanguage(text)).toEqual([]);
  });
});

describe('disclaimer', () => {
  it('ends every post, once, in its language', () => {
    const post = withDisclaimer('Quality first.', 'fr');
    expect(post).toBe(`Quality first.\n\n${DISCLAIMERS.fr}`);
    expect(withDisclaimer(post, 'fr')).toBe(post);
    expect(hasDisclaimer(post, 'fr')).toBe(true);
    expect(hasDisclaimer(post, 'es')).toBe(false);
  });
});
