import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { CallInput, CallOutput } from '@app/web/kit/api-client';
import { useRouteMutation, type RouteMutationVariables } from '@app/web/kit/route-mutation';
import { routeInfiniteQueryKey, useRouteInfiniteQuery } from '@app/web/kit/route-query';

/**
 * The admin review queues: a route listing the items newest first, one page per cursor, and the decision
 * route that takes an item out of it (docs/product.md "Screens", admin site).
 */
interface Queue {
  list: typeof contract.admin.pendingRecommendations | typeof contract.admin.socialStudio;
  decide: typeof contract.admin.reviewRecommendation | typeof contract.admin.moderateContent;
  /** The field of a page that holds the items. */
  field: string;
}

export const PENDING_RECOMMENDATIONS: Queue = {
  list: contract.admin.pendingRecommendations,
  decide: contract.admin.reviewRecommendation,
  field: 'pending_recommendations',
};
export const CONTENT_FOR_REVIEW: Queue = {
  list: contract.admin.socialStudio,
  decide: contract.admin.moderateContent,
  field: 'content_for_review',
};

export type PendingRecommendation = CallOutput<
  typeof contract.admin.pendingRecommendations
>['pending_recommendations'][number];
export type ReviewPayload = CallInput<typeof contract.admin.reviewRecommendation>['body'];
export type ContentForReview = CallOutput<typeof contract.admin.socialStudio>['content_for_review'][number];
export type ModerationPayload = CallInput<typeof contract.admin.moderateContent>['body'];

export const QUEUE_PAGE_SIZE = 20;
const FIRST_PAGES = { query: { limit: QUEUE_PAGE_SIZE } } as const;

type Pages = InfiniteData<Record<string, { id: string }[]>>;

/** The queue's items, page after page; a failure shows its toast at once (the routes' policy). */
export function useReviewQueue<Item>({ list, field }: Queue) {
  const pages = useRouteInfiniteQuery(list, FIRST_PAGES);
  const items = (pages.data?.pages ?? []).flatMap(
    (page) => ((page as Record<string, unknown>)[field] ?? []) as Item[],
  );
  return { ...pages, items };
}

/**
 * docs/product.md "Screens", admin site: a decided item leaves the list at once (the dashboard's counts
 * reload, by policy).
 */
export function useQueueDecision<Decision>({ list, decide, field }: Queue) {
  const queryClient = useQueryClient();
  const mutation = useRouteMutation(decide, {
    onSuccess: (_answer, variables) => {
      const { id } = (variables as { params: { id: string } }).params;
      queryClient.setQueryData<Pages>(
        routeInfiniteQueryKey(list, FIRST_PAGES),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              [field]: (page[field] ?? []).filter((item) => item.id !== id),
            })),
          },
      );
    },
  });
  return (id: string, body: Decision) =>
    mutation.mutateAsync({ params: { id }, body } as RouteMutationVariables<Queue['decide']>);
}
