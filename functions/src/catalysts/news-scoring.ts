import { message } from '@app/shared/messages/message';
import { type ScoredCatalyst, buildCatalyst } from '../engine/catalysts/build-catalyst';
import type { TimedNewsItem } from '../engine/catalysts/types';
import type { NewsProvider } from '../market-data/news-provider';
import type { IsoDate } from '../engine/types';
import { barCloseTime, BAR_CLOSE_UTC_HOUR } from '../engine/market-dates';
import type { MarketView } from './market-view';
import { sentimentLexicon } from './sentiment-lexicon';

/*
 * What the three catalyst routes share (catalysts-service.ts, live-alerts-service.ts): their
 * dependencies, their messages, and the scoring of news items against the engine's analyses.
 */

/**
 * What the catalyst routes answer when they have nothing or fail (docs/product.md "Errors and empty
 * results"), worded in the caller's language. Empty and failed results both carry success false.
 */
export const MESSAGES = {
  noContextual: message('CATALYST_NO_CONTEXTUAL'),
  failedContextual: message('CATALYST_FAILED_CONTEXTUAL'),
  noCatalysts: message('CATALYST_NO_CATALYSTS'),
  failedCatalysts: message('CATALYST_FAILED_CATALYSTS'),
  noLiveAlerts: message('CATALYST_NO_LIVE_ALERTS'),
  failedLiveAlerts: message('CATALYST_FAILED_LIVE_ALERTS'),
} as const;

export interface CatalystRouteDeps {
  news: NewsProvider;
  /** The demo selection (offline provider); null when none is configured. */
  curated: { listCuratedNews(now: Date): Promise<TimedNewsItem[]> } | null;
  market: MarketView;
  now: () => Date;
  /**
   * Failures are logged here and answered with the documented message (docs/product.md "Errors and empty
   * results").
   */
  reportError: (message: string, error: unknown) => void;
}

export const HOUR_MS = 3_600_000;

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * The last bar date that had closed at `moment`: a replay moment between two closes must not see the
 * bar that closes later (no look-ahead into the day the news is still unfolding in).
 */
export function lastClosedDate(moment: Date): IsoDate {
  const date = moment.toISOString().slice(0, 10);
  if (moment.getTime() >= barCloseTime(date).getTime()) return date;
  return new Date(Date.parse(`${date}T${BAR_CLOSE_UTC_HOUR}:00:00Z`) - 24 * HOUR_MS)
    .toISOString()
    .slice(0, 10);
}

/**
 * Memoises engine analyses per (symbol, date) within one request. Without a date an analysis reads
 * the request's market date (`marketDate`, the clock read once) in replay, the latest quote live.
 */
export function createAnalysisCache(market: MarketView, marketDate: IsoDate | undefined) {
  const cache = new Map<string, ReturnType<MarketView['analyze']>>();
  return (symbol: string, asOf?: IsoDate) => {
    const date = asOf ?? marketDate;
    const key = `${symbol.toUpperCase()}|${date ?? 'latest'}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = market.analyze(symbol, date).catch(() => null);
      cache.set(key, entry);
    }
    return entry;
  };
}

/** Scores news items; the volume surge input is the symbol's engine analysis at the item's moment. */
export async function scoreNews(
  items: readonly TimedNewsItem[],
  analyze: ReturnType<typeof createAnalysisCache>,
  replay: boolean,
): Promise<ScoredCatalyst[]> {
  return Promise.all(
    items.map(async (timed) => {
      const result = await analyze(timed.symbol, replay ? lastClosedDate(timed.now) : undefined);
      return buildCatalyst(
        timed,
        result?.analysis.volume_analysis.volume_ratio_20d ?? null,
        sentimentLexicon(),
      );
    }),
  );
}

export function averageSentiment(catalysts: readonly ScoredCatalyst[]): number {
  if (catalysts.length === 0) return 0;
  return round(
    catalysts.reduce((sum, entry) => sum + entry.catalyst.sentiment_score, 0) / catalysts.length,
    3,
  );
}

export function byImpactThenRecency(left: ScoredCatalyst, right: ScoredCatalyst): number {
  return right.catalyst.impact_score - left.catalyst.impact_score || left.hours_ago - right.hours_ago;
}
