import type { z } from 'zod';
import type {
  RecommendationDetailResponseSchema,
  RecommendationSchema,
  RecommendationsResponseSchema,
} from '@app/shared/domain/entities/market';
import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { expectedReturnPercent } from '@app/shared/domain/rules/recommendation-derivations';
import { recommendationListCap, trimRecommendations } from '@app/shared/domain/rules/tier-order-and-caps';
import { ANONYMOUS, type AuthContext } from '../platform/auth-context';
import { NotFoundError } from '../platform/errors';
import { recommendationAt } from '../entitlements/analysis-views';
import { chargeDetailView, detailLevelOf } from '../entitlements/detail-views';
import type { CallerPlan } from '../entitlements/entitlements';
import { planReadingOf } from './analysis-service';
import { currentRequestScope } from '../platform/request-scope';
import type { EngineAnalysis } from '../market-data/market-engine';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { logger } from '../platform/observability';
import { rendererFor, type Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';
import { isFxSymbol } from '../engine/fx-rates';
import {
  toContractNuggetScores,
  toContractRiskMetrics,
  toContractVolumeAnalysis,
} from '../market-data/engine-mappers';
import { resolveListOwner } from './list-access';
import type { LastRecommendationMarker, RecommendationStatus } from '../data/recommendation-queue-types';

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

function summaryOf(result: EngineAnalysis, render: Render): string {
  const { info, quote, analysis } = result;
  return render(
    message('RECOMMENDATION_SUMMARY', {
      action: analysis.recommendation.action,
      symbol: info.symbol,
      price: quote.price,
      target: analysis.recommendation.target_price,
      expected: expectedReturnPercent(analysis.recommendation.target_price, quote.price),
      grade: analysis.nugget_scores.investment_grade,
    }),
  );
}

/** The engine's measured record beside the list, its window worded in the caller's language. */
async function backtestIn(deps: MarketDeps, render: Render) {
  const figure = await deps.backtest();
  return figure ? { ...figure, window: render(figure.window) } : null;
}

interface RankedList {
  plan: CallerPlan;
  /** The market date the list is at, and how late the plan's live prices are (null: not late). */
  marketDate: string;
  delayedMinutes: number | null;
  /** How many publishable recommendations there are (before the tier's cap). */
  total: number;
  /** What the plan shows of them, in rank order, as analyses: `itemOf` words one into a card. */
  shown: EngineAnalysis[];
  itemOf: (result: EngineAnalysis) => RecommendationItem;
}

/**
 * The caller's recommendations: the engine's ranking of the universe at one reading of the market
 * clock (live: as the caller's plan is served the quotes), without what an administrator rejected,
 * trimmed to the plan's cap. The demo list (`demo_user`) is served under the demo plan, the same
 * everywhere. Texts are worded by `render` (the caller's language).
 */
async function rankedListFor(
  pathUser: string,
  auth: AuthContext,
  render: Render,
  deps: MarketDeps,
): Promise<RankedList> {
  const owner = resolveListOwner(pathUser, auth, deps.demoUserId);
  const { plan, reading, delayedMinutes } = await planReadingOf(owner.isDemo ? ANONYMOUS : auth, deps);
  if (!owner.isDemo) {
    const scope = currentRequestScope();
    if (scope) scope.tier = plan.tier;
  }

  // FX pairs are quoted, not advice: an exchange rate is not an investment to grade.
  const universe = (await deps.engine.listUniverse()).filter((info) => !isFxSymbol(info.symbol));
  const symbols = universe.map((info) => info.symbol);
  const [quotes, markers] = await Promise.all([
    reading.quotes(symbols),
    deps.recommendationQueue.getLastRecommendations(symbols),
  ]);
  const analyses: EngineAnalysis[] = [];
  // Replay: the grades the price poll stored for the date (no request grades the universe).
  const graded = await reading.graded();
  for (const info of universe) {
    const quote = quotes.get(info.symbol);
    // No price on the market date (replay), not polled yet (live), or none old enough for a plan with
    // delayed prices (never a newer one instead): nothing to recommend.
    if (!quote) continue;
    const stored = graded?.get(info.symbol)?.analysis;
    if (stored) {
      analyses.push({ info, quote, analysis: stored, bars: [] });
      continue;
    }
    try {
      analyses.push(await deps.engine.analyze(info.symbol, { quote }));
    } catch (error: unknown) {
      logger.warn('recommendation candidate skipped', {
        symbol: info.symbol,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const ranked = rankAnalyses(analyses);

  // An item the price poll queued for review in this replay cycle keeps its id, so the admin's
  // decision shows here; one of an earlier cycle was about other dates.
  const queuedMarkerOf = (result: EngineAnalysis): LastRecommendationMarker | null => {
    const marker = markers.get(result.info.symbol);
    return marker &&
      marker.action === result.analysis.recommendation.action &&
      (marker.cycle_id ?? 'live') === reading.marketDate.cycleId
      ? marker
      : null;
  };
  const queuedIdOf = (result: EngineAnalysis): string | null =>
    queuedMarkerOf(result)?.recommendation_id ?? null;
  // The marker carries its recommendation's review status; only markers written before it did send
  // the list to the review items (one BatchGet per hundred ids).
  const unmarked = ranked.flatMap((result) => {
    const marker = queuedMarkerOf(result);
    return marker && marker.review_status === undefined ? [marker] : [];
  });
  const looked =
    unmarked.length > 0
      ? await deps.recommendationQueue.getRecommendationStatuses(
          unmarked.map((marker) => marker.recommendation_id),
        )
      : new Map<string, RecommendationStatus>();
  writeBackMarkerStatuses(deps, unmarked, looked);
  const statusOf = (result: EngineAnalysis): RecommendationStatus | undefined => {
    const marker = queuedMarkerOf(result);
    return marker ? (marker.review_status ?? looked.get(marker.recommendation_id)) : undefined;
  };
  // A recommendation an administrator rejected never reaches investors; approved ones are marked reviewed.
  const publishable = ranked.filter((result) => statusOf(result) !== 'REJECTED');

  // Only the cards a caller is shown are worded: the universe has hundreds of candidates.
  const itemOf = (result: EngineAnalysis): RecommendationItem => {
    const { info, quote, analysis } = result;
    const queued = queuedIdOf(result);
    return {
      id: queued ?? `${info.symbol}@${quote.as_of}`,
      symbol: info.symbol,
      name: info.name,
      asset_type: info.asset_type,
      sector: deps.sectorOf?.(info.symbol) ?? null,
      recommendation: analysis.recommendation.action,
      current_price: quote.price,
      target_price: analysis.recommendation.target_price,
      confidence_score: analysis.recommendation.confidence_score,
      rationality_score: analysis.nugget_scores.composite_rationality_score,
      reasoning: render(buildRecommendationReasoning(info.name, analysis)),
      summary: summaryOf(result, render),
      nugget_scores: toContractNuggetScores(analysis.nugget_scores, render),
      after_hours_price: quote.after_hours_price ?? null,
      premarket_change: quote.premarket_change ?? null,
      volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
      risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
      as_of: quote.as_of,
      market_date: quote.market_date,
      reviewed: statusOf(result) === 'APPROVED',
      detail_level: 'full',
    };
  };
  return {
    plan,
    marketDate: reading.marketDate.date,
    delayedMinutes,
    total: publishable.length,
    shown: trimRecommendations(publishable, plan.tier),
    itemOf,
  };
}

/**
 * Writes the statuses read for markers that carried none back onto them, so the next list reads no
 * review item: in live mode a marker is rewritten only when the action changes, so without this an old
 * marker would send every list to its item for as long as the action holds. Not awaited (the answer does
 * not wait for a write), best effort: a write that fails, or that a Lambda frozen after answering never
 * finishes, is made again by the next list that reads the item.
 */
function writeBackMarkerStatuses(
  deps: MarketDeps,
  unmarked: readonly LastRecommendationMarker[],
  looked: ReadonlyMap<string, RecommendationStatus>,
): void {
  const statuses = unmarked.flatMap(({ symbol, recommendation_id }) => {
    const review_status = looked.get(recommendation_id);
    return review_status ? [{ symbol, recommendation_id, review_status }] : [];
  });
  if (statuses.length === 0) return;
  deps.recommendationQueue.recordMarkerStatuses(statuses).catch((error: unknown) => {
    logger.warn('recommendation marker statuses not written back', {
      markers: statuses.length,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}

const delayedField = (minutes: number | null) => (minutes === null ? {} : { delayed_minutes: minutes });

/** GET /ai/recommendations/{user}: each card's face; the detail is a separate, counted call. */
export async function getRecommendations(
  pathUser: string,
  limit: number,
  auth: AuthContext,
  language: Language,
  deps: MarketDeps,
): Promise<z.input<typeof RecommendationsResponseSchema>> {
  const render = rendererFor(language);
  const { plan, marketDate, delayedMinutes, total, shown, itemOf } = await rankedListFor(
    pathUser,
    auth,
    render,
    deps,
  );
  return {
    status: 'success',
    user_id: pathUser,
    recommendations: shown.slice(0, limit).map((result) => recommendationAt(itemOf(result), 'summary')),
    total_available: total,
    tier_cap: recommendationListCap(plan.tier),
    data_mode: deps.engine.dataMode,
    market_date: marketDate,
    ...delayedField(delayedMinutes),
    backtest: await backtestIn(deps, render),
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
  language: Language,
  deps: MarketDeps,
): Promise<z.input<typeof RecommendationDetailResponseSchema>> {
  const { plan, delayedMinutes, shown, itemOf } = await rankedListFor(
    pathUser,
    auth,
    rendererFor(language),
    deps,
  );
  const wanted = symbol.trim().toUpperCase();
  const found = shown.find((candidate) => candidate.info.symbol.toUpperCase() === wanted);
  if (!found) {
    throw new NotFoundError(message('PLAN_RECOMMENDATION_NOT_SHOWN', { symbol: wanted }));
  }
  const item = itemOf(found);
  const quota = await chargeDetailView(plan, item.symbol, deps.now(), deps);
  return {
    recommendation: recommendationAt(item, detailLevelOf(plan.tier)),
    detail_quota: quota,
    ...delayedField(delayedMinutes),
  };
}
