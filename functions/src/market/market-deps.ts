import type { Tier } from '@app/shared/domain/enums';
import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import { createMarketRepositories } from '../data/market-repositories';
import { createSeriesRepository } from '../data/series-repository';
import { createFundamentalsRepository } from '../data/fundamentals-repository';
import type { FeedHealthRepository } from '../data/feed-health-repository';
import type { FeedSummaryRepository } from '../data/feed-summary-repository';
import type { JobRunsRepository } from '../data/job-runs-repository';
import type { MarketAlertsRepository } from '../data/market-alerts-repository';
import type { PricesRepository } from '../data/prices-repository';
import type { RecommendationQueueRepository } from '../data/recommendation-queue-repository';
import type { MarketDayRepository } from '../data/market-day-repository';
import type { GradeChainRepository } from '../data/grade-chain-repository';
import type { LiveOutcomeRepository } from '../data/live-outcome-repository';
import type { ScoreHistoryRepository } from '../data/score-history-repository';
import { createHoldingsRepository, type HoldingsRepository } from '../data/holdings-repository';
import { createUsersRepository } from '../data/users-repository';
import { createDetailViewsRepository, type DetailViewsRepository } from '../data/detail-views-repository';
import { runBacktest } from '../engine/backtest';
import { buyRecordOf, type BuyRecord } from '../engine/buy-record';
import { message, type Message } from '@app/shared/messages/message';
import { createPriceSource, type PriceSource } from '../market-data/price-source';
import { loadSnapshotForUniverse } from '../market-data/universe/load-universe';
import { selectGradedSeries, SP500_DAILY_ID } from '../market-data/providers/replay';
import { createMarketEngine, type MarketEngine } from '../market-data/market-engine';
import { logger } from '../platform/observability';

/** The engine's measured record, shown beside the recommendations (replaces a marketing claim). */
export interface BacktestFigure extends BuyRecord {
  /** Which month-ends and horizon, worded in the reader's language when answered. */
  window: Message;
}

export interface MarketDeps {
  engine: MarketEngine;
  /** The market table as the price poll left it, by concern (data/). */
  prices: PricesRepository;
  feedHealth: Pick<FeedHealthRepository, 'listFeedHealth'>;
  /** The feed summary the price poll writes after each run; absent in some unit tests (per-symbol reads). */
  feedSummary?: Pick<FeedSummaryRepository, 'getSummary'>;
  marketAlerts: Pick<MarketAlertsRepository, 'listAlerts'>;
  jobRuns: Pick<JobRunsRepository, 'getLastJobRun'>;
  /** The stored daily scores (the price poll writes them). */
  scoreHistory: Pick<ScoreHistoryRepository, 'listDays'>;
  /** The live grade chain (the price poll writes it); absent in some unit tests. */
  gradeChain?: Pick<GradeChainRepository, 'getHead' | 'getFirst'>;
  /** The live outcomes of the chained dates (the price poll records them); absent in some unit tests. */
  liveOutcomes?: Pick<LiveOutcomeRepository, 'listOutcomes'>;
  /** The graded market of each replayed date (the price poll writes it); absent in some unit tests. */
  marketDay?: Pick<MarketDayRepository, 'getDay'>;
  recommendationQueue: Pick<
    RecommendationQueueRepository,
    'getLastRecommendations' | 'getRecommendationStatuses' | 'recordMarkerStatuses'
  >;
  users: { get(userId: string): Promise<{ subscription_tier: Tier } | null> };
  /** The ai_recommendations quota counted per detail served (usage table). */
  detailViews: DetailViewsRepository;
  /** The user's positions (portfolio history); the portfolio area owns the holdings. */
  holdings: Pick<HoldingsRepository, 'listPositions'>;
  now: () => Date;
  /** The seeded demo investor whose data `demo_user` shows; null when none is configured. */
  demoUserId: string | null;
  /** How often the price poll should run; the health check judges the last run against it. */
  pollIntervalSeconds: number;
  backtest: () => Promise<BacktestFigure | null>;
  /** A listing's sector (the screener snapshot, read once per process); null when it has none. */
  sectorOf?: (symbol: string) => string | null;
}

/**
 * The buy-side record of the month-end backtest (engine/backtest.ts): of every month-end where the
 * engine graded a series A+, A or B+ (actions STRONG_BUY or BUY), the share whose price was higher 3
 * months later and their mean excess return over the S * months later. Computed once per cold start from the replay data; null when there is none (live).P 500 (engine/buy-record.ts). Computed once
 * per cold start from the replay data; null when there is none (live).
 */
export function computeBacktestFigure(source: PriceSource): BacktestFigure | null {
  const universe = source.universe;
  if (!universe) return null;
  const daily = selectGradedSeries(universe);
  const benchmark = daily.find((series) => series.id === SP500_DAILY_ID);
  if (!benchmark) return null;
  const result = runBacktest({
    symbols: daily.map((series) => ({
      symbol: series.id,
      assetType: series.asset_type,
      bars: series.bars,
      fundamentalsHistory: universe.fundamentalsBySymbol.get(series.ticker),
    })),
    benchmarkBars: benchmark.bars,
  });
  const record = buyRecordOf(result.observations);
  if (!record) return null;
  const dates = result.observations.map((observation) => observation.date).sort();
  return {
    ...record,
    window: message('BACKTEST_WINDOW', {
      from: dates[0]?.slice(0, 7) ?? '',
      to: dates.at(-1)?.slice(0, 7) ?? '',
      count: result.forward_months,
    }),
  };
}

export function createMarketDeps(): MarketDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  const market = createMarketRepositories(client, {
    market: config.TABLE_MARKET,
    moderation: config.TABLE_MODERATION,
  });
  const prices = market.prices;
  const source = createPriceSource(config, {
    store: {
      prices,
      series: createSeriesRepository(client, config.TABLE_MARKET),
      fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
    },
  });
  let backtest: Promise<BacktestFigure | null> | undefined;
  let sectors: Map<string, string | null> | undefined;
  return {
    sectorOf: (symbol) => {
      if (!sectors) {
        try {
          const listings = loadSnapshotForUniverse(config.REPLAY_DATA_FILE);
          sectors = new Map(listings.map((listing) => [listing.symbol, listing.sector]));
        } catch (error: unknown) {
          // Without the snapshot the list still answers; the sector filter then offers nothing.
          logger.warn('sectors unavailable', {
            error: error instanceof Error ? error.message : String(error),
          });
          sectors = new Map();
        }
      }
      return sectors.get(symbol.toUpperCase()) ?? null;
    },
    engine: createMarketEngine(source),
    ...market,
    users: createUsersRepository(client, config.TABLE_USERS),
    detailViews: createDetailViewsRepository(client, config.TABLE_USAGE),
    holdings: createHoldingsRepository(client, {
      holdings: config.TABLE_HOLDINGS,
      usage: config.TABLE_USAGE,
    }),
    now: () => new Date(),
    demoUserId: config.DEMO_USER_ID ?? null,
    pollIntervalSeconds: config.PRICE_POLL_INTERVAL_SECONDS,
    backtest: () => {
      backtest ??= Promise.resolve()
        .then(() => computeBacktestFigure(source))
        .catch((error: unknown) => {
          logger.warn('backtest figure unavailable', {
            error: error instanceof Error ? error.message : String(error),
          });
          return null;
        });
      return backtest;
    },
  };
}
