import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract } from '@app/shared/api/contract';
import type { CostsResponseSchema } from '@app/shared/domain/entities/admin';
import { api } from '@app/web/lib/api-client';

export type CostsResponse = z.output<typeof CostsResponseSchema>;
export type CostRow = CostsResponse['rows'][number];
export interface CostsRange {
  from?: string;
  to?: string;
}

/** GET /api/admin/costs: per route and per UTC day (the server picks the period when none is given). */
export function getCosts(range: CostsRange) {
  return api.call(contract.admin.costs, {
    query: { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
  });
}

export function costsQueryOptions(range: CostsRange) {
  return queryOptions({
    queryKey: ['admin', 'costs', range.from ?? null, range.to ?? null] as const,
    queryFn: () => getCosts(range),
    placeholderData: keepPreviousData,
  });
}

export function useCosts(range: CostsRange) {
  return useQuery(costsQueryOptions(range));
}
