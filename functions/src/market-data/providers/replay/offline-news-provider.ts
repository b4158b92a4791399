import * as z from 'zod';
import { CatalystTypeSchema, SentimentLabelSchema } from '@app/shared/domain/enums';
import { readFileSync } from 'node:fs';
import { DATA_FILE_NAMES, loadDataFile } from '../../../platform/data-files';
import type { ReplayTimeline } from './replay-timeline';
import type { NewsItem, TimedNewsItem } from '../../../engine/catalysts/types';
import type { NewsProvider, NewsQuery } from '../../news-provider';

const HOUR_MS = 3_600_000;

/**
 * The headline file's schema, built when the file is read: a module-level zod call would be a side
 * effect that keeps this module (and its data file) in every bundle importing the replay's index,
 * the portfolio area's included (infra/test/data-files-bundling.test.ts).
 */
function headlineFileSchema() {
  const headline = z.object({
    id: z.string().min(1),
    published_at: z.iso.datetime({ offset: true }),
    tickers: z.array(z.string().min(1)).min(1),
    title: z.string().min(1),
    description: z.string(),
    source: z.string().min(1),
    url: z.string().min(1),
    /** The writer's labels: the development set the rules were tuned on (README "Evaluation"). */
    dev_label: z.object({ catalyst_type: CatalystTypeSchema, sentiment: SentimentLabelSchema }),
  });
  return z.object({ about: z.string(), items: z.array(headline).min(1) });
}
export type OfflineHeadline = z.infer<ReturnType<typeof headlineFileSchema>>['items'][number];

/**
 * The curated set served with `demo_mode=true`: one headline per kind of story the view should
 * show, each about a symbol the engine can grade (README "Demo mode" explains the choice).
 */
export const DEMO_CURATED_HEADLINE_IDS: readonly string[] = [
  'replay-006', // AAPL earnings beat, positive
  'replay-022', // AAPL product launch (iPhone X), positive
  'replay-018', // AAPL regulatory (EU tax ruling), negative
  'replay-001', // AAPL merger (Beats), positive
  'replay-003', // AAPL partnership (IBM), positive
  'replay-009', // AAPL earnings miss, negative
  'replay-031', // AAPL-2007 product launch (iPad), positive
  'replay-042', // BTC-USD regulatory (SEC rejects ETF), negative
  'replay-043', // BTC-USD regulatory (Japan payment law), positive
  'replay-054', // ^GSPC general news (Fed tapering), positive
];

/** The headline file in the source tree (what build-data-files.ts ships to Lambda). */
export function readSourceHeadlineFile(): unknown {
  return JSON.parse(readFileSync(new URL('./offline-headlines.json', import.meta.url), 'utf8')) as unknown;
}

/**
 * Validates the headline file, read at run time (platform/data-files.ts) rather than bundled: the
 * shipped copy in Lambda, the source tree's elsewhere.
 */
export function loadOfflineHeadlines(
  file: unknown = loadDataFile(DATA_FILE_NAMES.offlineHeadlines, readSourceHeadlineFile),
): OfflineHeadline[] {
  const parsed = headlineFileSchema().parse(file);
  const ids = new Set<string>();
  for (const item of parsed.items) {
    if (ids.has(item.id)) throw new Error(`Duplicate headline id ${item.id} in the offline headline file`);
    ids.add(item.id);
  }
  return parsed.items;
}

export function toNewsItem(headline: OfflineHeadline): NewsItem {
  return {
    id: headline.id,
    published_at: headline.published_at,
    tickers: headline.tickers.map((ticker) => ticker.toUpperCase()),
    title: headline.title,
    description: headline.description,
    source: headline.source,
    source_kind: 'project_replay',
    url: headline.url,
  };
}

export interface OfflineNewsProvider extends NewsProvider {
  /**
   * The demo selection, each judged at the first market close after it was published; only the
   * items whose close the replay's moment at `now` has passed (never the replay's future).
   */
  listCuratedNews(now: Date): Promise<TimedNewsItem[]>;
}

/**
 * Replays the project's headline set on the market clock: an item is visible once the replay
 * moment of its series has passed its publication time, for `hoursBack` historical hours.
 */
export function createOfflineNewsProvider(options: {
  headlines: readonly OfflineHeadline[];
  timeline: ReplayTimeline;
  now: () => Date;
}): OfflineNewsProvider {
  const placed = options.headlines.flatMap((headline) => {
    const item = toNewsItem(headline);
    const published = new Date(item.published_at);
    const placement = options.timeline.placeItem(item.tickers, published);
    return placement ? [{ item, published, ...placement }] : [];
  });

  const matchesSymbol = (entry: (typeof placed)[number], symbol: string | undefined) => {
    if (!symbol) return true;
    const wanted = symbol.toUpperCase();
    return entry.symbol.toUpperCase() === wanted || entry.item.tickers.includes(wanted);
  };

  return {
    name: 'offline-replay',

    async listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]> {
      const now = options.now();
      const moments = new Map<string, Date | null>();
      const result: TimedNewsItem[] = [];
      for (const entry of placed) {
        if (!matchesSymbol(entry, query.symbol)) continue;
        if (!moments.has(entry.seriesId))
          moments.set(entry.seriesId, options.timeline.momentOf(entry.seriesId, now));
        const moment = moments.get(entry.seriesId);
        if (!moment) continue;
        const hoursAgo = (moment.getTime() - entry.published.getTime()) / HOUR_MS;
        if (hoursAgo < 0 || hoursAgo > query.hoursBack) continue;
        result.push({ item: entry.item, symbol: entry.symbol, now: moment, hours_ago: hoursAgo });
      }
      return result.sort((left, right) => left.hours_ago - right.hours_ago);
    },

    async listCuratedNews(now: Date): Promise<TimedNewsItem[]> {
      return DEMO_CURATED_HEADLINE_IDS.flatMap((id) => {
        const entry = placed.find((candidate) => candidate.item.id === id);
        if (!entry) return [];
        const reaction = options.timeline.firstCloseAfter(entry.seriesId, entry.published);
        const moment = options.timeline.momentOf(entry.seriesId, now);
        // Nothing after the market date (market-data/README.md "The market clock").
        if (!reaction || !moment || reaction.close > moment) return [];
        const hoursAgo = (reaction.close.getTime() - entry.published.getTime()) / HOUR_MS;
        return [{ item: entry.item, symbol: entry.symbol, now: reaction.close, hours_ago: hoursAgo }];
      });
    },
  };
}
