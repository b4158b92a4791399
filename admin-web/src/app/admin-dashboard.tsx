import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { User } from '@app/shared/domain/entities/user';
import { localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Tabs } from '@app/web/kit/ui/tabs';
import { useErrorToast } from '@/components/use-error-toast';
import { useRouteQuery } from '@app/web/kit/route-query';
import { dashboardErrorKey } from '@/features/dashboard/api/dashboard';
import { OverviewTab } from '@/features/dashboard/components/overview-tab';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';

// The overview comes with the dashboard; every other tab is a chunk loaded when it is first opened.
const RecommendationsTab = lazy(() =>
  import('@/features/recommendations/components/recommendations-tab').then((module) => ({
    default: module.RecommendationsTab,
  })),
);
const ContentTab = lazy(() =>
  import('@/features/content/components/content-tab').then((module) => ({ default: module.ContentTab })),
);
const InboxTab = lazy(() =>
  import('@/features/inbox/components/inbox-tab').then((module) => ({ default: module.InboxTab })),
);
const PriceMonitorTab = lazy(() =>
  import('@/features/price-monitor/components/price-monitor-tab').then((module) => ({
    default: module.PriceMonitorTab,
  })),
);
const CostsTab = lazy(() =>
  import('@/features/costs/components/costs-tab').then((module) => ({ default: module.CostsTab })),
);

function Loading() {
  const { t } = useTranslation('admin');
  return (
    <Flex gap="small" alignItems="center" role="status">
      <Loader aria-hidden="true" />
      <Text>{t('loading')}</Text>
    </Flex>
  );
}

function LazyTab({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

type TabValue = 'overview' | 'recommendations' | 'content' | 'inbox' | 'priceMonitor' | 'costs';

/**
 * docs/product.md "Screens", admin site: the four summary cards, the tabs, and the footer with last update
 * and role.
 */
export function AdminDashboard({ user }: { user: User | null }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const dashboard = useRouteQuery(contract.admin.dashboard);
  const [tab, setTab] = useState<TabValue>('overview');

  // 401/403: the API client has ended the session; the login shows after 2 s (signed-in-admin.tsx).
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
      {data ? <SummaryCards dashboard={data} /> : dashboard.isPending ? <Loading /> : null}
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
            content: (
              <LazyTab>
                <RecommendationsTab />
              </LazyTab>
            ),
          },
          {
            value: 'content',
            label: t('tabs.content'),
            content: (
              <LazyTab>
                <ContentTab />
              </LazyTab>
            ),
          },
          {
            value: 'inbox',
            label: t('tabs.inbox'),
            content: (
              <LazyTab>
                <InboxTab />
              </LazyTab>
            ),
          },
          {
            value: 'priceMonitor',
            label: t('tabs.priceMonitor'),
            content: (
              <LazyTab>
                <PriceMonitorTab />
              </LazyTab>
            ),
          },
          {
            value: 'costs',
            label: t('tabs.costs'),
            content: (
              <LazyTab>
                <CostsTab />
              </LazyTab>
            ),
          },
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
