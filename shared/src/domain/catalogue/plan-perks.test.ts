import { describe, expect, it } from 'vitest';
import { LANGUAGES, TIERS } from '../enums';
import { resources } from '../../i18n';
import { perkLinesOf } from './plan-perks';

function textOf(language: (typeof LANGUAGES)[number], key: string): unknown {
  let node: unknown = (resources[language] as Record<string, unknown>).common;
  for (const part of ['perks', ...key.split('.')])
    node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('perkLinesOf', () => {
  // Expected lines written from the tier table of functions/src/subscription/README.md, by hand.
  it.each([
    [
      'FREE',
      [
        ['gradesAndScores', {}],
        ['portfolioAssets.limited', { count: 5 }],
        ['recommendationsShown.limited', { count: 3 }],
        ['detailedAnalyses.limited', { count: 3 }],
        ['analystQuestions.limited', { count: 3 }],
        ['marketAlerts.limited', { count: 5 }],
        ['priceUpdates.delayed', { minutes: 15 }],
        ['screener.basic', {}],
        ['watchlists.one', { symbols: 20 }],
      ],
    ],
    [
      'PREMIUM',
      [
        ['gradesAndScores', {}],
        ['portfolioAssets.limited', { count: 25 }],
        ['recommendationsShown.limited', { count: 10 }],
        ['detailedAnalyses.limited', { count: 10 }],
        ['analystQuestions.limited', { count: 30 }],
        ['marketAlerts.limited', { count: 50 }],
        ['priceUpdates.realTime', {}],
        ['screener.allFilters', {}],
        ['watchlists.limited', { count: 10, symbols: 100 }],
        ['advancedRecommendations', {}],
        ['advancedAnalytics', {}],
        ['prioritySupport', {}],
      ],
    ],
    [
      'PRO',
      [
        ['gradesAndScores', {}],
        ['portfolioAssets.unlimited', {}],
        ['recommendationsShown.unlimited', {}],
        ['detailedAnalyses.unlimited', {}],
        ['analystQuestions.limited', { count: 200 }],
        ['marketAlerts.unlimited', {}],
        ['priceUpdates.realTime', {}],
        ['screener.allFilters', {}],
        ['watchlists.unlimited', {}],
        ['advancedRecommendations', {}],
        ['advancedAnalytics', {}],
        ['customAlerts.limited', { count: 50 }],
        ['prioritySupport', {}],
      ],
    ],
  ] as const)('words %s from the catalogue', (tier, expected) => {
    const lines = perkLinesOf(tier);

    expect(lines.map((line) => [line.key, line.params])).toEqual(expected);
  });

  it.each(TIERS.flatMap((tier) => LANGUAGES.map((language) => [tier, language] as const)))(
    'has a text for every %s line in %s',
    (tier, language) => {
      const missing = perkLinesOf(tier).filter((line) => typeof textOf(language, line.key) !== 'string');

      expect(missing).toEqual([]);
    },
  );
});
