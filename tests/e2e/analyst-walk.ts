import type { Language } from '@app/shared/domain/enums';

/*
 * The analyst walk's cases (docs/product.md "The analyst"), written by hand: a user's question about
 * the portfolio per language, the opening of the template answer in that language (the
 * ANALYST_RISKIEST_HOLDING message) and the suites' market date, 2017-01-01, as each reader writes it.
 */

export interface Fact {
  id: string;
  value: number | string | null;
}

export interface AnalystAnswer {
  text: string;
  intent: string;
  language: string;
  generated_by: string;
  as_of: string;
  figures: { id: string; value: number | string | null }[];
}

export const ANALYST_QUESTIONS: readonly {
  language: Language;
  question: string;
  opening: string;
  asOf: string;
}[] = [
  {
    language: 'en',
    question: 'what is my riskiest holding?',
    opening: 'Your riskiest holding by its grade is',
    asOf: 'Jan 1, 2017',
  },
  {
    language: 'fr',
    question: 'quelle est ma position la plus risquée ?',
    opening: "Votre position la plus risquée d'après sa note est",
    asOf: '1 janv. 2017',
  },
  {
    language: 'es',
    question: '¿cuál es mi posición más arriesgada?',
    opening: 'Su posición más arriesgada según su nota es',
    asOf: '1 ene 2017',
  },
];

/** Spaces a locale groups thousands with: space, no-break space, narrow no-break space. */
const GROUP_SPACES = /[ \u00a0\u202f]/g;

/**
 * Whether a figure as the panel shows it ("$1,164.70 (Jan 1, 2017)", "1 164,70 $US (1 janv. 2017)",
 * "B+ (…)") is `value`: a text the same, a number equal at the decimals shown (en-US writes 1,164.70;
 * fr-FR 1 164,70; es-ES 1164,70 and 12.345,67).
 */
export function shownValueMatches(shown: string, value: number | string | null, language: Language): boolean {
  const written = shown.replace(/\s*\([^)]*\)\s*$/, '').trim();
  if (value === null) return written === '–';
  if (typeof value === 'string') return written === value;
  const pattern = language === 'en' ? /-?\d[\d,]*(?:\.(\d+))?/ : /-?\d[\d. \u00a0\u202f]*(?:,(\d+))?/;
  const match = pattern.exec(written);
  if (!match) return false;
  const number =
    language === 'en'
      ? Number(match[0].replaceAll(',', ''))
      : Number(match[0].replace(GROUP_SPACES, '').replaceAll('.', '').replace(',', '.'));
  const decimals = match[1]?.length ?? 0;
  return Math.abs(number - value) <= 0.5 * 10 ** -decimals + 1e-9;
}
