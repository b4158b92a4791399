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
import { planQuotes, type PlanQuotes } from '../entitlements/plan-quotes';
import type { AuthContext } from '../platform/auth-context';
import { englishPlanMessage, planMessage } from '@app/shared/domain/catalogue/plan-message-codes';
import { ServiceUnavailableError, withMessageCode } from '../platform/errors';
import { logger } from '../platform/observability';
import type { AiDeps } from './ai-deps';
import {
  quoteFromStored,
  toContractNuggetScores,
  toContractQuote,
  toContractRiskMetrics,
  toContractVolumeAnalysis,
  toHttpError,
} from '../market-data/engine-mappers';

/** Where the site explains every formula (functions/src/engine/README.md is the source of that page). */
export const METHODOLOGY_URL = '/methodology';

/** The caller's plan and the quotes it is served (late in live mode on FREE). */
export async function planOf(
  auth: AuthContext,
  deps: Pick<AiDeps, 'users' | 'prices' | 'engine' | 'now'>,
): Promise<{ plan: CallerPlan; quotes: PlanQuotes }> {
  const plan = await resolveCallerPlan(auth, deps.users);
  return { plan, quotes: planQuotes(deps.prices, plan.tier, deps.engine.dataMode, deps.now) };
}

/** With delayed prices and no quote old enough stored yet, answering would leak a newer price. */
function noDelayedQuote(symbol: string, minutes: number): ServiceUnavailableError {
  const message = planMessage('PLAN_DELAYED_QUOTE_NOT_READY', { symbol, minutes });
  return withMessageCode(
    new ServiceUnavailableError(englishPlanMessage(message), 60),
    message.code,
    message.params,
  );
}

/**
 * The engine's analysis of one symbol, as of the quote the price poll stored (so every route agrees
 * with the dashboard's prices), or the source's latest quote when none is stored yet (never for a
 * plan with delayed prices). Unknown symbols and symbols without history are 404s, a failing live
 * source a 503.
 */
export async function analyzeKnownSymbol(
  symbol: string,
  deps: Pick<AiDeps, 'engine' | 'prices'>,
  quotes: Pick<PlanQuotes, 'getQuote' | 'delayedMinutes'> = { ...deps.prices, delayedMinutes: null },
): Promise<EngineAnalysis> {
  try {
    const info = await deps.engine.describe(symbol);
    const stored = await quotes.getQuote(info.symbol);
    if (!stored && quotes.delayedMinutes !== null) throw noDelayedQuote(info.symbol, quotes.delayedMinutes);
    return await deps.engine.analyze(info.symbol, stored ? { quote: quoteFromStored(stored) } : {});
  } catch (error: unknown) {
    throw toHttpError(error);
  }
}

/** The full analysis; `symbolAnalysisAt` takes out what the caller's plan does not include. */
export function buildSymbolAnalysis(
  result: EngineAnalysis,
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
    nugget_scores: toContractNuggetScores(analysis.nugget_scores),
    volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
    risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
    speculation_level: gradeToSpeculationLevel(grade),
    recommendation: analysis.recommendation.action,
    target_price: analysis.recommendation.target_price,
    confidence_score: analysis.recommendation.confidence_score,
    reasoning: buildRecommendationReasoning(info.name, analysis),
    methodology_url: METHODOLOGY_URL,
    detail_level: 'full',
    detail_quota: quota,
  };
}

/**
 * POST /ai/analyze/stock: a detail, so it counts the caller's ai_recommendations quota once per
 * symbol a day (after the symbol is known to exist), shaped by plan. `analysis_type` and
 * `risk_tolerance` are accepted as the spec sends them but do not change the figures: the engine has
 * one published method, the same for every caller.
 */
export async function analyzeStock(symbol: string, auth: AuthContext, deps: AiDeps) {
  const { plan, quotes } = await planOf(auth, deps);
  const result = await analyzeKnownSymbol(symbol, deps, quotes);
  const quota = await chargeDetailView(plan, result.info.symbol, deps.now(), deps);
  return symbolAnalysisAt(
    buildSymbolAnalysis(result, quota, quotes.delayedMinutes),
    detailLevelOf(plan.tier),
  );
}

export async function getRationalityScore(
  symbol: string,
  auth: AuthContext,
  deps: AiDeps,
): Promise<z.input<typeof RationalityScoreResponseSchema>> {
  const { quotes } = await planOf(auth, deps);
  const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, quotes);
  const grade = analysis.nugget_scores.investment_grade;
  return {
    symbol: info.symbol,
    rationality_score: analysis.nugget_scores.composite_rationality_score,
    speculation_level: gradeToSpeculationLevel(grade),
    current_price: quote.price,
    recommendation: analysis.recommendation.action,
    investment_grade: grade,
    as_of: quote.as_of,
    ...(quotes.delayedMinutes === null ? {} : { delayed_minutes: quotes.delayedMinutes }),
  };
}

/** GET /ai/nugget-analysis/{symbol}: a detail too (quota once per symbol a day), shaped by plan. */
export async function getNuggetAnalysis(symbol: string, auth: AuthContext, deps: AiDeps) {
  const { plan, quotes } = await planOf(auth, deps);
  const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, quotes);
  const quota = await chargeDetailView(plan, info.symbol, deps.now(), deps);
  const full = {
    symbol: info.symbol,
    nugget_scores: toContractNuggetScores(analysis.nugget_scores),
    volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
    risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
    as_of: quote.as_of,
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
 * Batch forms: one failing symbol gets the spec's fallback entry; the others are analysed. Scores
 * only (no detail), so nothing is counted; prices as the caller's plan serves them.
 */
export async function analyzeBatch(symbols: readonly string[], auth: AuthContext, deps: AiDeps) {
  const { quotes } = await planOf(auth, deps);
  const results: z.input<typeof BatchAnalysisItemSchema>[] = [];
  for (const raw of symbols) {
    const symbol = raw.trim().toUpperCase();
    try {
      const { info, quote, analysis } = await analyzeKnownSymbol(symbol, deps, quotes);
      results.push({
        symbol: info.symbol,
        rationality_score: analysis.nugget_scores.composite_rationality_score,
        speculation_level: gradeToSpeculationLevel(analysis.nugget_scores.investment_grade),
        current_price: quote.price,
        recommendation: analysis.recommendation.action,
      });
    } catch (error: unknown) {
      logBatchFailure(symbol, error);
      results.push(buildFailedAnalysis(symbol));
    }
  }
  return { status: results.some((item) => !item.error) ? ('success' as const) : ('error' as const), results };
}

/** Scores of several symbols: the factors' inputs only for a plan with full details. */
export async function analyzeNuggetBatch(symbols: readonly string[], auth: AuthContext, deps: AiDeps) {
  const { plan, quotes } = await planOf(auth, deps);
  const level = detailLevelOf(plan.tier);
  const results: z.input<typeof BatchNuggetItemSchema>[] = [];
  for (const raw of symbols) {
    const symbol = raw.trim().toUpperCase();
    try {
      const { info, analysis } = await analyzeKnownSymbol(symbol, deps, quotes);
      results.push({
        symbol: info.symbol,
        nugget_scores: nuggetScoresAt(toContractNuggetScores(analysis.nugget_scores), level),
      });
    } catch (error: unknown) {
      logBatchFailure(symbol, error);
      results.push(buildFailedNuggetAnalysis(symbol));
    }
  }
  return { status: results.some((item) => !item.error) ? ('success' as const) : ('error' as const), results };
}

/** The last `days` daily bars up to the symbol's current date (replay clock or live). */
export async function getPriceHistory(
  symbol: string,
  days: number,
  deps: AiDeps,
): Promise<z.input<typeof PriceHistoryResponseSchema>> {
  try {
    const info = await deps.engine.describe(symbol);
    const stored = await deps.prices.getQuote(info.symbol);
    const quote = stored
      ? quoteFromStored(stored)
      : await deps.engine.source.provider.getLatestQuote(info.symbol);
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
