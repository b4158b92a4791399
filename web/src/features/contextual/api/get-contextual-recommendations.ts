import { keepPreviousData } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';

/**
 * docs/product.md "Screens", recommendations: 48 hours back, minimum impact 50 in demo mode or 30 on real
 * data, 5 results.
 */
export const CONTEXTUAL_HOURS_BACK = 48;
export const CONTEXTUAL_DEMO_MIN_IMPACT = 50;
export const CONTEXTUAL_REAL_MIN_IMPACT = 30;
export const CONTEXTUAL_LIMIT = 5;

export function contextualQuery(demoMode: boolean) {
  return {
    hours_back: CONTEXTUAL_HOURS_BACK,
    min_impact_score: demoMode ? CONTEXTUAL_DEMO_MIN_IMPACT : CONTEXTUAL_REAL_MIN_IMPACT,
    limit: CONTEXTUAL_LIMIT,
    demo_mode: demoMode ? 'true' : 'false',
  } as const;
}

/** GET /api/ai/contextual-recommendations; the previous list stays while the other source loads. */
export function useContextualRecommendations(demoMode: boolean) {
  return useRouteQuery(
    contract.ai.contextualRecommendations,
    { query: contextualQuery(demoMode) },
    { placeholderData: keepPreviousData },
  );
}
