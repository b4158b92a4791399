import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './queue-list.css';

export interface QueueListProps<Item extends { id: string }> {
  title: string;
  emptyText: string;
  loadingLabel: string;
  loadMoreLabel: string;
  loadingMoreLabel: string;
  testId: string;
  items: readonly Item[];
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  renderItem: (item: Item) => ReactNode;
}

/** A review queue: newest first, one page at a time with 'load more' (the API's next_cursor). */
export function QueueList<Item extends { id: string }>(props: QueueListProps<Item>) {
  const { items, isPending, hasNextPage } = props;
  return (
    <Flex direction="column" gap="medium">
      <Heading level={3}>{props.title}</Heading>
      {isPending ? (
        <Loader aria-label={props.loadingLabel} />
      ) : items.length === 0 && !hasNextPage ? (
        <Text className="app-muted">{props.emptyText}</Text>
      ) : (
        <ul className="admin-list" data-testid={props.testId}>
          {items.map((item) => props.renderItem(item))}
        </ul>
      )}
      {hasNextPage ? (
        <Button
          alignSelf="flex-start"
          onClick={props.onLoadMore}
          isLoading={props.isFetchingNextPage}
          loadingText={props.loadingMoreLabel}
        >
          {props.loadMoreLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
