import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Feature } from '@app/shared/domain/enums';
import { api } from '@/kit/api/api-client';

/** GET /api/subscription/check-feature/{feature}: may the caller use it, and which tier unlocks it. */
export function checkFeature(feature: Feature) {
  return api.call(contract.subscription.checkFeature, { params: { feature } });
}

export function featureAccessQueryOptions(feature: Feature) {
  return queryOptions({
    queryKey: ['subscription', 'check-feature', feature],
    queryFn: () => checkFeature(feature),
    retry: false,
  });
}

/**
 * The gate's state. Part 2 section 8: a failed check is treated as not allowed. The required tier
 * comes from the server (PREMIUM when it names none, part 2 section 6).
 */
export function useFeatureAccess(feature: Feature) {
  const query = useQuery(featureAccessQueryOptions(feature));
  return {
    checking: query.isPending,
    allowed: query.data?.access.allowed ?? false,
    requiredTier: query.data?.access.required_tier ?? 'PREMIUM',
    upgradeMessage: query.data?.access.upgrade_message ?? null,
    userTier: query.data?.user_tier ?? null,
    isDemo: query.data?.demo ?? false,
  };
}
