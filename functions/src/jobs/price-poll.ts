import type { ScheduledEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import {
  createMarketRepository,
  PRICE_POLL_JOB,
  type FeedHealth,
  type JobRunRecord,
  type MarketRepository,
  type QueuedRecommendation,
  type StoredQuote,
} from '../data/market-repository';
import { createModerationRepository } from '../data/moderation-repository';
import { createPriceSource } from '../market-data/price-source';
import { assessFeedQuality } from '../engine/feed-quality';
import { detectMarketAlerts } from '../engine/market-alerts';
import { ANALYSIS_HISTORY_DAYS, createMarketEngine, type MarketEngine } from '../market-data/market-engine';
import { addCalendarDays } from '../engine/point-in-time';
import type { Quote, SymbolInfo, Bar } from '../engine/types';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { logger } from '../platform/observability';
import { createAlertsRepository } from '../data/alerts-repository';
import { createUsersRepository } from '../data/users-repository';
import { raiseAlertsForSymbol, type RaiseUserAlertsDeps } from '../user-alerts/user-alerts-service';

/*
 * The price poll (EventBridge schedule in the cloud, a timer in the local stack). For every symbol of
 * the watched universe:
 * 1. read the latest quote and the last ANALYSIS_HISTORY_DAYS of daily bars from the price source;
 * 2. store the quote (only when it changed) and the daily bars not stored yet (the first run backfills
 *    the whole window, so the table holds enough history for an analysis);
 * 3. record feed health: last update, errors, data quality (rules: market/feed-quality.ts), 5-day
 *    high/low/volatility for the admin price monitor;
 * 4. raise price/volume alerts for the new bar (rules: market/market-alerts.ts), once per bar and kind;
 * 5. queue the engine's recommendation for admin review, only when the action (STRONG_BUY..STRONG_SELL)
 *    differs from the last one queued for that symbol: a changed target or confidence alone does not
 *    flood the review queue, a change of advice does.
 *
 * Idempotent: a second run over the same source state writes nothing new (quotes, bars, health,
 * alerts and the queue are equal afterwards); only the job-run record says that it ran again.
 */

/** A failing symbol must not stop the others; a few at a time keeps the source and the table calm. */
const CONCURRENCY = 4;

export interface PricePollDeps {
  engine: MarketEngine;
  market: MarketRepository;
  now: () => Date;
  newId?: () => string;
  alertTtlHours: number;
  /** Writes alerts for the holders of a polled symbol (issue: alerts for users); absent in engine-only runs. */
  userAlerts?: RaiseUserAlertsDeps;
}

interface SymbolOutcome {
  ok: boolean;
  quoteChanged: boolean;
  barsWritten: number;
  recommendationQueued: boolean;
  alertsWritten: number;
  error: string | null;
}

function toStoredQuote(info: SymbolInfo, quote: Quote, updatedAt: string): StoredQuote {
  return {
    symbol: info.symbol,
    name: info.name,
    asset_type: info.asset_type,
    price: quote.price,
    previous_close: quote.previous_close,
    change: quote.change,
    change_percent: quote.change_percent,
    volume: quote.volume ?? null,
    after_hours_price: quote.after_hours_price ?? null,
    premarket_change: quote.premarket_change ?? null,
    premarket_date: quote.premarket_date ?? null,
    as_of: quote.as_of,
    source: quote.source,
    mode: quote.mode,
    stale: quote.stale,
    updated_at: updatedAt,
  };
}

/**
 * Which bars to write so the stored range stays contiguous: those after the stored range, or the whole
 * window when the stored range does not reach it (first run, or a replay loop that jumped back).
 */
export function selectBarsToStore(
  window: readonly Bar[],
  stored: { from: string | null; through: string | null },
): { bars: Bar[]; from: string | null; through: string | null } {
  const first = window[0];
  const last = window.at(-1);
  if (!first || !last) return { bars: [], from: stored.from, through: stored.through };
  if (
    stored.from === null ||
    stored.through === null ||
    stored.through < first.date ||
    last.date < stored.from
  ) {
    return { bars: [...window], from: first.date, through: last.date };
  }
  const newer = window.filter((bar) => bar.date > (stored.through as string));
  return {
    bars: newer,
    from: stored.from < first.date ? stored.from : first.date,
    through: newer.at(-1)?.date ?? stored.through,
  };
}

async function pollSymbol(info: SymbolInfo, deps: PricePollDeps, nowIso: string): Promise<SymbolOutcome> {
  const { engine, market } = deps;
  const previous = await market.getHealth(info.symbol);
  try {
    const quote = await engine.source.provider.getLatestQuote(info.symbol);
    const window = await engine.source.provider.getDailyBars(
      info.symbol,
      addCalendarDays(quote.as_of, -ANALYSIS_HISTORY_DAYS),
      quote.as_of,
    );
    const { analysis } = await engine.analyze(info.symbol, { quote });

    const quoteChanged = await market.putQuoteIfChanged(toStoredQuote(info, quote, nowIso));
    // Bars only come from real prints: a quote served from the fallback adds none.
    const toStore = quote.stale
      ? { bars: [], from: previous?.bars_from ?? null, through: previous?.bars_through ?? null }
      : selectBarsToStore(window, {
          from: previous?.bars_from ?? null,
          through: previous?.bars_through ?? null,
        });
    const barsWritten = toStore.bars.length > 0 ? await market.putBars(info.symbol, toStore.bars) : 0;

    const quality = assessFeedQuality({
      bars: window,
      assetType: info.asset_type,
      quote,
      today: engine.dataMode === 'live' ? nowIso.slice(0, 10) : null,
    });
    const health: FeedHealth = {
      symbol: info.symbol,
      name: info.name,
      data_quality: quality.data_quality,
      quality_reasons: quality.reasons,
      last_updated: quoteChanged ? nowIso : (previous?.last_updated ?? nowIso),
      last_error: null,
      consecutive_errors: 0,
      as_of: quote.as_of,
      current_price: quote.price,
      high_5d: quality.high_5d,
      low_5d: quality.low_5d,
      volatility_5d: quality.volatility_5d,
      bars_from: toStore.from,
      bars_through: toStore.through,
      source: quote.source,
    };
    await market.putHealth(health);

    let alertsWritten = 0;
    const expiresAt = Math.floor(deps.now().getTime() / 1000) + deps.alertTtlHours * 3600;
    for (const alert of detectMarketAlerts(
      {
        symbol: info.symbol,
        name: info.name,
        change_percent: quote.change_percent,
        data_mode: engine.dataMode,
      },
      analysis,
    )) {
      const written = await market.putAlertOnce(
        {
          alert_id: (deps.newId ?? ulid)(),
          symbol: info.symbol,
          alert_level: alert.alert_level,
          event_type: alert.kind,
          title: alert.title,
          message: alert.message,
          impact_score: alert.impact_score,
          sentiment: alert.sentiment,
          sentiment_score: alert.sentiment_score,
          published_time: nowIso,
          source: quote.source,
          url: '',
          keywords: alert.keywords,
          recommended_action: alert.recommended_action,
          as_of: quote.as_of,
          expires_at: expiresAt,
        },
        alert.kind,
      );
      if (written) alertsWritten += 1;
    }

    if (deps.userAlerts) {
      // A holder's alert must not cost the rest of the poll: log and go on.
      try {
        const raised = await raiseAlertsForSymbol(
          { symbol: info.symbol, name: info.name, snapshot: { quote, analysis } },
          deps.userAlerts,
        );
        alertsWritten += raised.written;
      } catch (error: unknown) {
        logger.warn('price poll: user alerts failed', {
          symbol: info.symbol,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }

    let recommendationQueued = false;
    const last = await market.getLastRecommendation(info.symbol);
    if (last?.action !== analysis.recommendation.action) {
      const reasoning = buildRecommendationReasoning(info.name, analysis);
      const item: QueuedRecommendation = {
        id: (deps.newId ?? ulid)(),
        symbol: info.symbol,
        recommendation: analysis.recommendation.action,
        risk_level: riskLevel(analysis.nugget_scores.risk_score),
        confidence: analysis.recommendation.confidence_score,
        ai_score: Math.round(analysis.nugget_scores.composite_rationality_score) / 10,
        reasoning: reasoning.en,
        reasoning_localized: reasoning,
        target_price: analysis.recommendation.target_price,
        generated_at: nowIso,
        status: 'PENDING',
        as_of: quote.as_of,
        investment_grade: analysis.nugget_scores.investment_grade,
        composite_rationality_score: analysis.nugget_scores.composite_rationality_score,
        data_mode: engine.dataMode,
      };
      recommendationQueued = await market.enqueueRecommendationIfChanged(item);
    }
    return { ok: true, quoteChanged, barsWritten, recommendationQueued, alertsWritten, error: null };
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn('price poll: symbol failed', { symbol: info.symbol, error: message });
    await market.putHealth({
      symbol: info.symbol,
      name: info.name,
      data_quality: 'poor',
      quality_reasons: [`the source failed: ${message}`],
      last_updated: previous?.last_updated ?? null,
      last_error: message,
      consecutive_errors: (previous?.consecutive_errors ?? 0) + 1,
      as_of: previous?.as_of ?? null,
      current_price: previous?.current_price ?? null,
      high_5d: previous?.high_5d ?? null,
      low_5d: previous?.low_5d ?? null,
      volatility_5d: previous?.volatility_5d ?? null,
      bars_from: previous?.bars_from ?? null,
      bars_through: previous?.bars_through ?? null,
      source: previous?.source ?? null,
    });
    return {
      ok: false,
      quoteChanged: false,
      barsWritten: 0,
      recommendationQueued: false,
      alertsWritten: 0,
      error: message,
    };
  }
}

async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** One poll over the whole watched universe. Never throws for a failing symbol; records it instead. */
export async function runPricePoll(deps: PricePollDeps): Promise<JobRunRecord> {
  const started = deps.now();
  const startedAt = performance.now();
  const nowIso = started.toISOString();
  const universe = await deps.engine.listUniverse();
  const outcomes = await mapWithConcurrency(universe, CONCURRENCY, (info) => pollSymbol(info, deps, nowIso));
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const record: JobRunRecord = {
    job: PRICE_POLL_JOB,
    started_at: nowIso,
    finished_at: deps.now().toISOString(),
    status: failed.length === 0 ? 'succeeded' : failed.length === outcomes.length ? 'failed' : 'partial',
    data_mode: deps.engine.dataMode,
    symbols_total: universe.length,
    symbols_ok: outcomes.length - failed.length,
    symbols_failed: failed.length,
    quotes_changed: outcomes.filter((outcome) => outcome.quoteChanged).length,
    bars_written: outcomes.reduce((sum, outcome) => sum + outcome.barsWritten, 0),
    recommendations_enqueued: outcomes.filter((outcome) => outcome.recommendationQueued).length,
    alerts_written: outcomes.reduce((sum, outcome) => sum + outcome.alertsWritten, 0),
    duration_ms: Math.round(performance.now() - startedAt),
    errors: failed.map((outcome) => outcome.error ?? 'unknown error').slice(0, 20),
  };
  await deps.market.putJobRun(record);
  return record;
}

let lambdaDeps: PricePollDeps | undefined;

/** Built once per cold start. */
export function createPricePollDeps(): PricePollDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  const moderation = createModerationRepository(client, config.TABLE_MODERATION);
  const market = createMarketRepository(
    client,
    { market: config.TABLE_MARKET, moderation: config.TABLE_MODERATION },
    { recommendationQueueItems: (item) => moderation.enqueueRecommendationItems({ ...item }) },
  );
  const engine = createMarketEngine(createPriceSource(config, { fallback: market }));
  const users = createUsersRepository(client, config.TABLE_USERS);
  const now = () => new Date();
  return {
    engine,
    market,
    now,
    alertTtlHours: config.MARKET_ALERT_TTL_HOURS,
    userAlerts: {
      alerts: createAlertsRepository(client, { holdings: config.TABLE_HOLDINGS, usage: config.TABLE_USAGE }),
      now,
      getTier: async (userId) => (await users.get(userId))?.subscription_tier ?? null,
    },
  };
}

/** EventBridge scheduled rule target. */
export async function handler(_event?: Partial<ScheduledEvent>): Promise<JobRunRecord> {
  lambdaDeps ??= createPricePollDeps();
  const record = await runPricePoll(lambdaDeps);
  logger.info('price poll finished', { ...record, errors: record.errors.slice(0, 5) });
  return record;
}
