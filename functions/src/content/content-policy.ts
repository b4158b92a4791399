import type { Language } from '@app/shared/domain/enums';

/**
 * What every generated post must respect, whoever wrote it: it never promises a return, and it always
 * ends with the "not investment advice" line in its own language.
 */

export const DISCLAIMERS: Readonly<Record<Language, string>> = {
  en: 'Not investment advice. Past performance does not predict future results.',
  fr: "Ceci n'est pas un conseil en investissement. Les performances passées ne préjugent pas des performances futures.",
  es: 'Esto no es asesoramiento de inversión. Las rentabilidades pasadas no predicen resultados futuros.',
};

/**
 * Phrases that promise returns or deny risk, in the three languages. Matched case- and
 * accent-insensitively on word boundaries, in any language (a French post quoting an English slogan
 * is still a promise).
 */
export const PROMISE_PATTERNS: ReadonlyArray<{ language: Language; pattern: RegExp }> = [
  ...[
    /\bguarantee(d|s)?\b/,
    /\brisk[- ]?free\b/,
    /\bno risk\b/,
    /\bwill (double|triple|10x|skyrocket|explode)\b/,
    /\bdouble your (money|investment)\b/,
    /\b(can ?not|can't|cannot) lose\b/,
    /\bsure (thing|bet|win)\b/,
    /\bsurefire\b/,
    /\bmoon(ing|shot)?\b/,
    /\b\d+x (gains?|returns?)\b/,
    /\bget rich\b/,
    /\beasy money\b/,
  ].map((pattern) => ({ language: 'en' as const, pattern })),
  ...[
    /\bgaranti(e|s|es)?\b/,
    /\bsans (aucun )?risque\b/,
    /\b(va|vont|allez) (doubler|tripler|exploser|s'envoler)\b/,
    /\bdoubler (votre|ton|son) (argent|capital|investissement)\b/,
    /\bargent facile\b/,
    /\bdevenir riche\b/,
    /\b(gain|rendement|profit|benefice)s? (assure|certain)s?\b/,
    /\bvers la lune\b/,
    /\bimpossible de perdre\b/,
  ].map((pattern) => ({ language: 'fr' as const, pattern })),
  ...[
    /\bgarantizad[oa]s?\b/,
    /\bsin (ningun )?riesgo\b/,
    /\b(va|van) a (duplicar|triplicar|explotar|dispararse)\b/,
    /\bse (duplicara|triplicara)\b/,
    /\bduplica(r)? (tu|su) (dinero|capital|inversion)\b/,
    /\bdinero facil\b/,
    /\bhacerte rico\b|\bhacerse rico\b/,
    /\b(ganancia|rentabilidad|beneficio)s? (segura|asegurada|garantizada)s?\b/,
    /\ba la luna\b/,
    /\bno (puedes|puede) perder\b/,
  ].map((pattern) => ({ language: 'es' as const, pattern })),
  { language: 'en', pattern: /\u{1F680}/u },
];

/** Lower case without accents, so "Sans risque", "GARANTÍ" and "dinero fácil" all match. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The promise phrases a text contains (empty when it is clean). */
export function findPromiseLanguage(text: string): string[] {
  const normalised = normalise(text);
  const found: string[] = [];
  for (const { pattern } of PROMISE_PATTERNS) {
    const match = normalised.match(pattern);
    if (match) found.push(match[0]);
  }
  return found;
}

export class PromiseLanguageError extends Error {
  constructor(readonly phrases: string[]) {
    super(`generated content promises returns: ${phrases.join(', ')}`);
    this.name = 'PromiseLanguageError';
  }
}

/** Refuses a text that promises returns; a generator's post never reaches the queue with one. */
export function assertNoPromiseLanguage(text: string): void {
  const phrases = findPromiseLanguage(text);
  if (phrases.length > 0) throw new PromiseLanguageError(phrases);
}

/** The post body with the disclaimer as its last line (added once, even if the writer added it). */
export function withDisclaimer(body: string, language: Language): string {
  const disclaimer = DISCLAIMERS[language];
  const trimmed = body.trim();
  if (trimmed.endsWith(disclaimer)) return trimmed;
  return `${trimmed}\n\n${disclaimer}`;
}

export function hasDisclaimer(content: string, language: Language): boolean {
  return content.trim().endsWith(DISCLAIMERS[language]);
}
