import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { useToast } from '@/kit/ui/toast';
import { AlertsView } from './alerts-view';
import { NotificationSettingsDialog } from './notification-settings-dialog';

/** Relative times move on while the screen stays open. */
const CLOCK_TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The alerts screen on the API: a signed-in user's dismiss and Restore All are saved on the server; a demo
 * visitor's stay in this page (docs/product.md "Roles, plans and demo mode": what a demo visitor changes is
 * not kept).
 */
export function AlertsPage({ canPersist }: { canPersist: boolean }) {
  const { t } = useTranslation(['alerts', 'common']);
  const toast = useToast();
  const now = useNow();
  const alerts = useRouteQuery(contract.portfolio.alerts);
  const dismiss = useRouteMutation(contract.portfolio.dismissAlert);
  const restore = useRouteMutation(contract.portfolio.restoreAlerts);
  const markRead = useRouteMutation(contract.portfolio.markAlertRead);
  const [localDismissed, setLocalDismissed] = useState<ReadonlySet<string>>(new Set());
  const [localRead, setLocalRead] = useState<ReadonlySet<string>>(new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);

  const persisted = canPersist && alerts.data?.demo === false;
  const onFailure = () =>
    toast.show({ variant: 'error', title: t('common:status.error'), description: t('actionFailed') });

  if (alerts.isPending) {
    return (
      <Flex alignItems="center" gap="small">
        <Loader aria-label={t('common:status.loading')} />
        <Text>{t('common:status.loading')}</Text>
      </Flex>
    );
  }
  if (alerts.isError) {
    return (
      <Alert variation="error" role="alert" heading={t('loadFailed')}>
        <Button size="small" onClick={() => void alerts.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const pendingDismiss = dismiss.isPending ? dismiss.variables.params.id : null;
  const shown = alerts.data.alerts.map((alert) => ({
    ...alert,
    dismissed: alert.dismissed || localDismissed.has(alert.id) || alert.id === pendingDismiss,
    read: alert.read || localRead.has(alert.id),
  }));

  return (
    <>
      <NotificationSettingsDialog
        open={settingsOpen}
        canPersist={persisted}
        onClose={() => setSettingsOpen(false)}
      />
      <AlertsView
        alerts={shown}
        now={now}
        demo={alerts.data.demo}
        onDismiss={(id) => {
          if (persisted) dismiss.mutate({ params: { id } }, { onError: onFailure });
          else setLocalDismissed((current) => new Set(current).add(id));
        }}
        onRestoreAll={() => {
          setLocalDismissed(new Set());
          if (persisted) restore.mutate(undefined, { onError: onFailure });
        }}
        onRead={(id) => {
          setLocalRead((current) => new Set(current).add(id));
          if (persisted) markRead.mutate({ params: { id } }, { onError: onFailure });
        }}
        onOpenSettings={() => setSettingsOpen(true)}
      />
    </>
  );
}
