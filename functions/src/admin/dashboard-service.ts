import type { z } from 'zod';
import type { AdminDashboardResponseSchema } from '@app/shared/domain/entities/admin';
import type { ServiceStatus } from '@app/shared/domain/enums';
import {
  ANALYST_FALLBACK_KINDS,
  type AnalystFallbackCounts,
  type AnalystFallbacksRepository,
} from '../data/analyst-fallbacks-repository';
import type { FeedHealth } from '../data/feed-health-repository';
import { readFeedState, type FeedStateDeps } from '../data/feed-state';
import type { JobRunRecord } from '../data/job-runs-repository';
import type { ReviewStatsReader } from '../data/review-stats';
import { message } from '@app/shared/messages/message';
import { ServiceUnavailableError } from '../platform/errors';
import type { Render } from '../platform/messages';
import { logger } from '../platform/observability';

/**
 * The admin dashboard (docs/product.md "Entities"): review counters, platform health from real checks, the
 * latest stored quote per polled symbol, and the analyst's model answers replaced by the template
 * (docs/product.md "The analyst") today and over the last 7 UTC days. Three DynamoDB calls: both review
 * queues' counters (one BatchGet, also the database probe), the fallback days (one Query) and the
 * price feed's state (data/feed-state.ts: the feed summary, one Query).
 */

export type AdminDashboardResponse = z.input<typeof AdminDashboardResponseSchema>;

/** A database read slower than this is reported as a warning (the client's own timeout is 3 s). */
export const DATABASE_SLOW_MS = 500;
export const DATABASE_PROBE_TIMEOUT_MS = 1_500;
/** The poll is late after two intervals and considered down after three. */
export const FEED_LATE_INTERVALS = 2;
export const FEED_DOWN_INTERVALS = 3;
/** The analyst fallbacks' longer window, in UTC days, today included. */
export const FALLBACK_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

export interface DashboardDeps extends FeedStateDeps {
  reviewStats: ReviewStatsReader;
  /** True live, where the ingestion worker stores quotes between price-poll runs (data/feed-state.ts). */
  quotesWrittenBetweenRuns?: boolean;
  analystFallbacks: Pick<AnalystFallbacksRepository, 'listFallbackDays'>;
  now: () => Date;
  pollIntervalSeconds: number;
  /** Monotonic milliseconds, for timing the database probe. */
  elapsedMs?: () => number;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function databaseStatusOf(probeMs: number): ServiceStatus {
  return probeMs > DATABASE_SLOW_MS ? 'warning' : 'online';
}

/** The price poll's health from its last finished run against the poll interval. */
export function priceFeedStatusOf(
  lastRun: JobRunRecord | null,
  now: Date,
  pollIntervalSeconds: number,
): ServiceStatus {
  if (!lastRun) return 'offline';
  const age = now.getTime() - Date.parse(lastRun.finished_at);
  const interval = pollIntervalSeconds * 1000;
  if (!(age <= FEED_DOWN_INTERVALS * interval) || lastRun.status === 'failed') return 'offline';
  if (age > FEED_LATE_INTERVALS * interval || lastRun.status !== 'succeeded') return 'warning';
  return 'online';
}

/**
 * The engine can only grade what it has fresh data for: offline without any usable symbol, warning
 * when some symbols are poor or warning, or when the newest stored price is older than the poll
 * should allow.
 */
export function aiServiceStatusOf(
  healths: readonly FeedHealth[],
  now: Date,
  pollIntervalSeconds: number,
): ServiceStatus {
  const usable = healths.filter((health) => health.data_quality !== 'poor');
  if (usable.length === 0) return 'offline';
  if (usable.length < healths.length || usable.some((health) => health.data_quality !== 'good'))
    return 'warning';
  const newest = Math.max(
    ...usable.map((health) => (health.last_updated ? Date.parse(health.last_updated) : 0)),
  );
  if (now.getTime() - newest > FEED_DOWN_INTERVALS * pollIntervalSeconds * 1000) return 'warning';
  return 'online';
}

type FallbackSummary = AdminDashboardResponse['analyst_fallbacks']['today'];

function summedFallbacks(days: readonly AnalystFallbackCounts[]): FallbackSummary {
  const summary: FallbackSummary = { total: 0, guard: 0, timeout: 0, model_error: 0 };
  for (const day of days)
    for (const kind of ANALYST_FALLBACK_KINDS) {
      summary[kind] += day[kind];
      summary.total += day[kind];
    }
  return summary;
}

/** Today's and the window's fallbacks from the stored days (data/analyst-fallbacks-repository.ts). */
export async function analystFallbacksOf(
  repository: DashboardDeps['analystFallbacks'],
  now: Date,
): Promise<AdminDashboardResponse['analyst_fallbacks']> {
  const today = now.toISOString().slice(0, 10);
  const first = new Date(now.getTime() - (FALLBACK_WINDOW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = await repository.listFallbackDays(first, today);
  const todays = days.get(today);
  return {
    today: summedFallbacks(todays ? [todays] : []),
    last_7_days: summedFallbacks([...days.values()]),
  };
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export async function buildDashboard(deps: DashboardDeps, render: Render): Promise<AdminDashboardResponse> {
  const elapsed = deps.elapsedMs ?? (() => performance.now());
  const started = elapsed();
  let reviewStats;
  try {
    // The cheap read the dashboard needs anyway doubles as the database probe.
    reviewStats = await withTimeout(deps.reviewStats.getReviewStats(), DATABASE_PROBE_TIMEOUT_MS);
  } catch (error: unknown) {
    logger.error('dashboard database probe failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ServiceUnavailableError(message('DATABASE_UNAVAILABLE'));
  }
  const probeMs = elapsed() - started;
  const { recommendations: recommendationStats, content: contentStats } = reviewStats;
  const symbolsOf = (rows: readonly FeedHealth[]) => rows.map((health) => health.symbol).sort();
  const [feed, analystFallbacks] = await Promise.all([
    readFeedState(deps, symbolsOf, { quotesWrittenBetweenRuns: deps.quotesWrittenBetweenRuns ?? false }),
    analystFallbacksOf(deps.analystFallbacks, deps.now()),
  ]);
  const { health: healths, lastRun, quotes } = feed;
  const symbols = symbolsOf(healths);
  const healthBySymbol = new Map(healths.map((health) => [health.symbol, health]));
  const now = deps.now();

  const marketData: AdminDashboardResponse['market_data'] = {};
  for (const symbol of symbols) {
    const quote = quotes.get(symbol);
    const health = healthBySymbol.get(symbol);
    marketData[symbol] = quote
      ? {
          current_price: quote.price,
          change: quote.change,
          change_percent: quote.change_percent,
          volume: quote.volume,
          error: health?.last_error ?? null,
        }
      : {
          current_price: null,
          change: null,
          change_percent: null,
          volume: null,
          error: health?.last_error ?? render(message('ADMIN_NO_QUOTE_STORED')),
        };
  }

  return {
    ai_statistics: {
      total_recommendations_generated: recommendationStats.generated,
      pending_review: Math.max(0, recommendationStats.pending),
      average_quality_score:
        recommendationStats.quality_count > 0
          ? roundTo(recommendationStats.quality_sum / recommendationStats.quality_count, 1)
          : null,
      content_moderation: {
        posts_approved: contentStats.approved,
        posts_pending: Math.max(0, contentStats.pending),
      },
    },
    platform_health: {
      ai_service_status: aiServiceStatusOf(healths, now, deps.pollIntervalSeconds),
      price_feed_status: priceFeedStatusOf(lastRun, now, deps.pollIntervalSeconds),
      database_status: databaseStatusOf(probeMs),
    },
    analyst_fallbacks: analystFallbacks,
    market_data: marketData,
    last_updated: now.toISOString(),
  };
}
