import { Button } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useRouteQuery } from '@/kit/api/route-query';
import {
  BellIcon,
  ChartIcon,
  CrownIcon,
  GearIcon,
  HomeIcon,
  SparkIcon,
  StarIcon,
  TargetIcon,
} from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';
import { LanguageCycleButton, ThemeToggleButton } from '@/kit/ui/preference-controls';
import { RECOMMENDATIONS_LIST_LIMIT } from '@/lib/recommendations-list';
import { countNewPicks, readSeenPicks, rememberSeenPicks } from './new-picks';

export const SIDEBAR_ITEMS = [
  'dashboard',
  'portfolio',
  'recommendations',
  'screener',
  'watchlists',
  'alerts',
  'subscription',
  'settings',
] as const;
export type SidebarItem = (typeof SIDEBAR_ITEMS)[number];

const ICONS: Record<SidebarItem, ReactNode> = {
  dashboard: <HomeIcon size={18} />,
  portfolio: <ChartIcon size={18} />,
  recommendations: <SparkIcon size={18} />,
  screener: <TargetIcon size={18} />,
  watchlists: <StarIcon size={18} />,
  alerts: <BellIcon size={18} />,
  subscription: <CrownIcon size={18} />,
  settings: <GearIcon size={18} />,
};

/** The caller's unread alerts (the demo samples for a demo visitor), undefined while unknown. */
export function useUnreadAlertCount(): number | undefined {
  const { status } = useAuth();
  const count = useRouteQuery(contract.portfolio.alertCount, undefined, {
    enabled: status === 'authenticated' || status === 'demo',
    // New alerts come with the price poll: the badge and the bell look again every minute.
    refetchInterval: 60_000,
  });
  return count.data?.unread;
}

/**
 * Picks new since the last visit to /recommendations (remembered in localStorage per user, see
 * new-picks.ts); visiting the screen marks the current list seen.
 */
function useNewPickCount(): number {
  const { status, listOwnerId } = useAuth();
  const { pathname } = useLocation();
  const list = useRouteQuery(
    contract.ai.recommendations,
    { params: { user: listOwnerId }, query: { limit: RECOMMENDATIONS_LIST_LIMIT } },
    { enabled: status === 'authenticated' || status === 'demo' },
  );
  const symbols = list.data?.recommendations.map((pick) => pick.symbol);
  const onRecommendations = pathname.startsWith('/recommendations');
  const shown = symbols?.join(',');
  useEffect(() => {
    // The screen is open: its current list is what the user has now seen.
    if (onRecommendations && shown !== undefined)
      rememberSeenPicks(listOwnerId, shown ? shown.split(',') : []);
  }, [onRecommendations, listOwnerId, shown]);
  const seen = onRecommendations && symbols ? symbols : readSeenPicks(listOwnerId);
  return symbols ? countNewPicks(symbols, seen) : 0;
}

/**
 * The six destinations with live badges: unread alerts, picks new since the last visit, the user's
 * plan. The active item follows the path, or `activeItem` when a screen supplies it. On a phone the
 * shell shows it as a menu (`open`), closed again after a choice (`onNavigate`), with the header's
 * language, theme and Logout at its foot.
 */
export function AppSidebar({
  activeItem,
  open = false,
  onNavigate,
}: {
  activeItem?: SidebarItem;
  open?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const { viewer, logout } = useAuth();
  const unreadAlerts = useUnreadAlertCount();
  const newPicks = useNewPickCount();
  const badges: Partial<Record<SidebarItem, { count: number; label: string }>> = {
    ...(newPicks > 0
      ? { recommendations: { count: newPicks, label: t('shell:sidebar.newPicks', { count: newPicks }) } }
      : {}),
    ...(unreadAlerts
      ? { alerts: { count: unreadAlerts, label: t('shell:sidebar.unreadAlerts', { count: unreadAlerts }) } }
      : {}),
  };
  return (
    <nav
      id="app-navigation"
      className={open ? 'app-sidebar app-sidebar--open' : 'app-sidebar'}
      aria-label={t('shell:sidebar.label')}
    >
      <ul>
        {SIDEBAR_ITEMS.map((item) => {
          const badge = badges[item];
          return (
            <li key={item}>
              <NavLink
                to={`/${item}`}
                onClick={onNavigate}
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
                {item === 'subscription' && viewer ? (
                  <Badge
                    variant={viewer.tier === 'FREE' ? 'secondary' : 'warning'}
                    data-testid="sidebar-plan-badge"
                    aria-label={t('shell:sidebar.planBadge', { tier: t(`common:tiers.${viewer.tier}`) })}
                  >
                    {t(`common:tiers.${viewer.tier}`)}
                  </Badge>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
      {/* A phone's header keeps one row: its language, theme and Logout are here (app-shell.css). */}
      <div className="app-sidebar__phone-actions">
        <LanguageCycleButton />
        <ThemeToggleButton />
        {viewer && !viewer.isDemo ? (
          <Button size="small" onClick={() => void logout()}>
            {t('shell:header.logout')}
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
