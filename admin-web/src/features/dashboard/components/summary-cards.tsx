import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AdminDashboardResponseSchema } from '@app/shared/domain/entities/admin';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Card } from '@app/web/kit/ui/card';
import './dashboard.css';

type Dashboard = z.output<typeof AdminDashboardResponseSchema>;

function SummaryCard({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card className="admin-summary">
      <Flex direction="column" gap="xxs">
        <Text as="h2" className="admin-summary__title">
          {title}
        </Text>
        <Text as="p" className="admin-summary__value">
          {value}
        </Text>
        <Text as="p" className="app-muted admin-summary__detail">
          {detail}
        </Text>
      </Flex>
    </Card>
  );
}

/**
 * docs/product.md "Screens", admin site: AI recommendations generated and pending review; content posts
 * approved and pending; average quality score out of 10; platform health.
 */
export function SummaryCards({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const stats = dashboard.ai_statistics;
  const health = dashboard.platform_health;
  const allOnline = [health.ai_service_status, health.price_feed_status, health.database_status].every(
    (status) => status === 'online',
  );
  const quality = stats.average_quality_score;
  return (
    <div className="admin-summary-grid" data-testid="admin-summary">
      <SummaryCard
        title={t('summary.recommendations.title')}
        value={formatNumber(stats.total_recommendations_generated, language, 0)}
        detail={`${t('summary.recommendations.pendingReview')}: ${formatNumber(stats.pending_review, language, 0)}`}
      />
      <SummaryCard
        title={t('summary.content.title')}
        value={`${t('summary.content.approved')}: ${formatNumber(stats.content_moderation.posts_approved, language, 0)}`}
        detail={`${t('summary.content.pending')}: ${formatNumber(stats.content_moderation.posts_pending, language, 0)}`}
      />
      <SummaryCard
        title={t('summary.quality.title')}
        value={
          quality === null ? '—' : t('summary.quality.value', { score: formatNumber(quality, language, 1) })
        }
        detail={`${t('summary.recommendations.generated')}: ${formatNumber(stats.total_recommendations_generated, language, 0)}`}
      />
      <SummaryCard
        title={t('summary.health.title')}
        value={allOnline ? t('statuses.online') : t('statuses.warning')}
        detail={allOnline ? t('summary.health.allOnline') : t('summary.health.degraded')}
      />
    </div>
  );
}
