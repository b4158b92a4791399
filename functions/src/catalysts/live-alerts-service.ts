import type { z } from 'zod';
import type { LiveAlertsResponseSchema, LiveMarketAlert } from '@app/shared/domain/entities/catalysts';
import type { AlertLevel } from '@app/shared/domain/enums';
import {
  HIGH_IMPACT_THRESHOLD,
  isRecentAlert,
  MEDIUM_IMPACT_THRESHOLD,
} from '@app/shared/domain/rules/catalyst-thresholds';
import { message, type Message } from '@app/shared/messages/message';
import type { ScoredCatalyst } from '../engine/catalysts/build-catalyst';
import { detectedAlertFields, detectMarketAlerts } from '../engine/market-alerts';
import type { Render } from '../platform/messages';
import { barCloseTime } from '../engine/market-dates';
import {
  createAnalysisCache,
  HOUR_MS,
  MESSAGES,
  round,
  scoreNews,
  type CatalystRouteDeps,
} from './news-scoring';

/*
 * GET /api/ai/live-market-alerts: price moves and volume surges of each symbol's current bar (rules:
 * engine/market-alerts.ts) and the recent catalysts strong enough to be alerts.
 */

export type LiveAlertsResponse = z.infer<typeof LiveAlertsResponseSchema>;

/** Window of news the live alerts look at. */
export const LIVE_ALERT_NEWS_HOURS = 24;

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

function catalystRecommendedAction(entry: ScoredCatalyst): Message {
  const symbol = entry.catalyst.symbol;
  if (entry.catalyst.sentiment_label === 'negative') return message('CATALYST_ACTION_NEGATIVE', { symbol });
  if (entry.catalyst.sentiment_label === 'positive') return message('CATALYST_ACTION_POSITIVE', { symbol });
  return message('CATALYST_ACTION_NEUTRAL', { symbol });
}

/** Live alerts: price moves and volume surges of each symbol's current bar, and recent catalysts. */
export async function buildLiveMarketAlerts(
  render: Render,
  deps: CatalystRouteDeps,
): Promise<LiveMarketAlert[]> {
  const now = deps.now();
  const replay = deps.market.mode === 'replay';
  const analyze = createAnalysisCache(deps.market, replay ? deps.market.marketDate(now).date : undefined);
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
        ...detectedAlertFields(info.symbol, alert),
        alert_id: `${alert.kind}-${info.symbol}-${result.quote.as_of}`,
        title: render(alert.title),
        message: render(alert.message),
        published_time: barTime.toISOString(),
        hours_ago: round(hoursAgo, 2),
        as_of: result.quote.as_of,
        source: result.quote.source,
        url: '',
        keywords: alert.keywords.map((keyword) => (typeof keyword === 'string' ? keyword : render(keyword))),
        recommended_action: render(alert.recommended_action),
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
      message: render(
        message('CATALYST_LIVE_ALERT_MESSAGE', {
          type: catalyst.event_type,
          impact: Math.round(catalyst.impact_score),
          sentiment: catalyst.sentiment_label,
          description: catalyst.description,
        }),
      ),
      impact_score: catalyst.impact_score,
      sentiment: catalyst.sentiment_label,
      sentiment_score: catalyst.sentiment_score,
      published_time: catalyst.published_date,
      hours_ago: round(entry.hours_ago, 2),
      as_of: catalyst.published_date.slice(0, 10),
      source: catalyst.source,
      url: catalyst.url,
      keywords: catalyst.keywords,
      recommended_action: render(catalystRecommendedAction(entry)),
    });
  }
  return alerts.sort(
    (left, right) =>
      LEVEL_ORDER[left.alert_level] - LEVEL_ORDER[right.alert_level] || left.hours_ago - right.hours_ago,
  );
}

/** GET /api/ai/live-market-alerts */
export async function getLiveMarketAlerts(
  render: Render,
  deps: CatalystRouteDeps,
): Promise<LiveAlertsResponse> {
  try {
    const alerts = await buildLiveMarketAlerts(render, deps);
    return {
      success: alerts.length > 0,
      alerts,
      summary: {
        total_alerts: alerts.length,
        critical_count: alerts.filter((alert) => alert.alert_level === 'CRITICAL').length,
        high_count: alerts.filter((alert) => alert.alert_level === 'HIGH').length,
        recent_count: alerts.filter((alert) => isRecentAlert(alert.hours_ago)).length,
      },
      ...(alerts.length === 0 ? { message: render(MESSAGES.noLiveAlerts) } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedLiveAlerts.code, error);
    return {
      success: false,
      error: render(MESSAGES.failedLiveAlerts),
      alerts: [],
      summary: { total_alerts: 0, critical_count: 0, high_count: 0, recent_count: 0 },
    };
  }
}
