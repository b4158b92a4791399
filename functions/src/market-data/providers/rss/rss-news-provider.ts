import type { NewsItem, TimedNewsItem } from '../../../engine/catalysts/types';
import type { NewsProvider, NewsQuery } from '../../news-provider';
import { fetchFeedText, type FetchFeedOptions } from '../http/fetch-feed';
import { selectRecent } from '../sec-edgar/sec-edgar-provider';
import { decodeEntities, findElements, firstText, stripTags } from '../http/xml-text';

/*
 * RSS 2.0 news feeds (engine/catalysts/README.md "Live sources"). Items rarely carry tickers, so they are read
 * from the text: exchange-qualified mentions ("(NASDAQ: AAPL)", "NYSE:IBM") and cashtags ("$AAPL").
 * A feed configured for one symbol (e.g. a company's investor-relations feed) tags every item with it.
 */

export interface RssFeedConfig {
  url: string;
  /** Shown as the item's source. */
  name: string;
  /** Tickers every item of this feed is about (company feeds). */
  tickers?: string[];
}

const EXCHANGE_MENTION =
  /\((?:NASDAQ|NYSE|NYSE American|AMEX|OTC|TSX|LSE)\s*:\s*([A-Z][A-Z0-9.]{0,9})\)|\b(?:NASDAQ|NYSE):\s?([A-Z][A-Z0-9.]{0,9})\b/g;
const CASHTAG = /(?:^|\s)\$([A-Z][A-Z0-9]{0,5}(?:\.[A-Z])?)\b/g;

export function extractTickers(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(EXCHANGE_MENTION)) found.add((match[1] ?? match[2]) as string);
  for (const match of text.matchAll(CASHTAG)) found.add(match[1] as string);
  return [...found];
}

/** RFC 822 dates of RSS (e.g. "Tue, 05 Nov 2024 14:30:00 GMT" or "+0000") parse with Date. */
function parseRssDate(text: string): Date | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/** RSS titles and descriptions are often HTML (escaped or in CDATA): strip the tags, then decode the HTML entities. */
function htmlToText(html: string): string {
  return decodeEntities(stripTags(html)).replace(/\s+/g, ' ').trim();
}

export function parseRssFeed(xml: string, feed: RssFeedConfig): NewsItem[] {
  const items: NewsItem[] = [];
  for (const raw of findElements(xml, 'item')) {
    const title = htmlToText(firstText(raw, 'title'));
    const published = parseRssDate(firstText(raw, 'pubDate'));
    if (!title || !published) continue;
    const description = htmlToText(firstText(raw, 'description'));
    const link = firstText(raw, 'link');
    const guid = firstText(raw, 'guid') || link || `${feed.url}#${title}`;
    const tickers = new Set([...(feed.tickers ?? []), ...extractTickers(`${title} ${description}`)]);
    items.push({
      id: `rss-${guid}`,
      published_at: published.toISOString(),
      tickers: [...tickers].map((ticker) => ticker.toUpperCase()),
      title,
      description,
      source: feed.name,
      source_kind: 'rss_feed',
      url: link || '#',
    });
  }
  return items;
}

export function createRssNewsProvider(options: {
  feeds: readonly RssFeedConfig[];
  fetchOptions: FetchFeedOptions;
  now: () => Date;
}): NewsProvider {
  return {
    name: 'rss',
    async listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]> {
      const documents = await Promise.all(
        options.feeds.map(async (feed) =>
          parseRssFeed(await fetchFeedText(feed.url, options.fetchOptions), feed),
        ),
      );
      return selectRecent(documents.flat(), query, options.now());
    },
  };
}

/** Several providers as one: a failing source is reported and skipped, the others still answer. */
export function combineNewsProviders(
  providers: readonly NewsProvider[],
  reportError: (message: string, error: unknown) => void,
): NewsProvider {
  return {
    name: providers.map((provider) => provider.name).join('+'),
    async listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]> {
      const results = await Promise.allSettled(providers.map((provider) => provider.listRecentNews(query)));
      const items: TimedNewsItem[] = [];
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') items.push(...result.value);
        else reportError(`news provider ${providers[index]?.name ?? index} failed`, result.reason);
      });
      if (items.length === 0 && results.every((result) => result.status === 'rejected')) {
        throw new Error('every news provider failed');
      }
      const seen = new Set<string>();
      return items
        .filter((entry) => !seen.has(entry.item.id) && seen.add(entry.item.id))
        .sort((left, right) => left.hours_ago - right.hours_ago);
    },
  };
}
