import type { z } from 'zod';
import type {
  CatalystsResponseSchema,
  ContextualRecommendation,
  ContextualResponseSchema,
} from '@app/shared/domain/entities/catalysts';
import { CATALYST_TYPES } from '@app/shared/domain/enums';
import { isHighConfidence, isHighImpact } from '@app/shared/domain/rules/catalyst-thresholds';
import { message } from '@app/shared/messages/message';
import {
  buildContextualRecommendation,
  type ContextualRecommendationDraft,
} from '../engine/catalysts/contextual-recommendation';
import type { Render } from '../platform/messages';
import {
  averageSentiment,
  byImpactThenRecency,
  createAnalysisCache,
  lastClosedDate,
  MESSAGES,
  scoreNews,
  type CatalystRouteDeps,
} from './news-scoring';

/*
 * GET /api/ai/market-catalysts and GET /api/ai/contextual-recommendations: news scored as catalysts
 * and joined with the engine's grade (engine/catalysts/README.md). The live alerts route is
 * live-alerts-service.ts.
 */

export type CatalystsResponse = z.infer<typeof CatalystsResponseSchema>;
export type ContextualResponse = z.infer<typeof ContextualResponseSchema>;

export const ENHANCED_FEATURES = [
  message('CATALYST_FEATURE_CLASSIFICATION'),
  message('CATALYST_FEATURE_SENTIMENT'),
  message('CATALYST_FEATURE_IMPACT'),
  message('CATALYST_FEATURE_JOINED'),
  message('CATALYST_FEATURE_ANTI_SPECULATION'),
] as const;

/** A contextual recommendation with its texts worded in the caller's language. */
function wordRecommendation(draft: ContextualRecommendationDraft, render: Render): ContextualRecommendation {
  return {
    ...draft,
    reasoning: render(draft.reasoning),
    risk_factors: draft.risk_factors.map(render),
    holding_period: render(draft.holding_period),
  };
}

/** GET /api/ai/market-catalysts */
export async function getMarketCatalysts(
  query: { hours_back: number; min_impact_score: number; symbol?: string | undefined },
  render: Render,
  deps: CatalystRouteDeps,
): Promise<CatalystsResponse> {
  try {
    const replay = deps.market.mode === 'replay';
    const items = await deps.news.listRecentNews({
      hoursBack: query.hours_back,
      ...(query.symbol ? { symbol: query.symbol } : {}),
    });
    const analyze = createAnalysisCache(
      deps.market,
      replay ? deps.market.marketDate(deps.now()).date : undefined,
    );
    const scored = (await scoreNews(items, analyze, replay))
      .filter((entry) => entry.catalyst.impact_score >= query.min_impact_score)
      .sort(byImpactThenRecency);
    const catalysts = scored.map((entry) => entry.catalyst);
    const byCategory: Record<string, number> = Object.fromEntries(CATALYST_TYPES.map((type) => [type, 0]));
    for (const catalyst of catalysts)
      byCategory[catalyst.event_type] = (byCategory[catalyst.event_type] ?? 0) + 1;
    return {
      success: catalysts.length > 0,
      catalysts,
      summary: {
        total_catalysts: catalysts.length,
        high_impact_count: catalysts.filter((catalyst) => isHighImpact(catalyst.impact_score)).length,
        average_sentiment: averageSentiment(scored),
        symbols: [...new Set(catalysts.map((catalyst) => catalyst.symbol))],
      },
      by_category: byCategory,
      ...(catalysts.length === 0 ? { message: render(MESSAGES.noCatalysts) } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedCatalysts.code, error);
    return {
      success: false,
      error: render(MESSAGES.failedCatalysts),
      catalysts: [],
      summary: { total_catalysts: 0, high_impact_count: 0, average_sentiment: 0, symbols: [] },
      by_category: {},
    };
  }
}

function emptyContextual(moment: Date, demoMode: boolean, render: Render): ContextualResponse {
  return {
    success: false,
    recommendations: [],
    summary: { total_recommendations: 0, high_confidence_count: 0, catalysts_analyzed: 0 },
    market_context: { high_impact_events: 0, average_sentiment: 0, as_of: moment.toISOString() },
    enhanced_features: ENHANCED_FEATURES.map(render),
    demo_mode: demoMode,
  };
}

/**
 * GET /api/ai/contextual-recommendations. `demo_mode=true` serves the curated selection, each judged
 * at the first market close after publication (hours_back does not apply: the selection is fixed);
 * `false` serves the provider's news within `hours_back` of each symbol's moment.
 */
export async function getContextualRecommendations(
  query: { hours_back: number; min_impact_score: number; limit: number; demo_mode: boolean },
  render: Render,
  deps: CatalystRouteDeps,
): Promise<ContextualResponse> {
  const now = deps.now();
  const moment = deps.market.momentAt(now);
  try {
    const items =
      query.demo_mode && deps.curated
        ? await deps.curated.listCuratedNews(now)
        : await deps.news.listRecentNews({ hoursBack: query.hours_back });
    const replay = deps.market.mode === 'replay';
    const analyze = createAnalysisCache(deps.market, replay ? deps.market.marketDate(now).date : undefined);
    const scored = (await scoreNews(items, analyze, replay)).sort(byImpactThenRecency);
    const recommendations: ContextualRecommendation[] = [];
    for (const entry of scored) {
      if (recommendations.length >= query.limit) break;
      if (entry.catalyst.impact_score < query.min_impact_score) continue;
      const result = await analyze(entry.catalyst.symbol, replay ? lastClosedDate(entry.now) : undefined);
      if (!result) continue; // Nothing to grade: the symbol has no price series.
      const draft = buildContextualRecommendation({
        catalyst: entry,
        analysis: result.analysis,
        name: result.info.name,
        replay,
      });
      recommendations.push(wordRecommendation(draft, render));
    }
    const response = emptyContextual(moment, query.demo_mode, render);
    return {
      ...response,
      success: recommendations.length > 0,
      recommendations,
      summary: {
        total_recommendations: recommendations.length,
        high_confidence_count: recommendations.filter((item) => isHighConfidence(item.confidence)).length,
        catalysts_analyzed: scored.length,
      },
      market_context: {
        high_impact_events: scored.filter((entry) => isHighImpact(entry.catalyst.impact_score)).length,
        average_sentiment: averageSentiment(scored),
        as_of: moment.toISOString(),
      },
      ...(recommendations.length === 0 ? { message: render(MESSAGES.noContextual) } : {}),
    };
  } catch (error: unknown) {
    deps.reportError(MESSAGES.failedContextual.code, error);
    return { ...emptyContextual(moment, query.demo_mode, render), error: render(MESSAGES.failedContextual) };
  }
}
