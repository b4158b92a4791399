import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/: part 2 section 2, the dashboard calls the API root on load and logs its message. */
export function getApiRoot() {
  return api.call(contract.public.root);
}

export function apiRootQueryOptions() {
  return queryOptions({
    queryKey: ['public', 'root'],
    queryFn: getApiRoot,
    staleTime: Infinity,
    retry: false,
  });
}

export function useApiRoot() {
  return useQuery(apiRootQueryOptions());
}
