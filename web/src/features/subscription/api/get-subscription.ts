import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Tier } from '@app/shared/domain/enums';
import { api, isApiError } from '@/kit/api/api-client';

export function getMySubscription() {
  return api.call(contract.subscription.mySubscription);
}
export function getTiers() {
  return api.call(contract.subscription.tiers);
}
export function getUsageStats() {
  return api.call(contract.subscription.usageStats);
}
export function getInvoices() {
  return api.call(contract.subscription.invoices);
}

export function mySubscriptionQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'my-subscription'], queryFn: getMySubscription });
}
export function tiersQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'tiers'], queryFn: getTiers, staleTime: 10 * 60_000 });
}
export function usageStatsQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'usage-stats'], queryFn: getUsageStats });
}
export function invoicesQueryOptions() {
  return queryOptions({ queryKey: ['subscription', 'invoices'], queryFn: getInvoices });
}

/** The three reads of the subscription screen (part 2 section 7): subscription, tiers, usage. */
export function useSubscriptionScreenData() {
  const subscription = useQuery(mySubscriptionQueryOptions());
  const tiers = useQuery(tiersQueryOptions());
  const usage = useQuery(usageStatsQueryOptions());
  return { subscription, tiers, usage };
}

/** Invoices exist only for a signed-in user (the route needs a token): not asked for demo visitors. */
export function useInvoices({ enabled }: { enabled: boolean }) {
  return useQuery({ ...invoicesQueryOptions(), enabled });
}

export interface UpgradeVariables {
  tier: Exclude<Tier, 'FREE'>;
  /** One key per attempt; a retry of that attempt (same variables) reuses it. */
  idempotencyKey: string;
}

/** POST /api/subscription/upgrade/{tier}; afterwards everything reloads (limits, gates, the user's tier). */
export function useUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tier, idempotencyKey }: UpgradeVariables) =>
      api.call(contract.subscription.upgrade, {
        params: { tier },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Only a request that got no answer is retried, with the same Idempotency-Key.
    retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === 0,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
