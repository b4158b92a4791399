import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MIN_LENGTH } from '@app/shared/domain/entities/portfolio';
import { api } from '@/kit/api/api-client';

/** GET /api/portfolio/search?q=&limit=8 (part 2 section 5). A failure yields empty results. */
export async function searchAssets(query: string) {
  try {
    const result = await api.call(contract.portfolio.search, {
      query: { q: query, limit: SEARCH_DEFAULT_LIMIT },
    });
    return result.results;
  } catch {
    return [];
  }
}

export function searchAssetsQueryOptions(query: string) {
  const trimmed = query.trim();
  return queryOptions({
    queryKey: ['portfolio', 'search', trimmed],
    queryFn: () => searchAssets(trimmed),
    enabled: trimmed.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });
}

/** `query` is the debounced text: the search starts at 2 characters. */
export function useSearchAssets(query: string) {
  return useQuery({ ...searchAssetsQueryOptions(query), placeholderData: keepPreviousData });
}
