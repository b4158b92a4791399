import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';

/** One page of an admin queue (pending recommendations, content for review): newest first. */
export interface QueuePage {
  next_cursor: string | null;
}

/** Pages of a queue, one per cursor; no silent retry, a failure shows its toast at once. */
export function queueQueryOptions<Page extends QueuePage>(
  queryKey: readonly string[],
  fetchPage: (cursor: string | undefined) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.next_cursor ?? undefined,
    retry: false,
  });
}

/** Part 2 section 4: a reviewed or moderated item leaves the list at once. */
export function removeFromQueue<Page extends QueuePage>(
  queryClient: QueryClient,
  queryKey: readonly string[],
  field: keyof Page,
  id: string,
): void {
  queryClient.setQueryData<InfiniteData<Page, string | undefined>>(
    queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          [field]: (page[field] as { id: string }[]).filter((item) => item.id !== id),
        })),
      },
  );
}
