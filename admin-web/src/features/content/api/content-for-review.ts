import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract } from '@app/shared/api/contract';
import type { ModerationPayloadSchema, SocialStudioResponseSchema } from '@app/shared/domain/entities/admin';
import { api } from '@app/web/lib/api-client';
import { queueQueryOptions, removeFromQueue } from '@/lib/review-queue';

type ContentPage = z.output<typeof SocialStudioResponseSchema>;
export type ContentForReview = ContentPage['content_for_review'][number];
export type ModerationPayload = z.input<typeof ModerationPayloadSchema>;

export const CONTENT_PAGE_SIZE = 20;

/** GET /api/admin/content/social-studio: generated posts waiting for moderation. */
export function getContentForReview(cursor: string | undefined) {
  return api.call(contract.admin.socialStudio, {
    query: { limit: CONTENT_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
}

export const contentForReviewQueryKey = ['admin', 'content', 'social-studio'];

export function contentForReviewQueryOptions() {
  return queueQueryOptions(contentForReviewQueryKey, getContentForReview);
}

export function useContentForReview() {
  return useInfiniteQuery(contentForReviewQueryOptions());
}

/** POST /api/admin/content/{id}/moderate. */
export function moderateContent(id: string, body: ModerationPayload) {
  return api.call(contract.admin.moderateContent, { params: { id }, body });
}

export function useModerateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModerationPayload }) => moderateContent(id, body),
    onSuccess: (_result, { id }) =>
      removeFromQueue<ContentPage>(queryClient, contentForReviewQueryKey, 'content_for_review', id),
  });
}
