import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { Tier } from '@app/shared/domain/enums';
import { api, isApiError } from '@/kit/api/api-client';

export interface UpgradeVariables {
  tier: Exclude<Tier, 'FREE'>;
  /** One key per upgrade attempt; TanStack's retry of the same attempt reuses it (same variables). */
  idempotencyKey: string;
}

/** POST /api/subscription/upgrade/{tier} with an Idempotency-Key (the route is idempotent). */
export function upgradeSubscription({ tier, idempotencyKey }: UpgradeVariables) {
  return api.call(contract.subscription.upgrade, {
    params: { tier },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * After an upgrade every cached read may be stale (limits, gates, recommendations caps, the user's
 * tier): all queries are invalidated, so each gate rechecks its access (part 2 section 4).
 */
export function useUpgradeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeSubscription,
    // Only a request that got no answer is retried, with the same Idempotency-Key.
    retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === 0,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
