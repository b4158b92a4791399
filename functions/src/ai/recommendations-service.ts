import type { z } from 'zod';
import type { RecommendationSchema, RecommendationsResponseSchema } from '@app/shared/domain/entities/market';
import type { Language, Tier } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { expectedReturnPercent } from '@app/shared/domain/rules/recommendation-derivations';
import { recommendationListCap, trimRecommendations } from '@app/shared/domain/rules/tiers';
import type { AuthContext } from '../platform/auth-context';
import { currentRequestScope } from '../platform/request-scope';
import type { EngineAnalysis } from '../market-data/market-engine';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { logger } from '../platform/observability';
import { rendererFor, type Render } from '../platform/messages';
import type { AiDeps } from './ai-deps';
import { isFxSymbol } from '../engine/fx-rates';
import { readMarketAt } from '../market-data/market-quotes';
import {
  toContractNuggetScores,
  toContractRiskMetrics,
  toContractVolumeAnalysis,
} from '../market-data/engine-mappers';
import { resolveListOwner } from './list-access';

type RecommendationItem = z.input<typeof RecommendationSchema>;

/** The demo visitor sees the demo investor's plan; the spec's demo constants say Premium. */
const DEMO_FALLBACK_TIER: Tier = 'PREMIUM';

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
async function backtestIn(deps: AiDeps, render: Render) {
  const figure = await deps.backtest();
  return figure ? { ...figure, window: render(figure.window) } : null;
}

export async function getRecommendations(
  pathUser: string,
  limit: number,
  auth: AuthContext,
  language: Language,
  deps: AiDeps,
): Promise<z.input<typeof RecommendationsResponseSchema>> {
  const render = rendererFor(language);
  const owner = resolveListOwner(pathUser, auth, deps.demoUserId);
  const profile = owner.userId ? await deps.users.get(owner.userId) : null;
  const tier: Tier = profile?.subscription_tier ?? (owner.isDemo ? DEMO_FALLBACK_TIER : 'FREE');
  if (!owner.isDemo) {
    const scope = currentRequestScope();
    if (scope) scope.tier = tier;
  }

  // FX pairs are quoted, not advice: an exchange rate is not an investment to grade.
  const universe = (await deps.engine.listUniverse()).filter((info) => !isFxSymbol(info.symbol));
  const symbols = universe.map((info) => info.symbol);
  const reading = readMarketAt(deps, deps.now());
  const [quotes, markers] = await Promise.all([
    reading.quotes(symbols),
    deps.recommendationQueue.getLastRecommendations(symbols),
  ]);
  const analyses: EngineAnalysis[] = [];
  for (const info of universe) {
    const quote = quotes.get(info.symbol);
    // No price on the market date (replay), or not polled yet (live): nothing to recommend.
    if (!quote) continue;
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
  const queuedIdOf = (result: EngineAnalysis): string | null => {
    const marker = markers.get(result.info.symbol);
    return marker &&
      marker.action === result.analysis.recommendation.action &&
      (marker.cycle_id ?? 'live') === reading.marketDate.cycleId
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
  const shown = trimRecommendations(publishable, tier).slice(0, limit);

  const recommendations: RecommendationItem[] = shown.map((result) => {
    const { info, quote, analysis } = result;
    const queued = queuedIdOf(result);
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
      reasoning: render(buildRecommendationReasoning(info.name, analysis)),
      summary: summaryOf(result, render),
      nugget_scores: toContractNuggetScores(analysis.nugget_scores, render),
      after_hours_price: quote.after_hours_price ?? null,
      premarket_change: quote.premarket_change ?? null,
      volume_analysis: toContractVolumeAnalysis(analysis.volume_analysis),
      risk_metrics: toContractRiskMetrics(analysis.risk_metrics),
      as_of: quote.as_of,
      market_date: quote.market_date,
      reviewed: queued !== null && statuses.get(queued) === 'APPROVED',
    };
  });

  return {
    status: 'success',
    user_id: pathUser,
    recommendations,
    total_available: publishable.length,
    tier_cap: recommendationListCap(tier),
    data_mode: deps.engine.dataMode,
    market_date: reading.marketDate.date,
    backtest: await backtestIn(deps, render),
  };
}
