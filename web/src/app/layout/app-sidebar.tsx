import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import { contract } from '@app/shared/api/contract';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useRouteQuery } from '@/kit/api/route-query';
import { BellIcon, ChartIcon, CrownIcon, GearIcon, HomeIcon, SparkIcon } from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';

export const SIDEBAR_ITEMS = [
  'dashboard',
  'portfolio',
  'recommendations',
  'alerts',
  'subscription',
  'settings',
] as const;
export type SidebarItem = (typeof SIDEBAR_ITEMS)[number];

const ICONS: Record<SidebarItem, ReactNode> = {
  dashboard: <HomeIcon size={18} />,
  portfolio: <ChartIcon size={18} />,
  recommendations: <SparkIcon size={18} />,
  alerts: <BellIcon size={18} />,
  subscription: <CrownIcon size={18} />,
  settings: <GearIcon size={18} />,
};

/** Part 1 section 2: recommendations badge 3, subscription badge Premium. */
const RECOMMENDATIONS_BADGE = 3;

/** The alerts badge: the caller's active alerts (the demo samples for a demo visitor), none while unknown. */
function useActiveAlertCount(): number | undefined {
  const { status } = useAuth();
  const count = useRouteQuery(contract.portfolio.alertCount, undefined, {
    enabled: status === 'authenticated' || status === 'demo',
  });
  return count.data?.active;
}

/**
 * The six destinations. The active item follows the path, or `activeItem` when a screen supplies
 * it (part 1 section 2).
 */
export function AppSidebar({ activeItem }: { activeItem?: SidebarItem }) {
  const { t } = useTranslation(['shell', 'common']);
  const activeAlerts = useActiveAlertCount();
  const badges: Partial<Record<SidebarItem, { count: number; label: string }>> = {
    recommendations: {
      count: RECOMMENDATIONS_BADGE,
      label: t('shell:sidebar.newItems', { count: RECOMMENDATIONS_BADGE }),
    },
    ...(activeAlerts
      ? { alerts: { count: activeAlerts, label: t('shell:sidebar.activeAlerts', { count: activeAlerts }) } }
      : {}),
  };
  return (
    <nav className="app-sidebar" aria-label={t('shell:sidebar.label')}>
      <ul>
        {SIDEBAR_ITEMS.map((item) => {
          const badge = badges[item];
          return (
            <li key={item}>
              <NavLink
                to={`/${item}`}
                className={({ isActive }) =>
                  `app-sidebar__link${(activeItem ? activeItem === item : isActive) ? ' app-sidebar__link--active' : ''}`
                }
                aria-current={activeItem === item ? 'page' : undefined}
              >
                {ICONS[item]}
                <span className="app-sidebar__label">{t(`shell:sidebar.items.${item}`)}</span>
                {badge ? (
                  <Badge variant="destructive" aria-label={badge.label} data-testid={`sidebar-badge-${item}`}>
                    {badge.count}
                  </Badge>
                ) : null}
                {item === 'subscription' ? (
                  <Badge variant="warning">{t('common:tiers.PREMIUM')}</Badge>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
