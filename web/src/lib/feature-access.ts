import type { QueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Feature } from '@app/shared/domain/enums';
import { routeQueryOptions, useRouteQuery } from '@/kit/api/route-query';

const checkOf = (feature: Feature) => ({ params: { feature } });

/**
 * Whether the caller may use a feature now (GET /api/subscription/check-feature/{feature}), for every screen
 * that gates or counts something. docs/product.md "Errors and empty results": a failed check counts as not
 * allowed, and so does a check still on its way (nothing gated flashes open); the required tier comes from
 * the server (PREMIUM when it names none, docs/product.md "Roles, plans and demo mode").
 */
export function useFeatureAccess(feature: Feature) {
  const query = useRouteQuery(contract.subscription.checkFeature, checkOf(feature));
  const access = query.data?.access;
  return {
    checking: query.isPending,
    allowed: access?.allowed ?? false,
    /** The server answered, and said no (unlike `!allowed`, false while checking or after a failure). */
    denied: access ? !access.allowed : false,
    requiredTier: access?.required_tier ?? 'PREMIUM',
    upgradeMessage: access?.upgrade_message ?? null,
    userTier: query.data?.user_tier ?? null,
    isDemo: query.data?.demo ?? false,
  };
}

/**
 * A fresh check, never from the cache (docs/product.md "Screens", portfolio: the quota is checked before
 * adding).
 */
export function checkFeatureNow(queryClient: QueryClient, feature: Feature) {
  return queryClient.fetchQuery({
    ...routeQueryOptions(contract.subscription.checkFeature, checkOf(feature)),
    staleTime: 0,
  });
}
