import type { z } from 'zod';
import type {
  BatchAnalysisItemSchema,
  BatchNuggetItemSchema,
  PriceHistoryResponseSchema,
  RationalityScoreResponseSchema,
  SymbolAnalysisSchema,
} from '@app/shared/domain/entities/market';
import { gradeToSpeculationLevel } from '@app/shared/domain/rules/grades';
import {
  buildFailedAnalysis,
  buildFailedNuggetAnalysis,
} from '@app/shared/domain/rules/recommendation-derivations';
import type { EngineAnalysis } from '../market-data/market-engine';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { nuggetAnalysisAt, nuggetScoresAt, symbolAnalysisAt } from '../entitlements/analysis-views';
import { chargeDetailView, detailLevelOf, type DetailQuota } from '../entitlements/detail-views';
import { resolveCallerPlan, type CallerPlan } from '../entitlements/entitlements';
import { planQuotes } from '../entitlements/plan-quotes';
import type { AuthContext } from '../platform/auth-context';
import { ServiceUnavailableError } from '../platform/errors';
import { message } from '@app/shared/messages/message';
import { logger } from '../platform/observability';
import type { Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';
import { readMarketAt, type MarketReading } from '../market-data/market-quotes';
import { NoDataOnDateError } from '../market-data/provider-errors';
import type { SymbolInfo } from '../engine/types';
import {
  toContractNuggetScores,
  toContractQuote,
  toContractRiskMetrics,
  toContractVolumeAnalysis,
  toHttpError,
} from '../market-data/engine-mappers';

/** Where the site explains every formula (functions/src/engine/README.md is the source of that page). */
export const METHODOLOGY_URL = '/methodology';

/** With delayed prices and no quote old enough stored yet, answering would leak a newer price. */
function noDelayedQuote(symbol: string, minutes: number): ServiceUnavailableError {
  return new ServiceUnavailableError(message('PLAN_DELAYED_QUOTE_NOT_READY', { symbol, minutes }), 60);
}

/**
 * The caller's plan and its reading of the market: live, a plan with delayed prices (FREE) reads the
 * stored quotes as they were DELAYED_PRICE_MINUTES ago and never the live source's newer one
 * (entitlements/plan-quotes.ts); in replay every plan reads the replay date's bar.
 */
export async function planReadingOf(
  auth: AuthContext,
  deps: Pick<MarketDeps, 'users' | 'prices' | 'engine' | 'now' | 'marketDay'>,
): Promise<{ plan: CallerPlan; reading: MarketReading; delayedMinutes: number | null }> {
  const plan = await resolveCallerPlan(auth, deps.users);
  const quotes = planQuotes(deps.prices, plan.tier, deps.engine.dataMode, deps.now);
  const reading = readMarketAt(
    { engine: deps.engine, prices: quotes, ...(deps.marketDay ? { marketDay: deps.marketDay } : {}) },
    deps.now(),
  );
  const minutes = quotes.delayedMinutes;
  if (minutes === null) return { plan, reading, delayedMinutes: null };
  return {
    plan,
    delayedMinutes: minutes,
    reading: {
      ...reading,
      async quote(symbol) {
        const found = (await reading.quotes([symbol])).get(symbol) ?? null;
        if (!found) throw noDelayedQuote(symbol, minutes);
        return found;
      },
    },
  };
}

/**
 * The engine's analysis of one symbol at one reading of the market clock (market-data/market-quotes.ts:
 * the replay at the clock's date, live the quote the price poll stored, so every route agrees with
 * the dashboard's prices; a plan with delayed prices reads it as it was then). Unknown symbols,
 * symbols with no data on the market date and symbols without history are 404s, a failing live
 * source a 503.
 */
export async function analyzeKnownSymbol(
  symbol: string,
  deps: Pick<MarketDeps, 'engine' | 'prices' | 'now'>,
  reading: MarketReading = readMarketAt(deps, deps.now()),
): Promise<EngineAnalysis> {
  try {
    const info = await deps.engine.describe(symbol);
    const quote = await reading.quote(info.symbol);
    if (!quote) throw noDataError(info, reading.marketDate.date);
    return await deps.engine.analyze(info.symbol, { quote });
  } catch (error: unknown) {
    throw toHttpError(error);
  }
}

function noDataError(info: SymbolInfo, date: string): NoDataOnDateError {
  return new NoDataOnDateError(info.symbol, date, info.first_date, info.last_date);
}

/**
 * The full analysis in the contract's shape, its texts worded by `render` (the caller's language);
 * `symbolAnalysisAt` takes out what the caller's plan does not include.
 */
export function buildSymbolAnalysis(
  result: EngineAnalysis,
  render: Render,
  quota: DetailQuota | null = null,
  delayedMinutes: number | null = null,
): z.input<typeof SymbolAnalysisSchema> {
  const { info, quote, analysis } = result;
  const grade = analysis.nugget_scores.investment_grade;
  return {
    symbol: info.symbol,
    name: info.name,
    asset_type: info.asset_type,
    quote: {
      ...toContractQuote(info, quote),
      ...(delayedMinutes === null ? {} : { delayed_minutes: delayedMinutes }),
    },
    nugget_scores: toContractNuggetScores(analysis.nugget_scores, render),
    volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
    risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
    speculation_level: gradeToSpeculationLevel(grade),
    recommendation: analysis.recommendation.action,
    target_price: analysis.recommendation.target_price,
    confidence_score: analysis.recommendation.confidence_score,
    reasoning: render(buildRecommendationReasoning(info.name, analysis)),
    methodology_url: METHODOLOGY_URL,
    detail_level: 'full',
    detail_quota: quota,
  };
}

/**
 * POST /ai/analyze/stock: a detail, so it counts the caller's ai_recommendations quota once per
 * symbol a day (after the symbol is known to exist), shaped by plan. `analysis_type` and
 * `risk_tolerance` are accepted as callers send them but do not change the figures: the engine has
 * one published method, the same for every caller.
 */
export async function analyzeStock(symbol: string, auth: AuthContext, render: Render, deps: MarketDeps) {
  const { plan, reading, delayedMinutes } = await planReadingOf(auth, deps);
  const result = await analyzeKnownSymbol(symbol, deps, reading);
  const quota = await chargeDetailView(plan, result.info.symbol, deps.now(), deps);
  return symbolAnalysisAt(
    buildSymbolAnalysis(result, render, quota, delayedMinutes),
    detailLevelOf(plan.tier),
  );
}

export async function getRationalityScore(
  symbol: string,
  auth: AuthContext,
  deps: MarketDeps,
): Promise<z.input<typeof RationalityScoreResponseSchema>> {
  const { reading, delayedMinutes } = await planReadingOf(auth, deps);
  const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, reading);
  const grade = analysis.nugget_scores.investment_grade;
  return {
    symbol: info.symbol,
    rationality_score: analysis.nugget_scores.composite_rationality_score,
    speculation_level: gradeToSpeculationLevel(grade),
    current_price: quote.price,
    recommendation: analysis.recommendation.action,
    investment_grade: grade,
    as_of: quote.as_of,
    market_date: quote.market_date,
    ...(delayedMinutes === null ? {} : { delayed_minutes: delayedMinutes }),
  };
}

/** GET /ai/nugget-analysis/{symbol}: a detail too (quota once per symbol a day), shaped by plan. */
export async function getNuggetAnalysis(symbol: string, auth: AuthContext, render: Render, deps: MarketDeps) {
  const { plan, reading } = await planReadingOf(auth, deps);
  const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, reading);
  const quota = await chargeDetailView(plan, info.symbol, deps.now(), deps);
  const full = {
    symbol: info.symbol,
    nugget_scores: toContractNuggetScores(analysis.nugget_scores, render),
    volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
    risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
    as_of: quote.as_of,
    market_date: quote.market_date,
    detail_quota: quota,
  };
  return nuggetAnalysisAt(full, detailLevelOf(plan.tier));
}

function logBatchFailure(symbol: string, error: unknown): void {
  logger.info('batch symbol failed', {
    symbol,
    error: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Batch forms: one failing symbol gets the fallback entry of docs/product.md "Errors and empty results"; the
 * others are analysed. Scores only (no detail), so nothing is counted; prices as the caller's plan serves
 * them.
 */
export async function analyzeBatch(
  symbols: readonly string[],
  auth: AuthContext,
  render: Render,
  deps: MarketDeps,
) {
  const { reading } = await planReadingOf(auth, deps);
  const results: z.input<typeof BatchAnalysisItemSchema>[] = [];
  for (const raw of symbols) {
    const symbol = raw.trim().toUpperCase();
    try {
      const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, reading);
      results.push({
        symbol: info.symbol,
        rationality_score: analysis.nugget_scores.composite_rationality_score,
        speculation_level: gradeToSpeculationLevel(analysis.nugget_scores.investment_grade),
        current_price: quote.price,
        recommendation: analysis.recommendation.action,
        as_of: quote.as_of,
        market_date: quote.market_date,
      });
    } catch (error: unknown) {
      logBatchFailure(symbol, error);
      results.push({ ...buildFailedAnalysis(symbol), error: render(message('MARKET_ANALYSIS_FAILED')) });
    }
  }
  return { status: results.some((item) => !item.error) ? ('success' as const) : ('error' as const), results };
}

/** Scores of several symbols: the factors' inputs only for a plan with full details. */
export async function analyzeNuggetBatch(
  symbols: readonly string[],
  auth: AuthContext,
  render: Render,
  deps: MarketDeps,
) {
  const { plan, reading } = await planReadingOf(auth, deps);
  const level = detailLevelOf(plan.tier);
  const results: z.input<typeof BatchNuggetItemSchema>[] = [];
  for (const raw of symbols) {
    const symbol = raw.trim().toUpperCase();
    try {
      const { info, analysis } = await analyzeKnownSymbol(symbol, deps, reading);
      results.push({
        symbol: info.symbol,
        nugget_scores: nuggetScoresAt(toContractNuggetScores(analysis.nugget_scores, render), level),
      });
    } catch (error: unknown) {
      logBatchFailure(symbol, error);
      results.push({
        ...buildFailedNuggetAnalysis(symbol),
        error: render(message('MARKET_NUGGET_ANALYSIS_FAILED')),
      });
    }
  }
  return { status: results.some((item) => !item.error) ? ('success' as const) : ('error' as const), results };
}

/** The last `days` daily bars up to the symbol's bar at the market date (replay clock or live). */
export async function getPriceHistory(
  symbol: string,
  days: number,
  deps: MarketDeps,
): Promise<z.input<typeof PriceHistoryResponseSchema>> {
  try {
    const info = await deps.engine.describe(symbol);
    const reading = readMarketAt(deps, deps.now());
    const quote = await reading.quote(info.symbol);
    if (!quote) throw noDataError(info, reading.marketDate.date);
    // Calendar span wide enough for `days` trading bars (crypto trades every day, stocks 5 of 7).
    const span = Math.ceil(days * (info.asset_type === 'crypto' ? 1 : 7 / 5)) + 10;
    const from = new Date(Date.parse(`${quote.as_of}T00:00:00Z`) - span * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const bars = (await deps.engine.source.provider.getDailyBars(info.symbol, from, quote.as_of)).slice(
      -days,
    );
    return {
      symbol: info.symbol,
      name: info.name,
      data_mode: deps.engine.dataMode,
      market_date: quote.market_date,
      source: quote.source,
      bars: bars.map((bar) => ({
        date: bar.date,
        open: bar.open ?? null,
        high: bar.high ?? null,
        low: bar.low ?? null,
        close: bar.close,
        volume: bar.volume ?? null,
      })),
    };
  } catch (error: unknown) {
    throw toHttpError(error);
  }
}
