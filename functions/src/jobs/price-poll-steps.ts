import { message } from '@app/shared/messages/message';
import type { FeedHealth } from '../data/feed-health-repository';
import type { StoredQuote } from '../data/stored-prices';
import { assessFeedQuality } from '../engine/feed-quality';
import type { MarketDate } from '../engine/market-dates';
import { addCalendarDays } from '../engine/point-in-time';
import type { Bar, SourceQuote, SymbolInfo } from '../engine/types';
import { ANALYSIS_HISTORY_DAYS } from '../market-data/market-engine';
import { NoDataOnDateError } from '../market-data/provider-errors';
import { queueChangedRecommendation, raiseHolderAlerts, raiseMarketAlerts } from './price-poll-signals';
import { raiseRuleAlerts, raiseWatchlistAlerts } from './price-poll-rule-alerts';
import { recordScoreHistory } from './price-poll-score-history';
import type { PricePollDeps, SymbolOutcome, SymbolPoll, SymbolPollStep } from './price-poll-context';

/*
 * One symbol's price poll as named steps over one context (`SymbolPoll`): `fetchSymbolPoll` reads
 * the market at the run's market date and builds the context, then each step of SYMBOL_POLL_STEPS
 * reads it and records what it wrote. The order matters: feed health needs the stored range, and
 * everything after the fetch sees the same quote and analysis. The signals (alerts, the review
 * queue) are price-poll-signals.ts; the job that runs the steps: price-poll.ts.
 */

/**
 * Reads the quote at the run's market date (live: the latest), a year of bars and the engine's
 * analysis: the context every step shares. Null when the symbol has no data on that date.
 */
export async function fetchSymbolPoll(
  info: SymbolInfo,
  deps: PricePollDeps,
  run: { nowIso: string; marketDate: MarketDate },
  previous: FeedHealth | null,
): Promise<SymbolPoll | null> {
  const { provider } = deps.engine.source;
  const replay = deps.engine.dataMode === 'replay';
  let quote: SourceQuote;
  try {
    quote = await provider.getLatestQuote(info.symbol, replay ? run.marketDate.date : undefined);
  } catch (error: unknown) {
    if (error instanceof NoDataOnDateError) return null;
    throw error;
  }
  const from = addCalendarDays(quote.as_of, -ANALYSIS_HISTORY_DAYS);
  const window = await provider.getDailyBars(info.symbol, from, quote.as_of);
  const { analysis } = await deps.engine.analyze(info.symbol, { quote });
  return {
    info,
    deps,
    nowIso: run.nowIso,
    marketDate: run.marketDate,
    previous,
    quote,
    window,
    analysis,
    storedRange: { from: previous?.bars_from ?? null, through: previous?.bars_through ?? null },
    outcome: {
      ok: true,
      quoteChanged: false,
      barsWritten: 0,
      recommendationQueued: false,
      alertsWritten: 0,
      error: null,
    },
  };
}

function toStoredQuote(info: SymbolInfo, quote: SourceQuote, updatedAt: string): StoredQuote {
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
    market_date: quote.market_date,
    source: quote.source,
    mode: quote.mode,
    stale: quote.stale,
    closed: true,
    fetched_at: updatedAt,
    updated_at: updatedAt,
  };
}

/** Why a series has nothing on the date, naming no later date (issue 45); `expected` outside its range. */
function noDataReason(info: SymbolInfo, date: string) {
  if (!info.first_date || !info.last_date)
    return { expected: false, reason: message('FEED_NO_DATA_ON_DATE_NO_SERIES', { date }) };
  if (info.first_date > date) return { expected: true, reason: message('FEED_NO_DATA_YET', { date }) };
  if (info.last_date < date)
    return { expected: true, reason: message('FEED_NO_DATA_SINCE', { date, last: info.last_date }) };
  return { expected: false, reason: message('FEED_NO_DATA_ON_DATE', { date }) };
}

/**
 * A symbol with no data on the run's market date: the monitor says so, nothing is quoted, alerted or
 * queued, and the last figures are not carried on. A series that starts later or ended before is
 * expected to have none (good); a gap inside a running one is a warning.
 */
export async function recordNoDataOnDate(
  info: SymbolInfo,
  deps: PricePollDeps,
  marketDate: MarketDate,
  previous: FeedHealth | null,
): Promise<SymbolOutcome> {
  const { expected, reason } = noDataReason(info, marketDate.date);
  await deps.feedHealth.putHealth({
    symbol: info.symbol,
    name: info.name,
    data_quality: expected ? 'good' : 'warning',
    quality_reasons: [reason],
    last_updated: previous?.last_updated ?? null,
    last_error: null,
    consecutive_errors: 0,
    as_of: null,
    current_price: null,
    high_5d: null,
    low_5d: null,
    volatility_5d: null,
    bars_from: previous?.bars_from ?? null,
    bars_through: previous?.bars_through ?? null,
    source: previous?.source ?? null,
  });
  return {
    ok: true,
    quoteChanged: false,
    barsWritten: 0,
    recommendationQueued: false,
    alertsWritten: 0,
    error: null,
  };
}

/** Stores the quote only when it changed (same as_of, market date, price and stale flag: nothing written). */
export const storeQuote: SymbolPollStep = async (poll) => {
  // Live, the ingestion worker already stored it. A replayed quote is the one at the clock's date,
  // which only the poll knows: it stores it for the readers of stored quotes (the monitors).
  if (poll.deps.engine.dataMode === 'live') return;
  const stored = toStoredQuote(poll.info, poll.quote, poll.nowIso);
  poll.outcome.quoteChanged = await poll.deps.prices.putQuoteIfChanged(stored);
};

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

/** Writes the bars not stored yet; bars only come from real prints, so a fallback quote adds none. */
export const storeNewBars: SymbolPollStep = async (poll) => {
  // Replay: the loader stored every bar; the monitor shows the range the poll read.
  if (poll.deps.engine.dataMode === 'replay' && poll.deps.engine.source.readsStore) {
    poll.storedRange = {
      from: poll.window[0]?.date ?? poll.storedRange.from,
      through: poll.window.at(-1)?.date ?? poll.storedRange.through,
    };
    return;
  }
  if (poll.quote.stale || poll.deps.engine.source.readsStore) return;
  const toStore = selectBarsToStore(poll.window, poll.storedRange);
  const stamp = { closed: true, source: poll.quote.source, fetched_at: poll.nowIso };
  const bars = toStore.bars.map((bar) => ({ ...bar, ...stamp }));
  if (bars.length > 0)
    poll.outcome.barsWritten = (await poll.deps.prices.mergeBars(poll.info.symbol, bars)).datesWritten;
  poll.storedRange = { from: toStore.from, through: toStore.through };
};

/** Data quality (engine/feed-quality.ts), the 5-day figures and the stored range, for the monitor. */
export const recordFeedHealth: SymbolPollStep = async (poll) => {
  const { info, quote, previous, nowIso } = poll;
  const quality = assessFeedQuality({
    bars: poll.window,
    assetType: info.asset_type,
    quote,
    today: poll.deps.engine.dataMode === 'live' ? nowIso.slice(0, 10) : null,
  });
  await poll.deps.feedHealth.putHealth({
    symbol: info.symbol,
    name: info.name,
    data_quality: quality.data_quality,
    quality_reasons: quality.reasons,
    last_updated: poll.outcome.quoteChanged ? nowIso : (previous?.last_updated ?? nowIso),
    last_error: null,
    consecutive_errors: 0,
    as_of: quote.as_of,
    current_price: quote.price,
    high_5d: quality.high_5d,
    low_5d: quality.low_5d,
    volatility_5d: quality.volatility_5d,
    bars_from: poll.storedRange.from,
    bars_through: poll.storedRange.through,
    source: quote.source,
  });
};

/** The steps after the fetch, in order. */
export const SYMBOL_POLL_STEPS: readonly SymbolPollStep[] = [
  storeQuote,
  storeNewBars,
  recordScoreHistory,
  recordFeedHealth,
  raiseMarketAlerts,
  raiseHolderAlerts,
  raiseRuleAlerts,
  raiseWatchlistAlerts,
  queueChangedRecommendation,
];
