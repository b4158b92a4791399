import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { AddAssetPayload, EditHoldingPayload } from '@app/shared/domain/entities/portfolio';
import { api, isApiError } from '@/kit/api/api-client';

export interface AddHoldingVariables {
  payload: AddAssetPayload;
  /** One key per submission attempt; the retry of that attempt (same variables) reuses it. */
  idempotencyKey: string;
}

/** POST /api/portfolio/holdings with an Idempotency-Key: a retried request never adds twice. */
export function addHolding({ payload, idempotencyKey }: AddHoldingVariables) {
  return api.call(contract.portfolio.add, {
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function editHolding({ holdingId, payload }: { holdingId: string; payload: EditHoldingPayload }) {
  return api.call(contract.portfolio.edit, { params: { holdingId }, body: payload });
}

export function removeHolding(holdingId: string) {
  return api.call(contract.portfolio.remove, { params: { holdingId } });
}

/** Holdings and the slot counts move together: both reload after any change. */
function useInvalidatePortfolio() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
      queryClient.invalidateQueries({ queryKey: ['subscription'] }),
    ]);
}

export function useAddHolding() {
  const invalidate = useInvalidatePortfolio();
  return useMutation({
    mutationFn: addHolding,
    // Only a request that got no answer is retried, with the same Idempotency-Key.
    retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === 0,
    onSuccess: invalidate,
  });
}

export function useEditHolding() {
  const invalidate = useInvalidatePortfolio();
  return useMutation({ mutationFn: editHolding, onSuccess: invalidate });
}

export function useRemoveHolding() {
  const invalidate = useInvalidatePortfolio();
  return useMutation({ mutationFn: removeHolding, onSuccess: invalidate });
}
