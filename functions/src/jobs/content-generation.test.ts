import { describe, expect, it } from 'vitest';
import type { ContentGenerator } from '../content/content-generator';
import { contentBrief } from '../testing/content-test-fixtures';
import { createTemplateContentGenerator } from '../content/template-content-generator';
import type { NewSocialContent } from '../data/content-queue-repository';
import {
  contentIdOf,
  msUntilNextRun,
  runContentGeneration,
  type ContentGenerationDeps,
} from './content-generation';

function fakeRepository() {
  const posts = new Map<string, NewSocialContent>();
  const days = new Map<string, number>();
  const repository: ContentGenerationDeps['repository'] = {
    saveGeneratedContent: async (content) => {
      if (posts.has(content.id)) return false;
      posts.set(content.id, content);
      return true;
    },
    getContentDay: async (day) =>
      days.has(day) ? { day, posts: days.get(day) ?? 0, generated_at: 'x' } : null,
    markContentDay: async (day, count) => {
      days.set(day, count);
    },
  };
  return { repository, posts, days };
}

const now = () => new Date('2026-11-22T06:00:00.000Z');

describe('runContentGeneration', () => {
  it('stores the day posts once, under ids derived from day, slot and language', async () => {
    const { repository, posts, days } = fakeRepository();
    const deps = {
      now,
      loadBrief: async () => contentBrief(),
      generator: createTemplateContentGenerator(),
      repository,
    };
    const result = await runContentGeneration(deps);
    expect(result).toMatchObject({
      day: '2026-11-22',
      planned: 9,
      stored: 9,
      failed: 0,
      already_generated: false,
    });
    expect(result.ids[0]).toBe(contentIdOf('2026-11-22', 0, 'en'));
    expect(result.ids[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(result.ids).size).toBe(9);
    expect(days.get('2026-11-22')).toBe(9);
    expect([...posts.values()].every((post) => post.generated_at === '2026-11-22T06:00:00.000Z')).toBe(true);

    const again = await runContentGeneration(deps);
    expect(again).toMatchObject({ already_generated: true, stored: 0 });
    expect(posts.size).toBe(9);
  });

  it('gives the same ids and posts for the same day on another store (determinism)', async () => {
    const first = fakeRepository();
    const second = fakeRepository();
    const generator = createTemplateContentGenerator();
    await runContentGeneration({
      now,
      loadBrief: async () => contentBrief(),
      generator,
      repository: first.repository,
    });
    await runContentGeneration({
      now,
      loadBrief: async () => contentBrief(),
      generator,
      repository: second.repository,
    });
    expect([...second.posts.entries()]).toEqual([...first.posts.entries()]);
  });

  it('refuses a post that promises returns or lacks the disclaimer, and leaves the day open for a rerun', async () => {
    const { repository, posts, days } = fakeRepository();
    const template = createTemplateContentGenerator();
    const rogue: ContentGenerator = {
      name: 'rogue',
      generate: async (request) =>
        request.slot === 1
          ? { content: 'This will double, guaranteed.', hashtags: [] }
          : template.generate(request),
    };
    const result = await runContentGeneration({
      now,
      loadBrief: async () => contentBrief(),
      generator: rogue,
      repository,
    });
    expect(result).toMatchObject({ planned: 9, stored: 6, failed: 3 });
    expect(posts.size).toBe(6);
    expect(days.size).toBe(0);
  });

  it('counts model tokens on the job meter', async () => {
    const { repository } = fakeRepository();
    const template = createTemplateContentGenerator();
    const metered: ContentGenerator = {
      name: 'metered',
      generate: async (request) => ({
        ...(await template.generate(request)),
        usage: { inputTokens: 100, outputTokens: 20 },
      }),
    };
    const usage = { input: 0, output: 0 };
    await runContentGeneration({
      now,
      loadBrief: async () => contentBrief(),
      generator: metered,
      repository,
      meter: {
        addModelUsage: (input, output) => {
          usage.input += input;
          usage.output += output;
        },
      },
    });
    expect(usage).toEqual({ input: 900, output: 180 });
  });
});

describe('msUntilNextRun', () => {
  it('waits until the configured UTC hour, today or tomorrow', () => {
    expect(msUntilNextRun(new Date('2026-11-22T05:30:00Z'), 6)).toBe(30 * 60_000);
    expect(msUntilNextRun(new Date('2026-11-22T06:00:00Z'), 6)).toBe(24 * 3_600_000);
    expect(msUntilNextRun(new Date('2026-11-22T07:00:00Z'), 6)).toBe(23 * 3_600_000);
  });
});
