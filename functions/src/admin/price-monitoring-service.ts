import type { z } from 'zod';
import type { PriceMonitoringResponseSchema } from '@app/shared/domain/entities/admin';
import type { Severity } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { Render } from '../platform/messages';
import { volatility5dLabel } from '@app/shared/domain/rules/display-thresholds';
import { qualityReasonsOf, type FeedHealth, type FeedHealthRepository } from '../data/feed-health-repository';
import { PRICE_POLL_JOB, type JobRunRecord, type JobRunsRepository } from '../data/job-runs-repository';
import {
  listTrackedSeries,
  qualityOf,
  readProviderStatuses,
  seriesFieldsOf,
  type MarketPlatformDeps,
} from './market-platform-status';

/**
 * The admin price monitor (docs/product.md "Entities"): feed health per ticker as the price poll recorded it,
 * alerts an operator should act on, and whether the poll is running at all.
 *
 * The five-day figures are the poll's own, computed from the last stored daily bars by the feed
 * quality rule (engine/feed-quality.ts: high and low of the last 5 bars, sample standard deviation of
 * the last 5 daily returns x 100), so the monitor and the health record can never disagree.
 */

export type PriceMonitoringResponse = z.input<typeof PriceMonitoringResponseSchema>;

/** A poll that has not finished within this many intervals is considered stopped. */
export const STOPPED_AFTER_INTERVALS = 3;
/** A symbol not updated for this many poll intervals is reported as lagging. */
export const LAGGING_AFTER_INTERVALS = 3;

export interface PriceMonitoringDeps {
  feedHealth: Pick<FeedHealthRepository, 'listFeedHealth'>;
  /** The stored series and the providers that fill them (market-platform-status.ts). */
  platform: MarketPlatformDeps;
  jobRuns: Pick<JobRunsRepository, 'getLastJobRun'>;
  now: () => Date;
  pollIntervalSeconds: number;
}

interface Alert {
  ticker: string;
  message: Message;
  severity: Severity;
}

/** Why a feed is not good, as messages: the poll's reasons, else the source's last error. */
function reasonsOf(health: FeedHealth): Message[] {
  if (health.quality_reasons.length > 0) return qualityReasonsOf(health);
  return health.last_error ? [message('FEED_SOURCE_FAILED', { error: health.last_error })] : [];
}

function alertsOf(health: FeedHealth, now: Date, pollIntervalSeconds: number): Alert[] {
  const alerts: Alert[] = [];
  const ticker = health.symbol;
  if (health.data_quality === 'poor') {
    alerts.push({
      ticker,
      severity: 'high',
      message: message('MONITOR_DATA_POOR', { reasons: reasonsOf(health) }),
    });
  } else if (health.data_quality === 'warning') {
    alerts.push({
      ticker,
      severity: 'medium',
      message: message('MONITOR_DATA_NEEDS_ATTENTION', { reasons: reasonsOf(health) }),
    });
  }
  if (health.consecutive_errors > 0 && health.data_quality !== 'poor') {
    alerts.push({
      ticker,
      severity: 'medium',
      message: message('MONITOR_FAILED_POLLS', {
        count: health.consecutive_errors,
        error: health.last_error ?? '-',
      }),
    });
  }
  const lastUpdated = health.last_updated ? Date.parse(health.last_updated) : Number.NaN;
  const lagLimitMs = LAGGING_AFTER_INTERVALS * pollIntervalSeconds * 1000;
  if (Number.isFinite(lastUpdated) && now.getTime() - lastUpdated > lagLimitMs) {
    const minutes = Math.floor((now.getTime() - lastUpdated) / 60_000);
    alerts.push({ ticker, severity: 'medium', message: message('MONITOR_NO_NEW_PRICE', { minutes }) });
  }
  if (health.volatility_5d !== null) {
    const label = volatility5dLabel(health.volatility_5d);
    if (label !== 'low') {
      alerts.push({
        ticker,
        severity: label === 'high' ? 'medium' : 'low',
        message: message('MONITOR_VOLATILITY_5D', {
          volatility: Math.round(health.volatility_5d * 100) / 100,
          level: label,
        }),
      });
    }
  }
  return alerts;
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { high: 0, medium: 1, low: 2 };

export function monitoringStatusOf(
  lastRun: JobRunRecord | null,
  healths: readonly FeedHealth[],
  now: Date,
  pollIntervalSeconds: number,
): 'active' | 'degraded' | 'stopped' {
  if (!lastRun) return 'stopped';
  const age = now.getTime() - Date.parse(lastRun.finished_at);
  if (!(age <= STOPPED_AFTER_INTERVALS * pollIntervalSeconds * 1000)) return 'stopped';
  if (lastRun.status !== 'succeeded') return 'degraded';
  if (healths.some((health) => health.data_quality !== 'good')) return 'degraded';
  return 'active';
}

/** The monitor, its alerts worded in the admin's language. */
export async function buildPriceMonitoring(
  deps: PriceMonitoringDeps,
  render: Render,
): Promise<PriceMonitoringResponse> {
  const now = deps.now();
  const [healths, lastRun, tracked, providers] = await Promise.all([
    deps.feedHealth.listFeedHealth(),
    deps.jobRuns.getLastJobRun(PRICE_POLL_JOB),
    listTrackedSeries(deps.platform),
    readProviderStatuses(deps.platform),
  ]);
  const sorted = [...healths].sort((a, b) => a.symbol.localeCompare(b.symbol));
  const healthOf = new Map(sorted.map((health) => [health.symbol, health]));
  const symbols = [...new Set([...healthOf.keys(), ...tracked.keys()])].sort((a, b) => a.localeCompare(b));
  const priceData: PriceMonitoringResponse['price_data'] = {};
  const alerts: Alert[] = [];
  for (const symbol of symbols) {
    const health = healthOf.get(symbol);
    const series = seriesFieldsOf(tracked.get(symbol), now);
    priceData[symbol] = {
      current_price: health?.current_price ?? null,
      high_5d: health?.high_5d ?? null,
      low_5d: health?.low_5d ?? null,
      volatility_5d: health?.volatility_5d ?? null,
      data_quality: qualityOf(health?.data_quality ?? null, series),
      last_updated: health?.last_updated ?? null,
      error: health?.last_error ?? tracked.get(symbol)?.last_error ?? null,
      ...series,
      // A replayed series is at the market date: its price's date is the poll's reading (none when it
      // has no bar near the date), never the last date the loader stored.
      as_of: series.mode === 'replay' ? (health?.as_of ?? null) : (series.as_of ?? health?.as_of ?? null),
      mode: series.mode ?? (health?.source?.startsWith('replay:') ? 'replay' : null),
    };
    if (health) alerts.push(...alertsOf(health, now, deps.pollIntervalSeconds));
  }
  alerts.sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.ticker.localeCompare(b.ticker),
  );
  const status = monitoringStatusOf(lastRun, sorted, now, deps.pollIntervalSeconds);
  if (status === 'stopped') {
    alerts.unshift({
      ticker: '*',
      severity: 'high',
      message: lastRun
        ? message('MONITOR_POLL_STOPPED', {
            finished: lastRun.finished_at,
            interval: deps.pollIntervalSeconds,
          })
        : message('MONITOR_POLL_NEVER_RAN'),
    });
  }
  const sources = [
    ...new Set(sorted.map((health) => health.source).filter((source): source is string => !!source)),
  ];

  return {
    alerts: alerts.map((alert) => ({ ...alert, message: render(alert.message) })),
    price_data: priceData,
    monitoring_status: status,
    data_sources: sources.sort(),
    last_updated: lastRun?.finished_at ?? now.toISOString(),
    data_mode: deps.platform.dataMode,
    providers,
  };
}
