import type { z } from 'zod';
import type {
  RecommendationDetailResponseSchema,
  RecommendationSchema,
  RecommendationsResponseSchema,
} from '@app/shared/domain/entities/market';
import { expectedReturnPercent } from '@app/shared/domain/rules/recommendation-derivations';
import { recommendationListCap, trimRecommendations } from '@app/shared/domain/rules/tiers';
import { ANONYMOUS, type AuthContext } from '../platform/auth-context';
import { NotFoundError } from '../platform/errors';
import { planError } from '../entitlements/plan-errors';
import { recommendationAt } from '../entitlements/analysis-views';
import { chargeDetailView, detailLevelOf } from '../entitlements/detail-views';
import type { CallerPlan } from '../entitlements/entitlements';
import type { PlanQuotes } from '../entitlements/plan-quotes';
import { planOf } from './analysis-service';
import { currentRequestScope } from '../platform/request-scope';
import type { EngineAnalysis } from '../market-data/market-engine';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { logger } from '../platform/observability';
import type { AiDeps } from './ai-deps';
import {
  quoteFromStored,
  toContractNuggetScores,
  toContractRiskMetrics,
  toContractVolumeAnalysis,
} from '../market-data/engine-mappers';
import { resolveListOwner } from './list-access';

type RecommendationItem = z.input<typeof RecommendationSchema>;

/**
 * Ranking: composite rationality score, best first; ties by confidence, then symbol (stable).
 * Every watched symbol the engine can analyse is a candidate: the list is the engine's view of the
 * whole universe, the same for everyone, and the plan decides how much of it a user sees.
 */
export function rankAnalyses(analyses: readonly EngineAnalysis[]): EngineAnalysis[] {
  return [...analyses].sort(
    (a, b) =>
      b.analysis.nugget_scores.composite_rationality_score -
        a.analysis.nugget_scores.composite_rationality_score ||
      b.analysis.recommendation.confidence_score - a.analysis.recommendation.confidence_score ||
      a.info.symbol.localeCompare(b.info.symbol),
  );
}

function summaryOf(result: EngineAnalysis): string {
  const { info, quote, analysis } = result;
  const expected = expectedReturnPercent(analysis.recommendation.target_price, quote.price);
  return `${analysis.recommendation.action.replace('_', ' ')} ${info.symbol} at ${quote.price}: target ${analysis.recommendation.target_price} (${expected > 0 ? '+' : ''}${expected} %) in 3-6 months, grade ${analysis.nugget_scores.investment_grade}.`;
}

interface RankedList {
  plan: CallerPlan;
  quotes: PlanQuotes;
  /** Every publishable recommendation, full, in rank order (before the tier's cap). */
  items: RecommendationItem[];
  /** What the plan shows of them. */
  shown: RecommendationItem[];
}

/**
 * The caller's recommendations: the engine's ranking of the universe (as of the quotes the caller's
 * plan is served), without what an administrator rejected, trimmed to the plan's cap. The demo list
 * (`demo_user`) is served under the demo plan, the same everywhere.
 */
async function rankedListFor(pathUser: string, auth: AuthContext, deps: AiDeps): Promise<RankedList> {
  const owner = resolveListOwner(pathUser, auth, deps.demoUserId);
  const { plan, quotes } = await planOf(owner.isDemo ? ANONYMOUS : auth, deps);
  if (!owner.isDemo) {
    const scope = currentRequestScope();
    if (scope) scope.tier = plan.tier;
  }

  const universe = await deps.engine.listUniverse();
  const symbols = universe.map((info) => info.symbol);
  const [stored, markers] = await Promise.all([
    quotes.getQuotes(symbols),
    deps.recommendationQueue.getLastRecommendations(symbols),
  ]);
  const analyses: EngineAnalysis[] = [];
  for (const info of universe) {
    const quote = stored.get(info.symbol);
    // A plan with delayed prices skips a symbol with no quote old enough rather than show a newer one.
    if (!quote && quotes.delayedMinutes !== null) continue;
    try {
      analyses.push(await deps.engine.analyze(info.symbol, quote ? { quote: quoteFromStored(quote) } : {}));
    } catch (error: unknown) {
      logger.warn('recommendation candidate skipped', {
        symbol: info.symbol,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const ranked = rankAnalyses(analyses);

  // An item the price poll queued for review keeps its id, so the admin's decision shows here.
  const queuedIdOf = (result: EngineAnalysis): string | null => {
    const marker = markers.get(result.info.symbol);
    return marker && marker.action === result.analysis.recommendation.action
      ? marker.recommendation_id
      : null;
  };
  const queuedIds = ranked.flatMap((result) => queuedIdOf(result) ?? []);
  const statuses =
    queuedIds.length > 0 ? await deps.recommendationQueue.getRecommendationStatuses(queuedIds) : new Map();
  // A recommendation an administrator rejected never reaches investors; approved ones are marked reviewed.
  const publishable = ranked.filter((result) => {
    const queued = queuedIdOf(result);
    return !(queued && statuses.get(queued) === 'REJECTED');
  });

  const items: RecommendationItem[] = publishable.map((result) => {
    const { info, quote, analysis } = result;
    const queued = queuedIdOf(result);
    const reasoning = buildRecommendationReasoning(info.name, analysis);
    return {
      id: queued ?? `${info.symbol}@${quote.as_of}`,
      symbol: info.symbol,
      name: info.name,
      asset_type: info.asset_type,
      recommendation: analysis.recommendation.action,
      current_price: quote.price,
      target_price: analysis.recommendation.target_price,
      confidence_score: analysis.recommendation.confidence_score,
      rationality_score: analysis.nugget_scores.composite_rationality_score,
      reasoning: reasoning.en,
      reasoning_localized: reasoning,
      summary: summaryOf(result),
      nugget_scores: toContractNuggetScores(analysis.nugget_scores),
      after_hours_price: quote.after_hours_price ?? null,
      premarket_change: quote.premarket_change ?? null,
      volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
      risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
      as_of: quote.as_of,
      reviewed: queued !== null && statuses.get(queued) === 'APPROVED',
      detail_level: 'full',
    };
  });
  return { plan, quotes, items, shown: trimRecommendations(items, plan.tier) };
}

const delayedField = (quotes: PlanQuotes) =>
  quotes.delayedMinutes === null ? {} : { delayed_minutes: quotes.delayedMinutes };

/** GET /ai/recommendations/{user}: each card's face; the detail is a separate, counted call. */
export async function getRecommendations(
  pathUser: string,
  limit: number,
  auth: AuthContext,
  deps: AiDeps,
): Promise<z.input<typeof RecommendationsResponseSchema>> {
  const { plan, quotes, items, shown } = await rankedListFor(pathUser, auth, deps);
  return {
    status: 'success',
    user_id: pathUser,
    recommendations: shown.slice(0, limit).map((item) => recommendationAt(item, 'summary')),
    total_available: items.length,
    tier_cap: recommendationListCap(plan.tier),
    data_mode: deps.engine.dataMode,
    ...delayedField(quotes),
    backtest: await deps.backtest(),
  };
}

/**
 * GET /ai/recommendations/{user}/{symbol}: one recommendation of the caller's list (a symbol beyond
 * the plan's cap is not theirs to open: 404), 'basic' or 'full' by plan. Serving it counts the
 * ai_recommendations quota once per symbol a day (403 with the upgrade message when used up).
 */
export async function getRecommendationDetail(
  pathUser: string,
  symbol: string,
  auth: AuthContext,
  deps: AiDeps,
): Promise<z.input<typeof RecommendationDetailResponseSchema>> {
  const { plan, quotes, shown } = await rankedListFor(pathUser, auth, deps);
  const wanted = symbol.trim().toUpperCase();
  const item = shown.find((candidate) => candidate.symbol.toUpperCase() === wanted);
  if (!item) {
    throw planError(NotFoundError, 'PLAN_RECOMMENDATION_NOT_SHOWN', { symbol: wanted });
  }
  const quota = await chargeDetailView(plan, item.symbol, deps.now(), deps);
  return {
    recommendation: recommendationAt(item, detailLevelOf(plan.tier)),
    detail_quota: quota,
    ...delayedField(quotes),
  };
}
