import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/shared/domain/enums';
import { AnalystIntentSchema } from '@app/shared/domain/entities/analyst';
import typed from './typed-questions.json';
import { matchIntent } from './intents';

/*
 * The analyst's intents on questions written apart from the patterns (typed-questions.json,
 * docs/product.md "The analyst"): as users type them, some misspelt. Its first run fell under both
 * floors (en 69.2 %, fr 80.0 %, es 72.0 %; without typos 85.0 %, 84.2 %, 89.5 %); intents.ts and
 * spelling.ts were changed after, so the set now guards them rather than measures them blind. Two
 * floors, per language, set before the set was first run:
 * - the questions without a typo: 90 %, the bar docs/product.md sets for the committed question set,
 *   which these restate in other words;
 * - all of them, typos included: 75 %, three questions in four answered on the subject asked. A miss
 *   gets the list of what the analyst answers (or another subject's figures), never a wrong number
 *   (the guard), so it costs a rephrased question; at one in four that is still more than one re-ask
 *   per short session. A keyword matcher cannot be held to the clean bar on misspelt keywords.
 */

const CLEAN_FLOOR = 0.9;
const OVERALL_FLOOR = 0.75;

const questions = typed.questions.map((entry) => ({
  ...entry,
  typo: 'typo' in entry && entry.typo === true,
  intent: AnalystIntentSchema.parse(entry.intent),
}));

const share = (right: number, all: number) => `${right}/${all} (${((right / all) * 100).toFixed(1)} %)`;

describe('the typed question set', () => {
  it('holds at least 20 questions per language, typos in each, every intent in each', () => {
    for (const language of LANGUAGES) {
      const asked = questions.filter((entry) => entry.language === language);
      expect(asked.length).toBeGreaterThanOrEqual(20);
      expect(asked.some((entry) => entry.typo)).toBe(true);
      expect(new Set(asked.map((entry) => entry.intent))).toEqual(new Set(AnalystIntentSchema.options));
    }
  });

  it.each(LANGUAGES)('matches the expected intent of %s questions at the floors or more', (language) => {
    const asked = questions.filter((entry) => entry.language === language);
    const right = asked.filter((entry) => matchIntent(entry.question) === entry.intent);
    const clean = asked.filter((entry) => !entry.typo);
    const cleanRight = right.filter((entry) => !entry.typo);
    const missed = asked
      .filter((entry) => !right.includes(entry))
      .map((entry) => `${entry.question} -> ${matchIntent(entry.question)} (not ${entry.intent})`);

    console.info(
      `analyst intents, typed, ${language}: ${share(right.length, asked.length)}; ` +
        `without typos ${share(cleanRight.length, clean.length)}, ` +
        `with typos ${share(right.length - cleanRight.length, asked.length - clean.length)}` +
        (missed.length > 0 ? `; missed: ${missed.join(' | ')}` : ''),
    );
    expect(cleanRight.length / clean.length).toBeGreaterThanOrEqual(CLEAN_FLOOR);
    expect(right.length / asked.length).toBeGreaterThanOrEqual(OVERALL_FLOOR);
  });
});
