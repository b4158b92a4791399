import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract } from '@app/shared/api/contract';
import type {
  PendingRecommendationsResponseSchema,
  ReviewPayloadSchema,
} from '@app/shared/domain/entities/admin';
import { api } from '@app/web/lib/api-client';
import { queueQueryOptions, removeFromQueue } from '@/lib/review-queue';

type PendingPage = z.output<typeof PendingRecommendationsResponseSchema>;
export type PendingRecommendation = PendingPage['pending_recommendations'][number];
export type ReviewPayload = z.input<typeof ReviewPayloadSchema>;

export const PENDING_PAGE_SIZE = 20;

/** GET /api/admin/recommendations/pending: newest first, one page per cursor. */
export function getPendingRecommendations(cursor: string | undefined) {
  return api.call(contract.admin.pendingRecommendations, {
    query: { limit: PENDING_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
}

export const pendingRecommendationsQueryKey = ['admin', 'recommendations', 'pending'];

export function pendingRecommendationsQueryOptions() {
  return queueQueryOptions(pendingRecommendationsQueryKey, getPendingRecommendations);
}

export function usePendingRecommendations() {
  return useInfiniteQuery(pendingRecommendationsQueryOptions());
}

/** POST /api/admin/recommendations/{id}/review. */
export function reviewRecommendation(id: string, body: ReviewPayload) {
  return api.call(contract.admin.reviewRecommendation, { params: { id }, body });
}

export function useReviewRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewPayload }) => reviewRecommendation(id, body),
    onSuccess: (_result, { id }) =>
      removeFromQueue<PendingPage>(
        queryClient,
        pendingRecommendationsQueryKey,
        'pending_recommendations',
        id,
      ),
  });
}
