import type { z } from 'zod';
import type {
  CatalystsResponseSchema,
  ContextualRecommendation,
  ContextualResponseSchema,
  LiveAlertsResponseSchema,
  LiveMarketAlert,
} from '@app/shared/domain/entities/catalysts';
import { CATALYST_TYPES, type AlertLevel } from '@app/shared/domain/enums';
import {
  HIGH_IMPACT_THRESHOLD,
  isHighConfidence,
  isHighImpact,
  isRecentAlert,
  MEDIUM_IMPACT_THRESHOLD,
} from '@app/shared/domain/rules/catalysts';
import { detectMarketAlerts } from '../engine/market-alerts';
import type { IsoDate } from '../engine/types';
import { buildCatalyst, type ScoredCatalyst } from '../engine/catalysts/build-catalyst';
import { buildContextualRecommendation } from '../engine/catalysts/contextual-recommendation';
import type { MarketView } from './market-view';
import { barCloseTime, BAR_CLOSE_UTC_HOUR } from '../market-data/providers/replay/replay-timeline';
import type { NewsProvider, TimedNewsItem } from '../engine/catalysts/types';

export type CatalystsResponse = z.infer<typeof CatalystsResponseSchema>;
export type ContextualResponse = z.infer<typeof ContextualResponseSchema>;
export type LiveAlertsResponse = z.infer<typeof LiveAlertsResponseSchema>;

/** The spec's messages (part 1 section 8). Empty and failed results both carry success false. */
export const MESSAGES = {
  noContextual: 'No contextual recommendations available',
  failedContextual: 'Failed to fetch contextual recommendations',
  noCatalysts: 'No market catalysts available',
  failedCatalysts: 'Failed to fetch market catalysts',
  noLiveAlerts: 'No live alerts available',
  failedLiveAlerts: 'Failed to fetch live market alerts',
} as const;

export const ENHANCED_FEATURES = [
  'Rule-based catalyst classification (keywords and SEC 8-K item codes)',
  'Finance-aware headline sentiment with negation handling',
  'Impact score from catalyst type, sentiment, source reliability, recency and volume surge',
  'Catalyst joined with the engine grade, risk metrics and volume analysis',
  'Anti-speculation rule: news confirms or tempers a grade, never replaces it',
] as const;

/** Window of news the live alerts look at. */
export const LIVE_ALERT_NEWS_HOURS = 24;

export interface CatalystRouteDeps {
  news: NewsProvider;
  /** The demo selection (offline provider); null when none is configured. */
  curated: { listCuratedNews(): Promise<TimedNewsItem[]> } | null;
  market: MarketView;
  now: () => Date;
  /** Failures are logged here and answered with the spec's message. */
  reportError: (message: string, error: unknown) => void;
}

const HOUR_MS = 3_600_000;

function round(value: number, decimals: number): number {
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

/** Memoises engine analyses per (symbol, date) within one request. */
function createAnalysisCache(market: MarketView) {
  const cache = new Map<string, ReturnType<MarketView['analyze']>>();
  return (symbol: string, asOf?: IsoDate) => {
    const key = `${symbol.toUpperCase()}|${asOf ?? 'now'}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = market.analyze(symbol, asOf).catch(() => null);
      cache.set(key, entry);
    }
    return entry;
  };
}

/** Scores news items; the volume surge input is the symbol's engine analysis at the item's moment. */
async function scoreNews(
  items: readonly TimedNewsItem[],
  analyze: ReturnType<typeof createAnalysisCache>,
  replay: boolean,
): Promise<ScoredCatalyst[]> {
  return Promise.all(
    items.map(async (timed) => {
      const result = await analyze(timed.symbol, replay ? lastClosedDate(timed.now) : undefined);
      return buildCatalyst(timed, result?.analysis.volume_analysis.volume_ratio_20d ?? null);
    }),
  );
}

function averageSentiment(catalysts: readonly ScoredCatalyst[]): number {
  if (catalysts.length === 0) return 0;
  return round(
    catalysts.reduce((sum, entry) => sum + entry.catalyst.sentiment_score, 0) / catalysts.length,
    3,
  );
}

function byImpactThenRecency(left: ScoredCatalyst, right: ScoredCatalyst): number {
  return right.catalyst.impact_score - left.catalyst.impact_score || left.hours_ago - right.hours_ago;
}

/** GET /api/ai/market-catalysts */
export async function getMarketCatalysts(
  query: { hours_back: number; min_impact_score: number; symbol?: string | undefined },
  deps: CatalystRouteDeps,
): Promise<CatalystsResponse> {
  try {
    const items = await deps.news.listRecentNews({
      hoursBack: query.hours_back,
      ...(query.symbol ? { symbol: query.symbol } : {}),
    });
    const analyze = createAnalysisCache(deps.market);
    const scored = (await scoreNews(items, analyze, deps.market.mode === 'replay'))
      .filter((entry) => entry.catalyst.impact_score >= query.min_impact_score)
      .sort(byImpactThenRecency);
    const catalysts = scored.map((entry) => entry.catalyst);
    const byCategory: Record<string, number> = Object.fromEntries(CATALYST_TYPES.map((type) => [type, 0]));
    for (const catalyst of catalysts)
      byCategory[catalyst.event_type] = (byCategory[catalyst.event_type] ?? 0) + 1;
    return {
      success: catalysts.length > 0,
      catalysts,
      summary: {
        total_catalysts: catalysts.length,
        high_impact_count: catalysts.filter((catalyst) => isHighImpact(catalyst.impact_score)).length,
        average_sentiment: averageSentiment(scored),
        symbols: [...new Set(catalysts.map((catalyst) => catalyst.symbol))],
      },
      by_category: byCategory,
      ...(catalysts.length === 0 ? { message: MESSAGES.noCatalysts } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedCatalysts, error);
    return {
      success: false,
      error: MESSAGES.failedCatalysts,
      catalysts: [],
      summary: { total_catalysts: 0, high_impact_count: 0, average_sentiment: 0, symbols: [] },
      by_category: {},
    };
  }
}

function emptyContextual(now: Date, demoMode: boolean): ContextualResponse {
  return {
    success: false,
    recommendations: [],
    summary: { total_recommendations: 0, high_confidence_count: 0, catalysts_analyzed: 0 },
    market_context: { high_impact_events: 0, average_sentiment: 0, as_of: now.toISOString() },
    enhanced_features: [...ENHANCED_FEATURES],
    demo_mode: demoMode,
  };
}

/**
 * GET /api/ai/contextual-recommendations. `demo_mode=true` serves the curated selection, each judged
 * at the first market close after publication (hours_back does not apply: the selection is fixed);
 * `false` serves the provider's news within `hours_back` of each symbol's moment.
 */
export async function getContextualRecommendations(
  query: { hours_back: number; min_impact_score: number; limit: number; demo_mode: boolean },
  deps: CatalystRouteDeps,
): Promise<ContextualResponse> {
  const now = deps.now();
  try {
    const items =
      query.demo_mode && deps.curated
        ? await deps.curated.listCuratedNews()
        : await deps.news.listRecentNews({ hoursBack: query.hours_back });
    const replay = deps.market.mode === 'replay';
    const analyze = createAnalysisCache(deps.market);
    const scored = (await scoreNews(items, analyze, replay)).sort(byImpactThenRecency);
    const recommendations: ContextualRecommendation[] = [];
    for (const entry of scored) {
      if (recommendations.length >= query.limit) break;
      if (entry.catalyst.impact_score < query.min_impact_score) continue;
      const result = await analyze(entry.catalyst.symbol, replay ? lastClosedDate(entry.now) : undefined);
      if (!result) continue; // Nothing to grade: the symbol has no price series.
      recommendations.push(
        buildContextualRecommendation({
          catalyst: entry,
          analysis: result.analysis,
          name: result.info.name,
          replay,
        }),
      );
    }
    const response = emptyContextual(now, query.demo_mode);
    return {
      ...response,
      success: recommendations.length > 0,
      recommendations,
      summary: {
        total_recommendations: recommendations.length,
        high_confidence_count: recommendations.filter((item) => isHighConfidence(item.confidence)).length,
        catalysts_analyzed: scored.length,
      },
      market_context: {
        high_impact_events: scored.filter((entry) => isHighImpact(entry.catalyst.impact_score)).length,
        average_sentiment: averageSentiment(scored),
        as_of: now.toISOString(),
      },
      ...(recommendations.length === 0 ? { message: MESSAGES.noContextual } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedContextual, error);
    return { ...emptyContextual(now, query.demo_mode), error: MESSAGES.failedContextual };
  }
}

const LEVEL_ORDER: Record<AlertLevel, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/**
 * Alert level of a catalyst: above 80 impact HIGH, CRITICAL when it is also strongly worded
 * (|sentiment| >= 0.5) and the market confirms it with a volume surge (>= 2x); above 60 MEDIUM;
 * otherwise LOW. Catalysts at or below 50 are not alerts at all.
 */
export function catalystAlertLevel(entry: ScoredCatalyst): AlertLevel | null {
  const { impact_score: impact, sentiment_score: sentiment } = entry.catalyst;
  if (impact > HIGH_IMPACT_THRESHOLD) {
    const confirmed = Math.abs(sentiment) >= 0.5 && (entry.volume_ratio ?? 0) >= 2;
    return confirmed ? 'CRITICAL' : 'HIGH';
  }
  if (impact > MEDIUM_IMPACT_THRESHOLD) return 'MEDIUM';
  if (impact > 50) return 'LOW';
  return null;
}

function catalystRecommendedAction(entry: ScoredCatalyst): string {
  const symbol = entry.catalyst.symbol;
  if (entry.catalyst.sentiment_label === 'negative') {
    return `Read the source and reassess your thesis on ${symbol}; do not sell on the headline alone.`;
  }
  if (entry.catalyst.sentiment_label === 'positive') {
    return `Read the source and let the reaction settle before adding to ${symbol}; check its grade first.`;
  }
  return `No action needed; note the event for ${symbol}.`;
}

/** Live alerts: price moves and volume surges of each symbol's current bar, and recent catalysts. */
export async function buildLiveMarketAlerts(deps: CatalystRouteDeps): Promise<LiveMarketAlert[]> {
  const now = deps.now();
  const replay = deps.market.mode === 'replay';
  const analyze = createAnalysisCache(deps.market);
  const alerts: LiveMarketAlert[] = [];

  for (const info of await deps.market.listSymbols()) {
    const result = await analyze(info.symbol);
    if (!result) continue;
    const moment = deps.market.momentOf(info.symbol, now) ?? now;
    const barTime = replay ? barCloseTime(result.quote.as_of) : now;
    const hoursAgo = Math.max(0, (moment.getTime() - barTime.getTime()) / HOUR_MS);
    for (const alert of detectMarketAlerts(
      {
        symbol: info.symbol,
        name: info.name,
        change_percent: result.quote.change_percent,
        data_mode: deps.market.mode,
      },
      result.analysis,
    )) {
      alerts.push({
        alert_id: `${alert.kind}-${info.symbol}-${result.quote.as_of}`,
        symbol: info.symbol,
        alert_level: alert.alert_level,
        event_type: alert.kind,
        title: alert.title,
        message: alert.message,
        impact_score: alert.impact_score,
        sentiment: alert.sentiment,
        sentiment_score: alert.sentiment_score,
        published_time: barTime.toISOString(),
        hours_ago: round(hoursAgo, 2),
        source: result.quote.source,
        url: '#',
        keywords: alert.keywords,
        recommended_action: alert.recommended_action,
      });
    }
  }

  const news = await deps.news.listRecentNews({ hoursBack: LIVE_ALERT_NEWS_HOURS });
  for (const entry of await scoreNews(news, analyze, replay)) {
    const level = catalystAlertLevel(entry);
    if (!level) continue;
    const catalyst = entry.catalyst;
    alerts.push({
      alert_id: `catalyst-${entry.news_id}`,
      symbol: catalyst.symbol,
      alert_level: level,
      event_type: catalyst.event_type,
      title: catalyst.title,
      message: `${catalyst.event_type.replace(/_/g, ' ')} catalyst, impact ${catalyst.impact_score.toFixed(0)}/100, sentiment ${catalyst.sentiment_label}: ${catalyst.description}`,
      impact_score: catalyst.impact_score,
      sentiment: catalyst.sentiment_label,
      sentiment_score: catalyst.sentiment_score,
      published_time: catalyst.published_date,
      hours_ago: round(entry.hours_ago, 2),
      source: catalyst.source,
      url: catalyst.url,
      keywords: catalyst.keywords,
      recommended_action: catalystRecommendedAction(entry),
    });
  }
  return alerts.sort(
    (left, right) =>
      LEVEL_ORDER[left.alert_level] - LEVEL_ORDER[right.alert_level] || left.hours_ago - right.hours_ago,
  );
}

/** GET /api/ai/live-market-alerts */
export async function getLiveMarketAlerts(deps: CatalystRouteDeps): Promise<LiveAlertsResponse> {
  try {
    const alerts = await buildLiveMarketAlerts(deps);
    return {
      success: alerts.length > 0,
      alerts,
      summary: {
        total_alerts: alerts.length,
        critical_count: alerts.filter((alert) => alert.alert_level === 'CRITICAL').length,
        high_count: alerts.filter((alert) => alert.alert_level === 'HIGH').length,
        recent_count: alerts.filter((alert) => isRecentAlert(alert.hours_ago)).length,
      },
      ...(alerts.length === 0 ? { message: MESSAGES.noLiveAlerts } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedLiveAlerts, error);
    return {
      success: false,
      error: MESSAGES.failedLiveAlerts,
      alerts: [],
      summary: { total_alerts: 0, critical_count: 0, high_count: 0, recent_count: 0 },
    };
  }
}
