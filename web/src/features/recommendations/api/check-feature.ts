import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Feature } from '@app/shared/domain/enums';
import { api } from '@/kit/api/api-client';

/** GET /api/subscription/check-feature/{feature}. */
export function checkFeature(feature: Feature) {
  return api.call(contract.subscription.checkFeature, { params: { feature } });
}

export function featureAccessQueryOptions(feature: Feature) {
  return queryOptions({
    queryKey: ['subscription', 'check-feature', feature],
    queryFn: () => checkFeature(feature),
  });
}

/**
 * Whether the caller may use a feature. Part 2 section 8: a failed check counts as not allowed,
 * and so does a check still on its way (nothing gated flashes open).
 */
export function useFeatureAllowed(feature: Feature): boolean {
  const query = useQuery(featureAccessQueryOptions(feature));
  return query.data?.access.allowed ?? false;
}
