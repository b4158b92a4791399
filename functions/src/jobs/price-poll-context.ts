import type { FeedHealth, FeedHealthRepository } from '../data/feed-health-repository';
import type { GradeChainRepository } from '../data/grade-chain-repository';
import type { JobRunsRepository } from '../data/job-runs-repository';
import type { LiveOutcomeRepository } from '../data/live-outcome-repository';
import type { MarketAlertsRepository } from '../data/market-alerts-repository';
import type { MarketDayRepository } from '../data/market-day-repository';
import type { PricesRepository } from '../data/prices-repository';
import type { RecommendationQueueRepository } from '../data/recommendation-queue-repository';
import type { ScoreHistoryRepository } from '../data/score-history-repository';
import type { MarketDate } from '../engine/market-dates';
import type { Bar, SourceQuote, SymbolAnalysis, SymbolInfo } from '../engine/types';
import type { MarketEngine } from '../market-data/market-engine';
import type { RuleEvaluationDeps } from '../user-alerts/alert-rules-evaluation';
import type { RaiseUserAlertsDeps } from '../user-alerts/user-alerts-service';
import type { WatchlistAlertDeps } from '../user-alerts/watchlist-alerts';

/*
 * What one symbol's price poll works on (`SymbolPoll`) and what a step of it is: price-poll-steps.ts
 * builds the context and runs the steps, and the steps of price-poll-signals.ts,
 * price-poll-rule-alerts.ts and price-poll-score-history.ts read it, so it lives apart from all of them.
 */

export interface PricePollDeps {
  engine: MarketEngine;
  prices: Pick<PricesRepository, 'putQuoteIfChanged' | 'mergeBars'>;
  feedHealth: Pick<FeedHealthRepository, 'getHealth' | 'putHealth'>;
  marketAlerts: Pick<MarketAlertsRepository, 'putAlertOnce'>;
  jobRuns: Pick<JobRunsRepository, 'putJobRun'>;
  recommendationQueue: Pick<RecommendationQueueRepository, 'getLastRecommendation' | 'enqueueSuperseding'>;
  now: () => Date;
  newId?: () => string;
  alertTtlHours: number;
  /** Writes alerts for the holders of a polled symbol; absent in engine-only runs (tests, bench). */
  userAlerts?: RaiseUserAlertsDeps;
  /** Evaluates the custom alert rules on a polled symbol; absent in engine-only runs. */
  alertRules?: RuleEvaluationDeps;
  /** Raises watchlists' grade-change alerts on a polled symbol; absent in engine-only runs. */
  watchlistAlerts?: WatchlistAlertDeps;
  /** Keeps each day's scores (price-poll-score-history.ts); absent in engine-only runs. */
  scoreHistory?: Pick<ScoreHistoryRepository, 'getRange' | 'putNewDays' | 'listDays'>;
  /** The live grade chain over the stored scores (price-poll-grade-chain.ts); absent in engine-only runs. */
  gradeChain?: GradeChainRepository;
  /** The live outcomes of the chained dates (price-poll-outcomes.ts), from the bars `outcomeBars` reads. */
  liveOutcomes?: LiveOutcomeRepository;
  outcomeBars?: Pick<PricesRepository, 'getBars'>;
  /** Keeps the graded market of each replayed date (price-poll-market-day.ts); absent in engine-only runs. */
  marketDay?: Pick<MarketDayRepository, 'getDayHeader' | 'putDay'>;
  /** Earlier days of score history backfilled per symbol and run (unbounded when absent). */
  scoreBackfillDaysPerRun?: number;
}

/** What one symbol's poll wrote, summed into the job-run record. */
export interface SymbolOutcome {
  ok: boolean;
  quoteChanged: boolean;
  barsWritten: number;
  recommendationQueued: boolean;
  alertsWritten: number;
  error: string | null;
}

export interface SymbolPoll {
  readonly info: SymbolInfo;
  readonly deps: PricePollDeps;
  readonly nowIso: string;
  /** The run's one reading of the market clock: its date and its replay cycle. */
  readonly marketDate: MarketDate;
  /** The feed health the previous run left (null on the first run). */
  readonly previous: FeedHealth | null;
  readonly quote: SourceQuote;
  /** The last ANALYSIS_HISTORY_DAYS of daily bars up to the quote's date. */
  readonly window: readonly Bar[];
  readonly analysis: SymbolAnalysis;
  /** Range of bars stored for the symbol once storeNewBars ran. */
  storedRange: { from: string | null; through: string | null };
  readonly outcome: SymbolOutcome;
}

export type SymbolPollStep = (poll: SymbolPoll) => Promise<void>;
