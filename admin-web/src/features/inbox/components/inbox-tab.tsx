import { CheckboxField, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { localeFor } from '@app/shared/domain/rules/formatting';
import type { CallOutput } from '@app/web/kit/api-client';
import { usePreferences } from '@app/web/kit/preferences';
import { useRouteMutation } from '@app/web/kit/route-mutation';
import { useRouteInfiniteQuery } from '@app/web/kit/route-query';
import { Badge } from '@app/web/kit/ui/badge';
import { Card } from '@app/web/kit/ui/card';
import { useToast } from '@app/web/kit/ui/toast';
import { QueueList } from '@/components/queue-list';
import { useErrorToast } from '@/components/use-error-toast';
import './inbox.css';

export type InboxMessage = CallOutput<typeof contract.admin.inbox>['messages'][number];

const FIRST_PAGES = { query: { limit: 20 } } as const;

function InboxItem({ item, onToggle }: { item: InboxMessage; onToggle: (handled: boolean) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = usePreferences();
  const format = (iso: string) =>
    new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <li data-testid="inbox-message" data-id={item.id} data-handled={item.handled}>
      <Card>
        <Flex direction="column" gap="small">
          <Flex gap="xs" wrap="wrap" alignItems="center">
            {item.priority ? <Badge variant="warning">{t('inbox.priority')}</Badge> : null}
            <Badge variant="outline" data-testid="inbox-sender-tier">
              {item.sender_tier ? t(`common:tiers.${item.sender_tier}`) : t('inbox.notSignedIn')}
            </Badge>
            {item.handled ? <Badge variant="success">{t('inbox.handled')}</Badge> : null}
          </Flex>
          {/* What a visitor wrote is in their language, unknown to us: lang="" says so (HTML). */}
          <Heading level={4} lang="">
            {item.subject}
          </Heading>
          <Text className="app-muted">{t('inbox.from', { name: item.name, email: item.email })}</Text>
          <Text className="admin-inbox-text" lang="">
            {item.message}
          </Text>
          <Text className="app-muted" fontSize="small">
            {t('inbox.receivedAt', { date: format(item.received_at) })}
            {item.handled_at ? ` · ${t('inbox.handledAt', { date: format(item.handled_at) })}` : ''}
          </Text>
          <CheckboxField
            name={`handled-${item.id}`}
            label={t('inbox.handled')}
            checked={item.handled}
            onChange={(event) => onToggle(event.target.checked)}
          />
        </Flex>
      </Card>
    </li>
  );
}

/**
 * The contact form's messages (the Inbox): paid plans' first, then newest first, as the API orders
 * them (the priority support perk); each with the sender's plan and a handled flag.
 */
export function InboxTab() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const pages = useRouteInfiniteQuery(contract.admin.inbox, FIRST_PAGES);
  const setHandled = useRouteMutation(contract.admin.setInboxHandled);
  useErrorToast(pages, { title: t('toasts.loadFailed'), description: t('toasts.loadInboxFailed') });
  const items = (pages.data?.pages ?? []).flatMap((page) => page.messages);

  function toggle(id: string, handled: boolean) {
    setHandled.mutate(
      { params: { id }, body: { handled } },
      {
        onError: () =>
          toast.show({
            title: t('toasts.handledFailed'),
            description: t('toasts.handledFailedBody'),
            variant: 'error',
          }),
      },
    );
  }

  return (
    <Flex direction="column" gap="small">
      <Text className="app-muted">{t('inbox.intro')}</Text>
      <QueueList
        title={t('inbox.title')}
        emptyText={t('inbox.empty')}
        loadingLabel={t('loading')}
        loadMoreLabel={t('inbox.loadMore')}
        loadingMoreLabel={t('recommendations.loadingMore')}
        testId="inbox"
        items={items}
        isPending={pages.isPending}
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        onLoadMore={() => void pages.fetchNextPage()}
        renderItem={(item) => (
          <InboxItem key={item.id} item={item} onToggle={(handled) => toggle(item.id, handled)} />
        )}
      />
    </Flex>
  );
}
