import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber, formatPercent, localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Badge } from '@app/web/kit/ui/badge';
import { Card } from '@app/web/kit/ui/card';
import { useToast } from '@app/web/kit/ui/toast';
import { QueueList } from '@/components/queue-list';
import { useErrorToast } from '@/components/use-error-toast';
import {
  PENDING_RECOMMENDATIONS,
  useQueueDecision,
  useReviewQueue,
  type PendingRecommendation,
  type ReviewPayload,
} from '@/lib/review-queue';
import { ReviewForm } from './review-form';

function formatDateTime(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

function PendingItem({
  item,
  onReview,
}: {
  item: PendingRecommendation;
  onReview: (payload: ReviewPayload) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  return (
    <li data-testid="pending-recommendation" data-id={item.id} data-symbol={item.symbol}>
      <Card>
        <Flex direction="column" gap="small">
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
            <Heading level={4}>{item.symbol}</Heading>
            <Badge variant="info">{t(`recommendations.actions.${item.recommendation}`)}</Badge>
          </Flex>
          <dl className="app-definition-list">
            <dt>{t('recommendations.confidence')}</dt>
            <dd>{formatPercent(item.confidence * 100, language, { maximumFractionDigits: 0 })}</dd>
            <dt>{t('recommendations.aiScore')}</dt>
            <dd>{t('recommendations.aiScoreValue', { score: formatNumber(item.ai_score, language, 1) })}</dd>
            <dt>{t('recommendations.riskLevel')}</dt>
            <dd>{formatNumber(item.risk_level, language, 1)}</dd>
            <dt>{t('recommendations.targetPrice')}</dt>
            <dd>{formatCurrency(item.target_price, language)}</dd>
          </dl>
          <div>
            <Text fontWeight="bold">{t('recommendations.reasoning')}</Text>
            <Text>{item.reasoning}</Text>
          </div>
          <Text className="app-muted" fontSize="small">
            {t('recommendations.generatedAt', {
              date: formatDateTime(item.generated_at, localeFor(language)),
            })}
          </Text>
          <ReviewForm recommendationId={item.id} onSubmit={onReview} />
        </Flex>
      </Card>
    </li>
  );
}

/**
 * docs/product.md "Screens", admin site, Recommendations: the pending list (newest first, 'load more') with a
 * review form each.
 */
export function RecommendationsTab() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const pending = useReviewQueue<PendingRecommendation>(PENDING_RECOMMENDATIONS);
  const review = useQueueDecision<ReviewPayload>(PENDING_RECOMMENDATIONS);
  useErrorToast(pending, { title: t('toasts.loadFailed'), description: t('toasts.loadPendingFailed') });

  async function submitReview(id: string, body: ReviewPayload) {
    try {
      await review(id, body);
      toast.show({
        title: t('toasts.reviewSubmitted'),
        description: t('toasts.reviewSubmittedBody'),
        variant: 'success',
      });
    } catch {
      toast.show({
        title: t('toasts.reviewFailed'),
        description: t('toasts.reviewFailedBody'),
        variant: 'error',
      });
    }
  }

  return (
    <QueueList
      title={t('recommendations.title')}
      emptyText={t('recommendations.empty')}
      loadingLabel={t('loading')}
      loadMoreLabel={t('recommendations.loadMore')}
      loadingMoreLabel={t('recommendations.loadingMore')}
      testId="pending-recommendations"
      items={pending.items}
      isPending={pending.isPending}
      hasNextPage={pending.hasNextPage}
      isFetchingNextPage={pending.isFetchingNextPage}
      onLoadMore={() => void pending.fetchNextPage()}
      renderItem={(item) => (
        <PendingItem key={item.id} item={item} onReview={(body) => submitReview(item.id, body)} />
      )}
    />
  );
}
