import { marketGroupOf, type MarketGroup } from './market-groups';
import { addCalendarDays } from '../engine/point-in-time';
import type { z } from 'zod';
import type { LiveMarketAlertSchema } from '@app/shared/domain/entities/catalysts';
import type {
  EnhancedPriceEntrySchema,
  EnhancedPricesResponseSchema,
  MarketGroupItemSchema,
  PricesResponseSchema,
} from '@app/shared/domain/entities/market';
import { buildFailedNuggetAnalysis } from '@app/shared/domain/rules/recommendation-derivations';
import type { EngineAnalysis } from '../market-data/market-engine';
import { barCloseTime } from '../engine/market-dates';
import type { SourceQuote, SymbolInfo } from '../engine/types';
import type { Language } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import { logger } from '../platform/observability';
import type { AuthContext } from '../platform/auth-context';
import { render, type Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';
import { planReadingOf } from './analysis-service';

/**
 * Dashboard column of a symbol: indices are Yahoo's ^ tickers, crypto by asset type, currencies are
 * Yahoo's FX pairs (=X), commodities are futures (=F) and other alternatives. The replay has one
 * index (^GSPC), one crypto (BTC-USD), six FX pairs and no commodity series at all, so there its
 * commodities column is empty rather than invented.
 */
/** Beside the columns, the dashboard lists the best-graded entries: this many (it shows three). */
export const ENHANCED_TOP = 12;

interface QuotedAnalysis {
  info: SymbolInfo;
  quote: SourceQuote;
  result: EngineAnalysis | null;
  error: string | null;
}

interface MarketSnapshot {
  marketDate: string;
  rows: QuotedAnalysis[];
  noData: { symbol: string; name: string }[];
  /** When the poll last stored a quote (live), or when the answer was built (replay). */
  updatedAt: string;
  /** Minutes the caller's plan serves live prices late (FREE); null otherwise. */
  delayedMinutes: number | null;
}

/**
 * Every watched symbol at one reading of the market clock as the caller's plan reads it, with its
 * analysis as of that quote; the symbols without data on the date apart. Replay reads the series at
 * the clock's date; live reads what the price poll stored (FREE: as it was 15 minutes ago).
 */
async function loadMarketSnapshot(
  deps: MarketDeps,
  auth: AuthContext,
  analyse: boolean,
): Promise<MarketSnapshot> {
  const now = deps.now();
  const { reading, delayedMinutes } = await planReadingOf(auth, deps);
  const universe = await deps.engine.listUniverse();
  const quotes = await reading.quotes(universe.map((info) => info.symbol));
  // Replay: the grades the price poll stored for the date (no request grades the universe).
  const graded = analyse ? await reading.graded() : null;
  const rows: QuotedAnalysis[] = [];
  const noData: MarketSnapshot['noData'] = [];
  for (const info of universe) {
    const quote = quotes.get(info.symbol);
    if (!quote) {
      // Replay: no bar near the date. Live: not polled yet (then it is simply not listed).
      if (deps.engine.dataMode === 'replay') noData.push({ symbol: info.symbol, name: info.name });
      continue;
    }
    if (!analyse) {
      rows.push({ info, quote, result: null, error: null });
      continue;
    }
    const stored = graded?.get(info.symbol)?.analysis;
    if (stored) {
      rows.push({ info, quote, result: { info, quote, analysis: stored, bars: [] }, error: null });
      continue;
    }
    try {
      rows.push({ info, quote, result: await deps.engine.analyze(info.symbol, { quote }), error: null });
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn('analysis failed for a quote', { symbol: info.symbol, error: reason });
      rows.push({ info, quote, result: null, error: reason });
    }
  }
  // The newest stored update the plan may see: a delayed plan's clock stops 15 minutes back.
  const stored =
    deps.engine.dataMode === 'live' && delayedMinutes === null
      ? await deps.prices.getQuotes(rows.map((row) => row.info.symbol))
      : null;
  const updatedAt = stored
    ? [...stored.values()].reduce(
        (latest, quote) => (quote.updated_at > latest ? quote.updated_at : latest),
        '',
      )
    : delayedMinutes !== null
      ? new Date(now.getTime() - delayedMinutes * 60_000).toISOString()
      : '';
  return {
    marketDate: reading.marketDate.date,
    rows,
    noData,
    updatedAt: updatedAt || now.toISOString(),
    delayedMinutes,
  };
}

const delayedField = (minutes: number | null) => (minutes === null ? {} : { delayed_minutes: minutes });

/** The dashboard's prices and groups, their notes worded by `say` (the caller's language). */
export async function getEnhancedPrices(
  auth: AuthContext,
  say: Render,
  deps: MarketDeps,
): Promise<z.input<typeof EnhancedPricesResponseSchema>> {
  const { marketDate, rows, noData, updatedAt, delayedMinutes } = await loadMarketSnapshot(deps, auth, true);
  // Best composite first: the dashboard takes its top three from the first entries.
  const ranked = [...rows].sort(
    (a, b) =>
      (b.result?.analysis.nugget_scores.composite_rationality_score ?? -1) -
      (a.result?.analysis.nugget_scores.composite_rationality_score ?? -1),
  );
  const enhanced: Record<string, z.input<typeof EnhancedPriceEntrySchema>> = {};
  const groups: Record<MarketGroup, z.input<typeof MarketGroupItemSchema>[]> = {
    indices: [],
    crypto: [],
    commodities: [],
    bonds: [],
    currencies: [],
  };
  for (const [rank, { info, quote, result, error }] of ranked.entries()) {
    const group = marketGroupOf(info);
    if (rank >= ENHANCED_TOP && !group) continue;
    const scores = result?.analysis.nugget_scores;
    const topNugget = scores?.key_nuggets[0];
    const failed = buildFailedNuggetAnalysis(info.symbol).nugget_scores;
    enhanced[info.symbol] = {
      symbol: info.symbol,
      name: info.name,
      price: quote.price,
      composite_score: scores?.composite_rationality_score ?? failed.composite_rationality_score,
      investment_grade: scores?.investment_grade ?? failed.investment_grade,
      financial_health: scores?.financial_health_score ?? failed.financial_health_score,
      risk_level: scores?.risk_score ?? failed.risk_score,
      top_nugget: topNugget ? say(topNugget.message) : '',
      after_hours_price: quote.after_hours_price ?? null,
      premarket_change: quote.premarket_change ?? null,
      change_percent: quote.change_percent,
      as_of: quote.as_of,
      market_date: quote.market_date,
      data_mode: quote.mode,
      ...(error ? { error: say(message('MARKET_NUGGET_ANALYSIS_FAILED')) } : {}),
    };
    if (group) {
      const bars = result?.bars.length ? result.bars : await recentBarsOf(deps, info.symbol, quote.as_of);
      groups[group].push({
        symbol: info.symbol,
        name: info.name,
        value: quote.price,
        change: quote.change,
        change_percent: quote.change_percent,
        investment_grade: scores?.investment_grade ?? null,
        composite_score: scores?.composite_rationality_score ?? null,
        after_hours_price: quote.after_hours_price ?? null,
        as_of: quote.as_of,
        market_date: quote.market_date,
        analysisNote: say(topNugget?.message ?? message('MARKET_ANALYSIS_UNAVAILABLE')),
        ...recentClosesOf(bars),
      });
    }
  }
  return {
    status: rows.length > 0 ? 'success' : 'error',
    data_mode: deps.engine.dataMode,
    market_date: marketDate,
    ...delayedField(delayedMinutes),
    enhanced_prices: enhanced,
    market_groups: groups,
    no_data: noData,
    updated_at: updatedAt,
  };
}

/** Closes of the dashboard's sparkline: about six weeks of trading days. */
export const SPARKLINE_CLOSES = 30;

/** A column item graded from the stored day has no bars with it: the sparkline's are read alone. */
async function recentBarsOf(deps: MarketDeps, symbol: string, asOf: string) {
  try {
    return await deps.engine.source.provider.getDailyBars(symbol, addCalendarDays(asOf, -60), asOf);
  } catch {
    return [];
  }
}

function recentClosesOf(bars: readonly { date: string; close: number }[] | undefined) {
  const recent = (bars ?? []).slice(-SPARKLINE_CLOSES);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || recent.length < 2) return {};
  return { recent_closes: { from: first.date, to: last.date, closes: recent.map((bar) => bar.close) } };
}

export async function getPrices(
  auth: AuthContext,
  deps: MarketDeps,
): Promise<z.input<typeof PricesResponseSchema>> {
  const { marketDate, rows, noData, updatedAt, delayedMinutes } = await loadMarketSnapshot(deps, auth, false);
  const prices: z.input<typeof PricesResponseSchema>['prices'] = {};
  for (const { info, quote } of rows) {
    prices[info.symbol] = {
      symbol: info.symbol,
      name: info.name,
      price: quote.price,
      change_percent: quote.change_percent,
      as_of: quote.as_of,
      market_date: quote.market_date,
      data_mode: quote.mode,
      stale: quote.stale,
    };
  }
  return {
    status: rows.length > 0 ? 'success' : 'error',
    data_mode: deps.engine.dataMode,
    market_date: marketDate,
    ...delayedField(delayedMinutes),
    prices,
    no_data: noData,
    updated_at: updatedAt,
  };
}

/** A stored alert text in `language`: a message worded, an old row's sentence as it is. */
function readAlertText(text: Message | string, language: Language): string {
  return typeof text === 'string' ? text : render(text, language);
}

/**
 * GET /ai/alerts: price and volume alerts the price poll raised (rules: engine/market-alerts.ts), of
 * the market clock's cycle and up to its date, in the caller's language. In replay an alert is timed
 * in market time: published at its bar's close, `hours_ago` from the replay's moment.
 */
export async function getAlerts(limit: number, language: Language, deps: MarketDeps) {
  const now = deps.now();
  const clock = deps.engine.source.clock;
  const marketDate = clock.at(now);
  const replay = deps.engine.dataMode === 'replay';
  const moment = clock.momentAt(now);
  const stored = await deps.marketAlerts.listAlerts(limit, Math.floor(now.getTime() / 1000), {
    cycleId: marketDate.cycleId,
    marketDate: marketDate.date,
  });
  const alerts: z.input<typeof LiveMarketAlertSchema>[] = stored.map((alert) => {
    const published = replay ? barCloseTime(alert.as_of) : new Date(alert.published_time);
    return {
      alert_id: alert.alert_id,
      symbol: alert.symbol,
      alert_level: alert.alert_level,
      event_type: alert.event_type,
      title: readAlertText(alert.title, language),
      message: readAlertText(alert.message, language),
      impact_score: alert.impact_score,
      sentiment: alert.sentiment,
      sentiment_score: alert.sentiment_score,
      published_time: published.toISOString(),
      hours_ago: Math.max(0, Math.round(((moment.getTime() - published.getTime()) / 3_600_000) * 100) / 100),
      as_of: alert.as_of,
      source: alert.source,
      url: alert.url === '#' ? '' : alert.url,
      keywords: alert.keywords.map((keyword) => readAlertText(keyword, language)),
      recommended_action: readAlertText(alert.recommended_action, language),
    };
  });
  return {
    success: true,
    alerts,
    ...(alerts.length === 0 ? { message: render(message('MARKET_NO_RECENT_ALERTS'), language) } : {}),
  };
}
