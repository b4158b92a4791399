import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** The public demo list: what a demo visitor (no token) reads. */
export const DEMO_USER_ID = 'demo_user';

/** Enough to never cut below the tier cap (PREMIUM 10); the server trims per tier and says so. */
const REQUEST_LIMIT = 100;

/** GET /api/ai/recommendations/{user}: the caller's ranked list, already trimmed to the tier cap. */
export function getRecommendations(userId: string) {
  return api.call(contract.ai.recommendations, { params: { user: userId }, query: { limit: REQUEST_LIMIT } });
}

export function recommendationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['ai', 'recommendations', userId],
    queryFn: () => getRecommendations(userId),
  });
}

export function useRecommendations(userId: string) {
  return useQuery(recommendationsQueryOptions(userId));
}
