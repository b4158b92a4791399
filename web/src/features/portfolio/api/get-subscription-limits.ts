import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Feature } from '@app/shared/domain/enums';
import { api } from '@/kit/api/api-client';

/** GET /api/subscription/my-subscription: tier and limits (portfolio_assets: limit and used). */
export function getMySubscription() {
  return api.call(contract.subscription.mySubscription);
}

export function mySubscriptionQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'my-subscription'], queryFn: getMySubscription });
}

export function useMySubscription() {
  return useQuery(mySubscriptionQueryOptions());
}

/** GET /api/subscription/check-feature/{feature} (same cache entry as the feature gate's). */
export function checkFeature(feature: Feature) {
  return api.call(contract.subscription.checkFeature, { params: { feature } });
}

export function featureCheckQueryOptions(feature: Feature) {
  return queryOptions({
    queryKey: ['subscription', 'check-feature', feature],
    queryFn: () => checkFeature(feature),
    retry: false,
  });
}

export function useFeatureCheck(feature: Feature) {
  return useQuery(featureCheckQueryOptions(feature));
}
