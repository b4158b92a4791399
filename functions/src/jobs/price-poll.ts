import type { ScheduledEvent } from 'aws-lambda';
import { message as messageOf } from '@app/shared/messages/message';
import { getConfig, mailTokenSecretOf } from '../config';
import type { FeedHealth } from '../data/feed-health-repository';
import type { FeedSummaryRepository } from '../data/feed-summary-repository';
import { createAlertsRepository } from '../data/alerts-repository';
import { createWatchlistsRepository } from '../data/watchlists-repository';
import { createAlertRulesRepository } from '../data/alert-rules-repository';
import { recentHighImpactCatalysts } from '../catalysts/recent-catalysts';
import { PRICE_POLL_JOB, type JobRunRecord } from '../data/job-runs-repository';
import { createUsersRepository } from '../data/users-repository';
import type { MarketDate } from '../engine/market-dates';
import type { SymbolInfo } from '../engine/types';
import { createMarketEngine } from '../market-data/market-engine';
import { createPriceSource } from '../market-data/price-source';
import { createDocumentClient } from '../platform/dynamo-client';
import { createMarketRepositories } from '../data/market-repositories';
import { createSeriesRepository } from '../data/series-repository';
import { createFundamentalsRepository } from '../data/fundamentals-repository';
import { createNotificationPreferencesRepository } from '../data/notification-preferences-repository';
import { alertMailerOf } from '../notifications/alert-mailing';
import { createProductMailer } from '../notifications/mail-deps';
import { logger } from '../platform/observability';
import type { GradedSymbol } from '../data/market-day-repository';
import { storeMarketDays } from './price-poll-market-day';
import { recordGradeChain } from './price-poll-grade-chain';
import { recordLiveOutcomes } from './price-poll-outcomes';
import { fetchSymbolPoll, recordNoDataOnDate, SYMBOL_POLL_STEPS } from './price-poll-steps';
import type { PricePollDeps, SymbolOutcome } from './price-poll-context';

/*
 * The price poll (EventBridge schedule in the cloud, a timer in the local stack). It reads the market
 * clock once (every symbol of a run is read at one market date), then, for every symbol of the
 * watched universe, a few at a time, it reads the quote, a year of bars and the engine's analysis,
 * then runs the named steps of price-poll-steps.ts over that one context: store the quote (when it
 * changed) and the new bars, record feed health, raise market and holder alerts, queue the
 * recommendation when its action changed. A failing symbol is recorded and the others go on; one
 * run record sums them up, and the universe's feed summary is read back from what the run stored
 * (data/feed-summary-repository.ts) for the monitors.
 *
 * Idempotent: a second run over the same source state writes nothing new (quotes, bars, health,
 * alerts and the queue are equal afterwards); only the job-run record (and the feed summary's copy of
 * it) says that it ran again.
 */

/** The run's deps: the steps' and the universe's feed summary, absent in engine-only runs (tests, bench). */
export type PricePollRunDeps = PricePollDeps & { feedSummary?: Pick<FeedSummaryRepository, 'writeSummary'> };

/** A failing symbol must not stop the others; a few at a time keeps the source and the table calm. */
const CONCURRENCY = 4;

/** A failed symbol keeps its last good figures, counts one more error and reads 'poor'. */
async function recordSymbolFailure(
  info: SymbolInfo,
  deps: PricePollDeps,
  previous: FeedHealth | null,
  error: unknown,
): Promise<SymbolOutcome> {
  const message = error instanceof Error ? error.message : String(error);
  logger.warn('price poll: symbol failed', { symbol: info.symbol, error: message });
  await deps.feedHealth.putHealth({
    symbol: info.symbol,
    name: info.name,
    data_quality: 'poor',
    quality_reasons: [messageOf('FEED_SOURCE_FAILED', { error: message })],
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

async function pollSymbol(
  info: SymbolInfo,
  deps: PricePollDeps,
  run: { nowIso: string; marketDate: MarketDate; graded: GradedSymbol[] },
): Promise<SymbolOutcome> {
  const { nowIso, marketDate } = run;
  const previous = await deps.feedHealth.getHealth(info.symbol);
  try {
    const poll = await fetchSymbolPoll(info, deps, { nowIso, marketDate }, previous);
    if (!poll) return recordNoDataOnDate(info, deps, marketDate, previous);
    for (const step of SYMBOL_POLL_STEPS) await step(poll);
    run.graded.push({ quote: poll.quote, analysis: poll.analysis });
    return poll.outcome;
  } catch (error: unknown) {
    return recordSymbolFailure(info, deps, previous, error);
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
export async function runPricePoll(deps: PricePollRunDeps): Promise<JobRunRecord> {
  const started = deps.now();
  const startedAt = performance.now();
  const nowIso = started.toISOString();
  const marketDate = deps.engine.source.clock.at(started);
  const universe = await deps.engine.listUniverse();
  const graded: GradedSymbol[] = [];
  const outcomes = await mapWithConcurrency(universe, CONCURRENCY, (info) =>
    pollSymbol(info, deps, { nowIso, marketDate, graded }),
  );
  if (deps.marketDay) await storeMarketDays({ ...deps, marketDay: deps.marketDay }, marketDate, graded);
  if (deps.gradeChain && deps.scoreHistory) {
    const symbols = universe.map((info) => info.symbol);
    await recordGradeChain(
      { engine: deps.engine, gradeChain: deps.gradeChain, scoreHistory: deps.scoreHistory },
      marketDate,
      symbols,
    );
    if (deps.liveOutcomes && deps.outcomeBars) {
      const { engine, gradeChain, liveOutcomes, outcomeBars: bars } = deps;
      await recordLiveOutcomes({ engine, gradeChain, liveOutcomes, bars }, marketDate);
    }
  }
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const record: JobRunRecord = {
    job: PRICE_POLL_JOB,
    started_at: nowIso,
    finished_at: deps.now().toISOString(),
    status: failed.length === 0 ? 'succeeded' : failed.length === outcomes.length ? 'failed' : 'partial',
    data_mode: deps.engine.dataMode,
    market_date: marketDate.date,
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
  // Before the run record: when the summary cannot be written the run fails with both still the
  // previous run's, so the monitors never read a summary older than the run record they would read.
  if (deps.feedSummary)
    await deps.feedSummary.writeSummary(
      record,
      universe.map((info) => info.symbol),
    );
  await deps.jobRuns.putJobRun(record);
  return record;
}

let lambdaDeps: PricePollRunDeps | undefined;

/** Built once per cold start. */
export function createPricePollDeps(): PricePollRunDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  const market = createMarketRepositories(client, {
    market: config.TABLE_MARKET,
    moderation: config.TABLE_MODERATION,
  });
  const prices = market.prices;
  const engine = createMarketEngine(
    createPriceSource(config, {
      store: {
        prices,
        series: createSeriesRepository(client, config.TABLE_MARKET),
        fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
      },
    }),
  );
  const users = createUsersRepository(client, config.TABLE_USERS);
  const now = () => new Date();
  const alerts = createAlertsRepository(client, {
    holdings: config.TABLE_HOLDINGS,
    usage: config.TABLE_USAGE,
  });
  const getTier = async (userId: string) => (await users.get(userId))?.subscription_tier ?? null;
  const mailAlert = alertMailerOf({
    preferences: createNotificationPreferencesRepository(client, config.TABLE_HOLDINGS),
    users,
    mailer: createProductMailer(config, client),
    siteUrl: config.PUBLIC_SITE_URL,
    secret: mailTokenSecretOf(config),
    now,
  });
  return {
    engine,
    ...market,
    outcomeBars: prices,
    now,
    alertTtlHours: config.MARKET_ALERT_TTL_HOURS,
    scoreBackfillDaysPerRun: config.SCORE_BACKFILL_DAYS_PER_RUN,
    userAlerts: { alerts, now, getTier, mailAlert },
    alertRules: {
      alertRules: createAlertRulesRepository(client, config.TABLE_HOLDINGS),
      alerts,
      getTier,
      now,
      recentCatalysts: (symbol) => recentHighImpactCatalysts(engine, symbol, now),
      mailAlert,
    },
    watchlistAlerts: {
      watchlists: createWatchlistsRepository(client, config.TABLE_HOLDINGS),
      alerts,
      getTier,
      now,
      mailAlert,
    },
  };
}

/**
 * Grades the replay's current and next dates when not stored yet (price-poll-market-day.ts), apart
 * from the poll's per-symbol steps: the local stack runs it every few seconds so the graded day is
 * ready whenever the clock moves, however long a poll over the whole universe takes.
 */
export async function gradeMarketDaysNow(): Promise<void> {
  lambdaDeps ??= createPricePollDeps();
  const { engine, marketDay, now } = lambdaDeps;
  if (!marketDay) return;
  await storeMarketDays({ engine, marketDay, now }, engine.source.clock.at(now()), null);
}

/** EventBridge scheduled rule target. */
export async function handler(_event?: Partial<ScheduledEvent>): Promise<JobRunRecord> {
  lambdaDeps ??= createPricePollDeps();
  const record = await runPricePoll(lambdaDeps);
  logger.info('price poll finished', { ...record, errors: record.errors.slice(0, 5) });
  return record;
}
