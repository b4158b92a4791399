import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/ai/health: 'healthy' means the engine's data is live and fresh (the LIVE AI badge). */
export function getAiHealth() {
  return api.call(contract.ai.health);
}

export function aiHealthQueryOptions() {
  return queryOptions({ queryKey: ['ai', 'health'], queryFn: getAiHealth, staleTime: 60_000 });
}

export function useAiHealth() {
  return useQuery(aiHealthQueryOptions());
}
