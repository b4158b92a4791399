import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/portfolio: the caller's holdings valued at the latest prices (the demo's without a token). */
export function getPortfolio() {
  return api.call(contract.portfolio.list);
}

export const portfolioQueryKey = ['portfolio', 'list'] as const;

export function portfolioQueryOptions() {
  return queryOptions({ queryKey: portfolioQueryKey, queryFn: getPortfolio, retry: false });
}

export function usePortfolio() {
  return useQuery(portfolioQueryOptions());
}
