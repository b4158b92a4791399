import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** Part 2 section 9: 48 hours back, minimum impact 50 in demo mode or 30 on real data, 5 results. */
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

/** GET /api/ai/contextual-recommendations. */
export function getContextualRecommendations(demoMode: boolean) {
  return api.call(contract.ai.contextualRecommendations, { query: contextualQuery(demoMode) });
}

export function contextualRecommendationsQueryOptions(demoMode: boolean) {
  return queryOptions({
    queryKey: ['ai', 'contextual-recommendations', demoMode ? 'demo' : 'real'],
    queryFn: () => getContextualRecommendations(demoMode),
    placeholderData: keepPreviousData,
  });
}

export function useContextualRecommendations(demoMode: boolean) {
  return useQuery(contextualRecommendationsQueryOptions(demoMode));
}
