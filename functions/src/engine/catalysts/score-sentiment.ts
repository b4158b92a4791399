import type { SentimentResult } from './types';

/*
 * Headline sentiment in -1..1 (methodology: README.md "Sentiment").
 *
 * Base lexicon: AFINN-165 with the financial-market-news additions (MIT, 3,555 entries, valence
 * -5..+5). It misses common market words (downgrade, bearish, recall, buyback, outperform, ...)
 * and scores a few words by a non-financial sense ("fine" is praise in everyday English and a
 * penalty in market news; "share" and "interest" are nouns here). FINANCE_LEXICON adds the
 * missing words and overrides those senses; it wins over the base list.
 */
export const FINANCE_LEXICON: Readonly<Record<string, number>> = {
  // Analyst actions and positioning.
  downgrade: -3,
  downgrades: -3,
  downgraded: -3,
  upgrades: 2,
  upgraded: 2,
  outperform: 2,
  outperforms: 2,
  outperformed: 2,
  underperforms: -2,
  underperformed: -2,
  overweight: 1,
  underweight: -1,
  bearish: -2,
  bullish: 2,
  // Results.
  beats: 2,
  exceeds: 2,
  exceeded: 2,
  misses: -2,
  missed: -2,
  shortfall: -2,
  upbeat: 2,
  downbeat: -2,
  disappoints: -2,
  stalls: -2,
  stalled: -2,
  slowing: -1,
  flat: 0,
  writedown: -2,
  impairment: -2,
  // Price moves.
  surges: 2,
  surged: 2,
  soar: 3,
  soars: 3,
  soared: 3,
  jumps: 2,
  jumped: 2,
  rallies: 2,
  plummet: -3,
  plummets: -3,
  plummeted: -3,
  slump: -2,
  slumps: -2,
  slumped: -2,
  slide: -2,
  slides: -2,
  slid: -2,
  tumble: -2,
  tumbles: -2,
  tumbled: -2,
  selloff: -2,
  'sell-off': -2,
  volatility: -1,
  volatile: -1,
  uncertainty: -1,
  glut: -2,
  // Capital returns and deals.
  buyback: 2,
  buybacks: 2,
  accretive: 2,
  dividend: 1,
  // Legal, regulatory and operational trouble.
  recall: -2,
  recalls: -2,
  recalled: -2,
  fine: -2,
  fined: -2,
  fines: -2,
  probe: -2,
  lawsuit: -2,
  lawsuits: -2,
  sues: -2,
  sued: -2,
  ousted: -2,
  rejects: -2,
  rejected: -2,
  halts: -2,
  halted: -2,
  suspends: -1,
  postpone: -1,
  canceled: -1,
  layoffs: -2,
  default: -2,
  defaults: -2,
  hackers: -2,
  throttled: -2,
  loses: -2,
  lose: -2,
  // Corporate actions that markets usually read as mildly good or bad news.
  unveil: 1,
  unveils: 1,
  unveiled: 1,
  introduces: 1,
  selected: 1,
  strips: -2,
  // Senses that are neutral in market news.
  united: 0,
  share: 0,
  interest: 0,
  demand: 0,
  gold: 0,
  like: 0,
  pay: 0,
  free: 0,
  no: 0,
};

/** Words that flip the valence of what follows them within the same clause. */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'without',
  'neither',
  'nor',
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "doesn't",
  "don't",
  "didn't",
  "won't",
  "can't",
  'cannot',
  'fails',
  'failed',
  'fail',
]);

/** Negation reaches this many tokens after the negator, and never past a clause break. */
export const NEGATION_WINDOW_TOKENS = 3;
/** A negated word is weaker than its antonym ("not good" is milder than "bad"): VADER's factor. */
export const NEGATION_FACTOR = -0.74;
/** Normalisation x / sqrt(x^2 + alpha): VADER's alpha, so one +2 word gives 0.46 and +8 gives 0.90. */
export const NORMALISATION_ALPHA = 15;
/** The description elaborates the headline; it counts for half. */
export const DESCRIPTION_WEIGHT = 0.5;

/**
 * The base word list, word -> valence -5..+5: AFINN-165 with its financial-market-news additions
 * (`afinn-165-financialmarketnews`). It comes in as data (catalysts/sentiment-lexicon.ts reads it at
 * run time), so the engine stays pure and the Lambda bundles do not carry its 41 KB.
 */
export type SentimentLexicon = Readonly<Record<string, number>>;

function lookUpValence(token: string, base: SentimentLexicon): number | undefined {
  if (Object.hasOwn(FINANCE_LEXICON, token)) return FINANCE_LEXICON[token];
  if (Object.hasOwn(base, token)) return base[token];
  return undefined;
}

/** Lower-case clauses (split at . , ; : ! ? and dashes used as breaks), each a list of word tokens. */
export function tokeniseClauses(text: string): string[][] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[.,;:!?()]+|\s[-\u2013\u2014]\s/)
    .map((clause) => clause.match(/[a-z][a-z'-]*[a-z]|[a-z]/g) ?? [])
    .filter((tokens) => tokens.length > 0);
}

/** Raw valence sum of one text with negation, and the hits that produced it. */
export function scoreTextValence(
  text: string,
  base: SentimentLexicon,
): { raw: number; hits: SentimentResult['hits'] } {
  const hits: SentimentResult['hits'] = [];
  let raw = 0;
  for (const tokens of tokeniseClauses(text)) {
    let negationLeft = 0;
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index] as string;
      // "fails to" / "failed to": the negation starts after "to".
      if (NEGATORS.has(token)) {
        negationLeft = NEGATION_WINDOW_TOKENS + (tokens[index + 1] === 'to' ? 1 : 0);
        continue;
      }
      // Two-word entries of the base list ("better-than-expected" is hyphenated, so one token).
      const pair = `${token} ${tokens[index + 1] ?? ''}`;
      const pairValence = lookUpValence(pair, base);
      const valence = pairValence ?? lookUpValence(token, base);
      const negated = negationLeft > 0;
      if (negationLeft > 0) negationLeft -= 1;
      if (valence === undefined || valence === 0) continue;
      const effective = negated ? valence * NEGATION_FACTOR : valence;
      hits.push({ token: pairValence === undefined ? token : pair, valence: effective, negated });
      raw += effective;
      if (pairValence !== undefined) index += 1;
    }
  }
  return { raw, hits };
}

export function normaliseValence(raw: number): number {
  if (raw === 0) return 0;
  return raw / Math.sqrt(raw * raw + NORMALISATION_ALPHA);
}

/** Sentiment of a headline and its description, in -1..1, rounded to 3 decimals. */
export function scoreSentiment(base: SentimentLexicon, title: string, description = ''): SentimentResult {
  const head = scoreTextValence(title, base);
  const body = scoreTextValence(description, base);
  const raw = head.raw + DESCRIPTION_WEIGHT * body.raw;
  return {
    score: Math.round(normaliseValence(raw) * 1000) / 1000,
    raw: Math.round(raw * 1000) / 1000,
    hits: [...head.hits, ...body.hits.map((hit) => ({ ...hit, valence: hit.valence * DESCRIPTION_WEIGHT }))],
  };
}
