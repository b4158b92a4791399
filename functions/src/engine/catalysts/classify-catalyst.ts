import type { CatalystType } from '@app/shared/domain/enums';
import { EDGAR_ITEM_TYPES, KEYWORD_RULES, type KeywordRule } from './catalyst-rules';
import type { CatalystClassification } from './types';

/*
 * Rule-based catalyst classification (methodology: engine/catalysts/README.md "Classification").
 *
 * 1. An SEC 8-K filing is classified by its item codes (EDGAR_ITEM_TYPES), which the filer chose
 *    under the SEC's rules: more reliable than any keyword. Each mapped item adds 10 points.
 * 2. Otherwise each type has keyword rules (regular expressions over the lower-cased text) with
 *    weights: a weight of 5-6 means the phrase almost always names the type ("initial public
 *    offering", "fda"), 1-2 means it hints at it ("quarter", "deal"). A match in the title counts
 *    twice, in the description once: the headline says what the item is about.
 * 3. The highest total wins; ties go to the type listed first in TYPE_PRIORITY (the more specific
 *    one). Below MINIMUM_SCORE the item is general_news.
 */

/** Items that are routinely attached to others and say nothing about the event (exhibits, bylaws, votes). */
const ANCILLARY_ITEMS = new Set(['9.01', '5.03', '5.07']);

/** Tie-break order: more specific types first. */
export const TYPE_PRIORITY: readonly CatalystType[] = [
  'fda_approval',
  'ipo',
  'merger',
  'earnings',
  'contract_win',
  'executive_change',
  'partnership',
  'product_launch',
  'regulatory',
  'general_news',
];

export const TITLE_MULTIPLIER = 2;
export const FILING_ITEM_WEIGHT = 10;
export const MINIMUM_SCORE = 2;

export interface ClassifyInput {
  title: string;
  description?: string;
  filingItems?: readonly string[];
}

function scoreKeywords(
  text: string,
  rules: readonly KeywordRule[],
  multiplier: number,
  matched: Set<string>,
): number {
  let total = 0;
  for (const keywordRule of rules) {
    if (keywordRule.pattern.test(text)) {
      total += keywordRule.weight * multiplier;
      matched.add(keywordRule.label);
    }
  }
  return total;
}

export function classifyCatalyst(input: ClassifyInput): CatalystClassification {
  const scores = new Map<CatalystType, { score: number; matched: Set<string> }>();
  for (const type of TYPE_PRIORITY) scores.set(type, { score: 0, matched: new Set() });

  // Filing items override keywords: general_news items (7.01, 8.01) still let keywords refine.
  const specificItems = (input.filingItems ?? []).filter((item) => !ANCILLARY_ITEMS.has(item));
  for (const item of specificItems) {
    const type = EDGAR_ITEM_TYPES[item];
    if (!type) continue;
    const entry = scores.get(type) as { score: number; matched: Set<string> };
    entry.score += type === 'general_news' ? 1 : FILING_ITEM_WEIGHT;
    entry.matched.add(`8-K item ${item}`);
  }

  for (const type of TYPE_PRIORITY) {
    const entry = scores.get(type) as { score: number; matched: Set<string> };
    const rules = KEYWORD_RULES[type];
    entry.score += scoreKeywords(input.title, rules, TITLE_MULTIPLIER, entry.matched);
    if (input.description) entry.score += scoreKeywords(input.description, rules, 1, entry.matched);
  }

  let best: CatalystType = 'general_news';
  let bestScore = 0;
  for (const type of TYPE_PRIORITY) {
    const score = (scores.get(type) as { score: number }).score;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  if (bestScore < MINIMUM_SCORE) {
    const general = scores.get('general_news') as { score: number; matched: Set<string> };
    return { catalyst_type: 'general_news', score: general.score, matched: [...general.matched] };
  }
  const winner = scores.get(best) as { matched: Set<string> };
  return { catalyst_type: best, score: Math.round(bestScore * 100) / 100, matched: [...winner.matched] };
}
