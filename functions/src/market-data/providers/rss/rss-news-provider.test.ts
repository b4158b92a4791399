import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractTickers, parseRssFeed } from './rss-news-provider';

describe('RSS 2.0 feed', () => {
  const items = parseRssFeed(
    readFileSync(new URL('../rss/fixtures/markets-feed.rss.xml', import.meta.url), 'utf8'),
    {
      url: 'https://news.example.test/rss',
      name: 'Example Wire',
    },
  );

  it('reads CDATA and entities, tickers from the text, and skips undated items', () => {
    expect(items.map((item) => item.title)).toEqual([
      'Example Therapeutics (NASDAQ: EXTX) wins FDA approval for once-daily pill',
      'Widget Holdings & partner call off merger after antitrust review',
      'Markets close mixed ahead of jobs report',
    ]);
    expect(items[0]?.description).toBe(
      'The agency approved the drug for adults & adolescents; shares rose in after-hours trading.',
    );
    expect(items[0]?.tickers).toEqual(['EXTX']);
    expect(items[1]?.tickers).toEqual(['WDGT']);
    expect(items[1]?.description).toContain('6% \u2014');
    expect(items[1]?.published_at).toBe('2024-02-01T18:30:00.000Z');
    expect(items[0]?.id).toBe('rss-wire-1001');
  });

  it('finds exchange-qualified tickers and cashtags', () => {
    expect(extractTickers('Deal for $ABC and (NYSE: XYZ), not $5 or NASDAQ')).toEqual(['XYZ', 'ABC']);
  });
});
