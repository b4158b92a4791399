import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { User } from '@app/shared/domain/entities/user';
import { localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Tabs } from '@app/web/kit/ui/tabs';
import { useErrorToast } from '@/components/use-error-toast';
import { ContentTab } from '@/features/content/components/content-tab';
import { CostsTab } from '@/features/costs/components/costs-tab';
import { InboxTab } from '@/features/inbox/components/inbox-tab';
import { useRouteQuery } from '@app/web/kit/route-query';
import { dashboardErrorKey } from '@/features/dashboard/api/dashboard';
import { OverviewTab } from '@/features/dashboard/components/overview-tab';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';
import { PriceMonitorTab } from '@/features/price-monitor/components/price-monitor-tab';
import { RecommendationsTab } from '@/features/recommendations/components/recommendations-tab';

type TabValue = 'overview' | 'recommendations' | 'content' | 'inbox' | 'priceMonitor' | 'costs';

/** Part 2 section 2: the four summary cards, the tabs, and the footer with last update and role. */
export function AdminDashboard({ user }: { user: User | null }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const dashboard = useRouteQuery(contract.admin.dashboard);
  const [tab, setTab] = useState<TabValue>('overview');

  // 401/403: the API client has ended the session; the login shows after 2 s (server-access.ts).
  useErrorToast(dashboard, {
    title: t('toasts.dashboardLoadFailed'),
    description: t(dashboardErrorKey(dashboard.error)),
  });

  const data = dashboard.data;
  const lastUpdate = data
    ? new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(data.last_updated),
      )
    : '—';

  return (
    <Flex direction="column" gap="large">
      {data ? (
        <SummaryCards dashboard={data} />
      ) : dashboard.isPending ? (
        <Flex gap="small" alignItems="center" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Flex>
      ) : null}
      <Tabs<TabValue>
        value={tab}
        onChange={setTab}
        label={t('dashboard.label')}
        justify={false}
        items={[
          {
            value: 'overview',
            label: t('tabs.overview'),
            content: data ? <OverviewTab dashboard={data} /> : null,
          },
          {
            value: 'recommendations',
            label: t('tabs.recommendations'),
            content: <RecommendationsTab />,
          },
          {
            value: 'content',
            label: t('tabs.content'),
            content: <ContentTab />,
          },
          { value: 'inbox', label: t('tabs.inbox'), content: <InboxTab /> },
          { value: 'priceMonitor', label: t('tabs.priceMonitor'), content: <PriceMonitorTab /> },
          { value: 'costs', label: t('tabs.costs'), content: <CostsTab /> },
        ]}
      />
      <footer className="admin-footer">
        <Text as="span" className="app-muted" data-testid="admin-last-update">
          {t('footer.lastUpdate')}: {lastUpdate}
        </Text>
        <Text as="span" className="app-muted">
          {t('footer.role')}:{' '}
          {user?.role === 'ADMIN' || !user ? t('footer.roles.ADMIN') : t('footer.roles.USER')}
        </Text>
      </footer>
    </Flex>
  );
}
