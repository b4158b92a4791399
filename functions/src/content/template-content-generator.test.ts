import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, planDailyContent } from './content-generator';
import { contentBrief } from '../testing/content-test-fixtures';
import { DISCLAIMERS, findPromiseLanguage } from './content-policy';
import { createTemplateContentGenerator, symbolHashtag } from './template-content-generator';

describe('daily content plan', () => {
  it('plans one post per theme and language, each theme on its own asset', () => {
    const plan = planDailyContent(contentBrief());
    expect(plan).toHaveLength(9);
    expect(plan.map((request) => `${request.type}/${request.audience}/${request.language}`)).toEqual([
      'POST/beginner/en',
      'POST/beginner/fr',
      'POST/beginner/es',
      'REEL/intermediate/en',
      'REEL/intermediate/fr',
      'REEL/intermediate/es',
      'STORY/advanced/en',
      'STORY/advanced/fr',
      'STORY/advanced/es',
    ]);
    // Quality: best graded; volatility: most volatile; factors: the asset with a catalyst.
    expect([plan[0]?.focus.symbol, plan[3]?.focus.symbol, plan[6]?.focus.symbol]).toEqual([
      'AAPL',
      'BTC-USD',
      '^GSPC',
    ]);
    expect(plan[6]?.catalyst?.title).toBe('Fed holds rates steady');
  });

  it('plans nothing without graded assets', () => {
    expect(planDailyContent({ day: '2026-11-22', assets: [], catalysts: [] })).toEqual([]);
  });
});

describe('template content generator', () => {
  const generator = createTemplateContentGenerator();

  it('writes the same posts from the same inputs', async () => {
    const first = await Promise.all(
      planDailyContent(contentBrief()).map((request) => generator.generate(request)),
    );
    const second = await Promise.all(
      planDailyContent(contentBrief()).map((request) => generator.generate(request)),
    );
    expect(second).toEqual(first);
  });

  it('ends every post with the disclaimer of its language and promises nothing', async () => {
    for (const request of planDailyContent(contentBrief())) {
      const post = await generator.generate(request);
      expect(post.content.endsWith(DISCLAIMERS[request.language])).toBe(true);
      expect(findPromiseLanguage(post.content)).toEqual([]);
      expect(post.hashtags).toContain(symbolHashtag(request.focus.symbol));
    }
  });

  it('quotes the engine figures in the post language', async () => {
    const plan = planDailyContent(contentBrief());
    const english = await generator.generate(plan[0] as never);
    const french = await generator.generate(plan[1] as never);
    const spanish = await generator.generate(plan[5] as never);
    expect(english.content).toContain(
      'Apple Inc. (AAPL) is graded A today, with a rationality score of 76.4/100',
    );
    expect(english.content).toContain('Figures: historical replay, prices of May 12, 2016.');
    expect(french.content).toContain('score de rationalité de 76,4/100');
    expect(french.content).toContain('12 mai 2016');
    expect(spanish.content).toContain('Bitcoin (BTC-USD) oscila un 61,2');
    expect(CONTENT_LANGUAGES).toEqual(['en', 'fr', 'es']);
  });

  it('makes hashtags of symbols with separators', () => {
    expect(symbolHashtag('^GSPC')).toBe('#GSPC');
    expect(symbolHashtag('BTC-USD')).toBe('#BTCUSD');
  });
});
