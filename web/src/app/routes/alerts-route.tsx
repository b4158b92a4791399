import { useAuth } from '@/features/auth/components/auth-provider';
import { AlertsPage } from '@/features/alerts/components/alerts-page';

/** /alerts: signed-in users' alerts persist their dismissals; demo visitors' stay local. */
export function AlertsRoute() {
  const { user, viewer } = useAuth();
  if (!viewer) return null;
  return <AlertsPage canPersist={!viewer.isDemo && user !== null} />;
}
