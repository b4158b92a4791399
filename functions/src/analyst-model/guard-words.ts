import { normalizeText } from './guard-figures';

/*
 * The guard's word lists (docs/product.md "The analyst"): advice words refused in any answer, and the
 * cheap language check, which counts each language's most common short words. Every entry is written
 * as normalizeText leaves a text: lower case, without accents.
 */

/** The languages the analyst answers in; the guard (guard.ts) and the model writers read it from here. */
export type AnalystLanguage = 'en' | 'fr' | 'es';

/** Promises and calls to trade: the analyst explains figures, it never tells anyone to buy or sell. */
export const ADVICE_WORDS: Record<AnalystLanguage, readonly string[]> = {
  en: [
    'guaranteed',
    'guarantee',
    'guarantees',
    'sure to rise',
    'sure to go up',
    'sure bet',
    'sure thing',
    "can't lose",
    'cannot lose',
    'buy now',
    'sell now',
    'buy it now',
    'strong buy',
    'must buy',
    'you should buy',
    'you should sell',
    'risk-free',
    'risk free',
    'will definitely',
    'will certainly',
    'get rich',
    'double your money',
    'act now',
    'to the moon',
  ],
  fr: [
    'garanti',
    'garantie',
    'garanties',
    'garantis',
    'garantit',
    'sans risque',
    'achetez maintenant',
    'vendez maintenant',
    'achetez vite',
    'achat immediat',
    'hausse assuree',
    'a coup sur',
    'va forcement monter',
    'il faut acheter',
    'vous devez acheter',
    'vous devriez acheter',
    'vous devez vendre',
    'ne ratez pas',
    'devenir riche',
  ],
  es: [
    'garantizado',
    'garantizada',
    'garantizados',
    'garantia',
    'garantiza',
    'compre ya',
    'compra ya',
    'venda ya',
    'vende ya',
    'compre ahora',
    'compra ahora',
    'venda ahora',
    'vende ahora',
    'sin riesgo',
    'subida segura',
    'seguro que sube',
    'subira seguro',
    'apuesta segura',
    'debe comprar',
    'deberia comprar',
    'debe vender',
    'deberia vender',
    'no se lo pierda',
    'hacerse rico',
  ],
};

const escape = (phrase: string): string => phrase.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern over the three lists, whole words only ("garantie" but not "garantiemment"). */
const ADVICE_PATTERN = new RegExp(
  `(?<![a-z])(?:${Object.values(ADVICE_WORDS).flat().map(escape).join('|')})(?![a-z])`,
);

/** An advice word of any of the three languages, or undefined. */
export function adviceWordIn(text: string): string | undefined {
  return ADVICE_PATTERN.exec(normalizeText(text).replaceAll(/[\u2019']/g, "'"))?.[0];
}

/**
 * Short words frequent in one language and rare in the other two (words shared by French and
 * Spanish, such as "de", "la", "en", "que", "un", are left out: they tell nothing).
 */
const STOPWORDS: Record<AnalystLanguage, ReadonlySet<string>> = {
  en: new Set(
    'the and is are was were of to with that this its it what which not by than your from be has have for would will because why their'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le les des du est et une pour dans sur au aux avec qui ce cette sont pas plus ne votre vos ses il elle mais ou etre ete leur nous vous parce pourquoi'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el los las del es y una para por con su sus esta estan pero mas muy como este tambien al lo tiene hay cual porque entre sobre ha'.split(
      ' ',
    ),
  ),
};

const LANGUAGES: readonly AnalystLanguage[] = ['en', 'fr', 'es'];
/** Fewer words than this and the check says nothing (a short answer such as "B+ (62)"). */
export const MIN_WORDS_TO_JUDGE = 5;

/** How many of each language's stopwords the text has. */
export function stopwordCounts(text: string): Record<AnalystLanguage, number> {
  const words = normalizeText(text).match(/[a-z]+/g) ?? [];
  const counts: Record<AnalystLanguage, number> = { en: 0, fr: 0, es: 0 };
  for (const word of words)
    for (const language of LANGUAGES) if (STOPWORDS[language].has(word)) counts[language] += 1;
  return counts;
}

/** Whether the text reads as the language: at least one of its words, and no other language's more. */
export function readsAs(text: string, language: AnalystLanguage): boolean {
  const words = normalizeText(text).match(/[a-z]+/g) ?? [];
  if (words.length < MIN_WORDS_TO_JUDGE) return true;
  const counts = stopwordCounts(text);
  const others = LANGUAGES.filter((other) => other !== language).map((other) => counts[other]);
  return counts[language] > 0 && counts[language] >= Math.max(...others);
}
