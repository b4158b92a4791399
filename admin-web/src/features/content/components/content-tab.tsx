import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Badge } from '@app/web/kit/ui/badge';
import { Card } from '@app/web/kit/ui/card';
import { useToast } from '@app/web/kit/ui/toast';
import { QueueList } from '@/components/queue-list';
import { useErrorToast } from '@/components/use-error-toast';
import {
  CONTENT_FOR_REVIEW,
  useQueueDecision,
  useReviewQueue,
  type ContentForReview,
  type ModerationPayload,
} from '@/lib/review-queue';
import { ModerationForm } from './moderation-form';
import './content.css';

export function ContentItem({
  item,
  onModerate,
}: {
  item: ContentForReview;
  onModerate: (payload: ModerationPayload) => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = usePreferences();
  const generated = new Intl.DateTimeFormat(localeFor(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.generated_at));
  return (
    <li data-testid="content-item" data-id={item.id}>
      <Card>
        <Flex direction="column" gap="small">
          <Flex gap="xs" wrap="wrap" alignItems="center">
            <Badge variant="info">{t(`content.types.${item.type}`)}</Badge>
            <Badge variant="outline">
              {t('content.audienceValue', { value: t(`content.audiences.${item.target_audience}`) })}
            </Badge>
            <Badge variant="outline">
              {t('content.languageValue', { value: t(`common:languages.${item.language}`) })}
            </Badge>
          </Flex>
          <Text lang={item.language} className="admin-content-text">
            {item.content}
          </Text>
          {item.hashtags.length > 0 ? (
            <Text className="app-muted">
              {t('content.hashtagsValue', {
                value: item.hashtags.map((tag) => (tag.startsWith('#') ? tag : `#${tag}`)).join(' '),
              })}
            </Text>
          ) : null}
          <Text className="app-muted" fontSize="small">
            {t('content.generatedAt', { date: generated })}
          </Text>
          <ModerationForm contentId={item.id} onSubmit={onModerate} />
        </Flex>
      </Card>
    </li>
  );
}

/** docs/product.md "Screens", admin site, Content Review: generated posts with a moderation form each. */
export function ContentTab() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const content = useReviewQueue<ContentForReview>(CONTENT_FOR_REVIEW);
  const moderate = useQueueDecision<ModerationPayload>(CONTENT_FOR_REVIEW);
  useErrorToast(content, { title: t('toasts.loadFailed'), description: t('toasts.loadContentFailed') });

  async function submitModeration(id: string, body: ModerationPayload) {
    try {
      await moderate(id, body);
      toast.show({
        title: t('toasts.moderationComplete'),
        description: t('toasts.moderationCompleteBody', { status: t(`moderation.statuses.${body.status}`) }),
        variant: 'success',
      });
    } catch {
      toast.show({
        title: t('toasts.moderationFailed'),
        description: t('toasts.moderationFailedBody'),
        variant: 'error',
      });
    }
  }

  return (
    <QueueList
      title={t('content.title')}
      emptyText={t('content.empty')}
      loadingLabel={t('loading')}
      loadMoreLabel={t('content.loadMore')}
      loadingMoreLabel={t('recommendations.loadingMore')}
      testId="content-for-review"
      items={content.items}
      isPending={content.isPending}
      hasNextPage={content.hasNextPage}
      isFetchingNextPage={content.isFetchingNextPage}
      onLoadMore={() => void content.fetchNextPage()}
      renderItem={(item) => (
        <ContentItem key={item.id} item={item} onModerate={(body) => submitModeration(item.id, body)} />
      )}
    />
  );
}
