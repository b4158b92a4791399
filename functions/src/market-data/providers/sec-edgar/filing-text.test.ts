import { describe, expect, it } from 'vitest';
import { recorded } from './fixtures/recorded-answers';
import { exhibit99Links, FILING_EXCERPT_MAX_CHARS, itemsExcerpt, releaseExcerpt } from './filing-text';

const eightK = recorded('8-K-BKE-20241122-trimmed.htm');
const release = recorded('EX-99.1-BKE-20241122-trimmed.htm');

describe('the words of an 8-K (The Buckle, Inc., 2024-11-22, recorded)', () => {
  it('keeps the item’s prose: not the cover page, the “not deemed filed” boilerplate, Item 9.01 or the signatures', () => {
    // Read off the document by hand: the one sentence pair under ITEM 2.02.
    expect(itemsExcerpt(eightK)).toBe(
      'On November 22, 2024, The Buckle, Inc. announced financial results for the fiscal quarter ended ' +
        'November 2, 2024. The full text of the press release is furnished as Exhibit 99.1 to this report.',
    );
  });

  it('finds the press release the 8-K links as Exhibit 99.1 (and not Exhibit 104)', () => {
    expect(exhibit99Links(eightK)).toEqual(['bke20241122-8kexhibit.htm']);
    expect(exhibit99Links(release)).toEqual([]);
  });

  it('keeps the release’s prose from its dateline, without letterhead, headline or safe-harbor text, cut at a sentence', () => {
    const excerpt = releaseExcerpt(release) ?? '';
    expect(
      excerpt.startsWith('KEARNEY, NE -- (BUSINESS WIRE) -- The Buckle, Inc. (NYSE: BKE) announced today'),
    ).toBe(true);
    expect(excerpt).toContain('decreased 3.2 percent to $293.6 million');
    expect(excerpt).not.toMatch(/For Immediate Release|www\.buckle\.com|forward-looking|Financial Tables/);
    expect(excerpt.length).toBeLessThanOrEqual(FILING_EXCERPT_MAX_CHARS);
    expect(excerpt.endsWith('.')).toBe(true);
  });

  it('answers null for a document without prose, and cuts a long one at the last full sentence', () => {
    expect(itemsExcerpt('<html><body><p>FORM 8-K</p></body></html>')).toBeNull();
    const sentence = 'The company announced that quarterly revenue increased for the fourth year in a row. ';
    const long = `<html><body><p>${sentence.repeat(20)}</p></body></html>`;
    // 85 characters a sentence with its space: 3 whole sentences fit in 300, the cut drops the space.
    expect(releaseExcerpt(long, 300)).toBe(sentence.repeat(3).trimEnd());
  });
});
