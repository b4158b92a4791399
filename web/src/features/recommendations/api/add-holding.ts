import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { AddAssetPayload } from '@app/shared/domain/entities/portfolio';
import { api } from '@/kit/api/api-client';

/**
 * POST /api/portfolio/holdings. One Idempotency-Key per user action: a retried request adds the
 * asset once.
 */
export function addHolding(payload: AddAssetPayload, idempotencyKey: string) {
  return api.call(contract.portfolio.add, { body: payload, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddHolding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: AddAssetPayload; idempotencyKey: string }) =>
      addHolding(payload, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
  });
}
