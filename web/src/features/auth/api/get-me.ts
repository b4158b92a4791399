import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/auth/me: the signed-in user's profile (name, tier, preferences). */
export function getMe() {
  return api.call(contract.auth.me);
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: false });
}

export function useMe({ enabled }: { enabled: boolean }) {
  return useQuery({ ...meQueryOptions(), enabled });
}
