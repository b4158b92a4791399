import { Button, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { BellIcon } from '@/kit/ui/icons';
import { useUnreadAlertCount } from './app-sidebar';

/** The unread alerts, newest first, with Mark read (saved for a signed-in user; not for a demo visitor). */
function NotificationsPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'alerts']);
  const { status } = useAuth();
  const canPersist = status === 'authenticated';
  const alerts = useRouteQuery(contract.portfolio.alerts);
  const markRead = useRouteMutation(contract.portfolio.markAlertRead);
  const markAll = useRouteMutation(contract.portfolio.markAllAlertsRead);
  const unread = (alerts.data?.alerts ?? []).filter((alert) => !alert.dismissed && !alert.read);
  return (
    <section
      id={id}
      className="app-notifications"
      aria-labelledby={`${id}-title`}
      data-testid="notifications-panel"
    >
      <Text as="h2" id={`${id}-title`} className="app-notifications__title">
        {t('shell:notifications.title')}
      </Text>
      {alerts.isPending ? <Text className="app-muted">{t('shell:notifications.loading')}</Text> : null}
      {alerts.isSuccess && unread.length === 0 ? (
        <Text className="app-muted">{t('shell:notifications.empty')}</Text>
      ) : null}
      <ul className="app-notifications__list">
        {unread.map((alert) => (
          <li key={alert.id} className="app-notifications__item" data-testid="notification-item">
            <Text fontWeight="bold">{alert.title}</Text>
            <Text fontSize="small" className="app-muted">
              {alert.asset === 'GENERAL' ? t('alerts:marketGeneral') : alert.asset} ·{' '}
              {t(`alerts:severity.${alert.severity}`)}
            </Text>
            {canPersist ? (
              <Button
                size="small"
                variation="link"
                isLoading={markRead.isPending && markRead.variables.params.id === alert.id}
                onClick={() => markRead.mutate({ params: { id: alert.id } })}
              >
                {t('shell:notifications.markRead')}
                <VisuallyHidden>{alert.title}</VisuallyHidden>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {!canPersist ? <Text fontSize="small">{t('shell:notifications.demo')}</Text> : null}
      <div className="app-notifications__footer">
        {canPersist && unread.length > 0 ? (
          <Button size="small" onClick={() => markAll.mutate(undefined)} isLoading={markAll.isPending}>
            {t('alerts:markAllRead')}
          </Button>
        ) : null}
        <Link to="/alerts" onClick={onClose}>
          {t('shell:notifications.openAlerts')}
        </Link>
      </div>
    </section>
  );
}

/**
 * The header's bell: a dot only while something is unread (GET /api/alerts/count), and a panel
 * listing the unread alerts. Escape or a click outside closes it.
 */
export function NotificationsBell() {
  const { t } = useTranslation('shell');
  const unread = useUnreadAlertCount() ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className="app-bell-wrapper" ref={wrapper}>
      <Button
        size="small"
        variation="link"
        className="app-icon-button app-bell"
        aria-label={
          unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')
        }
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notifications-bell"
        onClick={() => setOpen((current) => !current)}
      >
        <BellIcon size={18} />
        {unread > 0 ? <span className="app-bell__dot" aria-hidden="true" data-testid="bell-dot" /> : null}
      </Button>
      {open ? <NotificationsPanel id={panelId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
